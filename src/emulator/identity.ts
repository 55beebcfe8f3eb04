// The identity management areas (members, clone jobs, BYOK, groups, permissions, config): their
// stores, their route tables and their scheduled jobs, wired in one place.
import type { ApiKeyStore } from '../areas/api-keys/store.js';
import { byokRoutes } from '../areas/byok/routes.js';
import { ByokStore } from '../areas/byok/store.js';
import { configRoutes } from '../areas/config/routes.js';
import { ConfigStore } from '../areas/config/store.js';
import { groupRoutes } from '../areas/groups/routes.js';
import { GroupStore } from '../areas/groups/store.js';
import { memberRoutes } from '../areas/members/routes.js';
import { MemberStore } from '../areas/members/store.js';
import { permissionRoutes } from '../areas/permissions/routes.js';
import { PermissionStore } from '../areas/permissions/store.js';
import type { UserStore } from '../areas/users/store.js';
import { cloneRoutes } from '../areas/workspace-clone/routes.js';
import { CloneJobStore } from '../areas/workspace-clone/store.js';
import { workspaceRoutes } from '../areas/workspaces/routes.js';
import type { WorkspaceStore } from '../areas/workspaces/store.js';
import type { TranscriptStore } from '../areas/transcripts/store.js';
import type { RouteDef } from '../core/route.js';
import type { StoreDeps } from '../core/services.js';
import type { World } from './world.js';

export interface IdentityStores {
  members: MemberStore;
  cloneJobs: CloneJobStore;
  byok: ByokStore;
  groups: GroupStore;
  permissions: PermissionStore;
  config: ConfigStore;
}

/** The stores of other areas the identity stores read, shared with the world. */
export interface SharedStores {
  users: UserStore;
  workspaces: WorkspaceStore;
  apiKeys: ApiKeyStore;
  transcripts: TranscriptStore;
}

/** The identity stores, built over the world's own users, workspaces, keys and transcripts stores. */
export function identityStores(deps: StoreDeps, { users, workspaces, apiKeys, transcripts }: SharedStores): IdentityStores {
  const members = new MemberStore(deps, workspaces, users);
  const byok = new ByokStore(deps);
  const groups = new GroupStore(deps, users);
  const permissions = new PermissionStore(deps);
  return {
    members,
    cloneJobs: new CloneJobStore(deps, workspaces, transcripts),
    byok,
    groups,
    permissions,
    config: new ConfigStore({ clock: deps.clock, workspaces, members, apiKeys, byok, groups, permissions }),
  };
}

/** The identity route tables; registers the clone job handlers with the world's scheduler. */
export function identityRoutes(world: World): RouteDef[] {
  const { stores } = world;
  world.registerJobs(stores.cloneJobs.jobHandlers());
  return [
    ...workspaceRoutes(stores.workspaces),
    ...cloneRoutes(stores.cloneJobs, stores.workspaces),
    ...memberRoutes(stores.members),
    ...configRoutes(stores.config),
    ...byokRoutes(stores.byok),
    ...groupRoutes(stores.groups),
    ...permissionRoutes(stores.permissions, stores.groups),
  ];
}
