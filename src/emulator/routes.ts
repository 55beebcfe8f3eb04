// Every route table the emulator serves, gathered in one place: the core mounts them, and the
// OpenAPI document is computed from the same list (including its own route).
import { serviceAgentRoutes } from '../areas/service-agent/routes.js';
import { transcriptRoutes } from '../areas/transcripts/routes.js';
import { controlRoutes } from '../control/routes.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import { buildOpenApi } from '../openapi/document.js';
import type { World } from './world.js';

export function buildRoutes(world: World): RouteDef[] {
  const { transcripts, workspaces } = world.stores;
  const routes: RouteDef[] = [
    ...controlRoutes(world),
    ...transcriptRoutes(transcripts),
    ...serviceAgentRoutes(transcripts, workspaces, world.clock),
  ];
  let document: unknown;
  routes.push(
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      tag: 'emulator-control',
      summary: 'This OpenAPI 3.1 document',
      auth: { kind: 'none' },
      emulatorDefined: true,
      handler: () => (document ??= buildOpenApi(routes)),
    }),
  );
  return routes;
}
