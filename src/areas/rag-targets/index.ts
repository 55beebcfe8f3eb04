// The rag-targets area as a module of the list: RAG targets (collections), their groups and the file
// event log, with the target and group routes (which act on files and vectors through the rag area).
import { defineArea } from '../../core/area.js';
import { RagConfigStore } from './config-store.js';
import { RagEvents } from './events.js';
import { ragGroupRoutes } from './group-routes.js';
import { ragVectorMountRoutes } from './mount-routes.js';
import { ragTargetRoutes } from './routes.js';
import { RagTargetStore } from './store.js';
import { RAG_TARGETS_TABLES } from './tables.js';

export interface RagTargetsAreaApi {
  targets: RagTargetStore;
  events: RagEvents;
  /** The workspace's RAG defaults for new indexes (GET/PATCH /api/v1/rag/config, in the rag-tools area). */
  config: RagConfigStore;
}

declare module '../../core/area.js' {
  interface AreaApis {
    'rag-targets': RagTargetsAreaApi;
  }
}

export const ragTargetsArea = defineArea({
  name: 'rag-targets',
  tables: RAG_TARGETS_TABLES,
  create: (ctx): RagTargetsAreaApi => ({ targets: new RagTargetStore(ctx.deps), events: new RagEvents(ctx.deps), config: new RagConfigStore(ctx.deps) }),
  // The rag area is mounted after this one; routes are built once every area is.
  routes: ({ targets, config }, ctx) => [
    ...ragTargetRoutes(ctx.area('rag'), ctx.vectorIndexes, (workspaceId) => config.overrides(workspaceId)),
    ...ragGroupRoutes(targets),
    // The byok area mounts after this one: asked at request time.
    ...ragVectorMountRoutes(ctx.area('rag'), async (workspaceId, id) => (await ctx.area('byok').get(workspaceId, id)) !== undefined, (workspaceId) => config.overrides(workspaceId)),
  ],
});
