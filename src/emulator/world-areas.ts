// A world's areas: the list mounted over the world's services (clock, ids, storage, signer, vector
// indexes...), and the workspace hooks (delete sweep, clone) wired to the workspace areas.
import { AREAS } from '../areas/index.js';
import type { AnyArea } from '../core/area.js';
import type { StoreDeps } from '../core/services.js';
import { MountedAreas, registerAreaSections, worldTables } from './area-mount.js';
import type { World } from './world.js';

export function mountWorldAreas(world: World, list: readonly AnyArea[], deps: StoreDeps): MountedAreas {
  registerAreaSections(list, AREAS);
  const areas = new MountedAreas(list, {
    ...deps,
    deps,
    seed: () => world.random.seed,
    settings: () => world.settings,
    transaction: (fn) => world.storage.transaction(fn),
    mailbox: world.mailbox,
    events: world.events,
    outbound: world.outbound,
    rateLimiter: world.rateLimiter,
    signer: () => world.signer,
    vectorIndexes: world.vectorIndexes,
  });
  // Every other area's rows that carry a workspace_id go with their workspace; then the areas' own hooks.
  const owned = worldTables(list)
    .filter((t) => t.name !== 'workspaces' && /\bworkspace_id\b/.test(t.ddl))
    .map((t) => t.name);
  areas.api('workspaces').onDelete(async (workspaceId) => {
    for (const table of owned) await world.storage.run(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
    await areas.workspaceDeleted(workspaceId);
  });
  areas.api('workspace-clone').onCopy((fromId, toId) => areas.workspaceCloned(fromId, toId));
  return areas;
}
