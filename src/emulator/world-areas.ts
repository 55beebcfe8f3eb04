// A world's areas: the listed ones mounted over the APIs of the areas the world still builds itself
// (by area name, so listed areas reach them through `ctx.area(name)` like any other), and the
// workspace hooks (delete sweep, clone) wired to the workspace stores.
import type { BuiltinAreaApis } from '../areas/builtin-apis.js';
import { ChatReplies } from '../areas/chat/replies.js';
import { RagContextRetriever } from '../areas/chat/retrieval.js';
import type { AnyArea } from '../core/area.js';
import type { StoreDeps } from '../core/services.js';
import { MountedAreas, registerAreaSections, worldTables } from './area-mount.js';
import type { World } from './world.js';

export function mountWorldAreas(world: World, list: readonly AnyArea[], deps: StoreDeps): MountedAreas {
  registerAreaSections(list);
  const areas = new MountedAreas(
    list,
    {
      ...deps,
      deps,
      seed: () => world.random.seed,
      settings: () => world.settings,
      transaction: (fn) => world.storage.transaction(fn),
      mailbox: world.mailbox,
      rateLimiter: world.rateLimiter,
    },
    builtinApis(world),
  );
  // Every other area's rows that carry a workspace_id go with their workspace; then the areas' own hooks.
  const owned = worldTables(list)
    .filter((t) => t.name !== 'workspaces' && /\bworkspace_id\b/.test(t.ddl))
    .map((t) => t.name);
  world.stores.workspaces.onDelete(async (workspaceId) => {
    for (const table of owned) await world.storage.run(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
    await areas.workspaceDeleted(workspaceId);
  });
  world.stores.cloneJobs.onCopy((fromId, toId) => areas.workspaceCloned(fromId, toId));
  return areas;
}

/** The APIs of the areas this world still builds itself, by area name (areas/builtin-apis.ts). */
function builtinApis(world: World): BuiltinAreaApis {
  const s = world.stores;
  const retriever = new RagContextRetriever(s.ragSearch, s.rag.targets, s.rag.files);
  return {
    users: s.users,
    workspaces: s.workspaces,
    'api-keys': s.apiKeys,
    transcripts: s.transcripts,
    releases: s.releases,
    terms: s.terms,
    feedback: s.feedback,
    tiers: s.usage,
    rag: s.rag,
    'rag-search': s.ragSearch,
    chat: {
      threads: s.chatThreads,
      replies: new ChatReplies({ seed: () => world.random.seed, retriever }),
      ctas: s.chatCtas,
      a2aTasks: s.a2aTasks,
      payments: s.x402Payments,
    },
    'embed-auth': { service: world.embedAuth, sessions: s.embedSessions },
    oauth: { store: s.oauth, clients: s.oauthClients },
    members: s.members,
    'workspace-clone': s.cloneJobs,
    byok: s.byok,
    groups: s.groups,
    permissions: s.permissions,
    config: s.config,
  };
}
