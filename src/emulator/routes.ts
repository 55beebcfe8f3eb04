// Every route table the emulator serves, gathered in one place: the core mounts them, and the
// OpenAPI document and coverage are computed from the same list.
import { serviceAgentRoutes } from '../areas/service-agent/routes.js';
import { transcriptRoutes } from '../areas/transcripts/routes.js';
import { controlRoutes } from '../control/routes.js';
import type { RouteDef } from '../core/route.js';
import type { World } from './world.js';

export function buildRoutes(world: World): RouteDef[] {
  const { transcripts, workspaces } = world.stores;
  return [
    ...controlRoutes(world),
    ...transcriptRoutes(transcripts),
    ...serviceAgentRoutes(transcripts, workspaces, world.clock),
  ];
}
