// The area APIs the scenario loader writes its skeleton (users, workspaces) through, taken from the
// mounted areas by name; and a compile-time check that the areas' built-in loaders read what the
// scenario document holds.
import type { AreaDefinition } from '../core/area.js';
import type { apiKeysArea } from '../areas/api-keys/index.js';
import type { byokArea } from '../areas/byok/index.js';
import type { releasesArea } from '../areas/releases/index.js';
import type { transcriptsArea } from '../areas/transcripts/index.js';
import type { groupsArea } from '../areas/groups/index.js';
import type { permissionsArea } from '../areas/permissions/index.js';
import type { ragArea } from '../areas/rag-files/index.js';
import type { termsArea } from '../areas/terms/index.js';
import type { LoaderStores } from '../scenarios/loader.js';
import type { Scenario } from '../scenarios/schema.js';
import type { MountedAreas } from './area-mount.js';

export function loaderStores(areas: MountedAreas): LoaderStores {
  return {
    users: areas.api('users'),
    workspaces: areas.api('workspaces'),
  };
}

// Compile-time: the scenario document's validated workspace fits what each area's built-in loader reads.
type WorkspaceDoc = Scenario['workspaces'][number];
type Fits<A> = A extends AreaDefinition<any, any, infer Doc> ? (WorkspaceDoc extends Doc ? true : false) : false;
export const BUILTIN_DOCS_FIT: [Fits<typeof apiKeysArea>, Fits<typeof releasesArea>, Fits<typeof transcriptsArea>, Fits<typeof ragArea>, Fits<typeof groupsArea>, Fits<typeof byokArea>, Fits<typeof permissionsArea>, Fits<typeof termsArea>] = [true, true, true, true, true, true, true, true];
