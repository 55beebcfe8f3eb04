// The rag-targets area as a module of the list: RAG targets (collections), their groups and the file
// event log, with the target and group routes (which act on files and vectors through the rag area).
import { defineArea } from '../../core/area.js';
import { RagEvents } from './events.js';
import { ragGroupRoutes } from './group-routes.js';
import { ragVectorMountRoutes } from './mount-routes.js';
import { ragTargetRoutes } from './routes.js';
import { RagTargetStore } from './store.js';
import { RAG_TARGETS_TABLES } from './tables.js';

export interface RagTargetsAreaApi {
  targets: RagTargetStore;
  events: RagEvents;
}

declare module '../../core/area.js' {
  interface AreaApis {
    'rag-targets': RagTargetsAreaApi;
  }
}

export const ragTargetsArea = defineArea({
  name: 'rag-targets',
  tables: RAG_TARGETS_TABLES,
  create: (ctx): RagTargetsAreaApi => ({ targets: new RagTargetStore(ctx.deps), events: new RagEvents(ctx.deps) }),
  // The rag area is mounted after this one; routes are built once every area is.
  routes: ({ targets }, ctx) => [
    ...ragTargetRoutes(ctx.area('rag'), ctx.vectorIndexes),
    ...ragGroupRoutes(targets),
    // The byok area mounts after this one: asked at request time.
    ...ragVectorMountRoutes(ctx.area('rag'), async (workspaceId, id) => (await ctx.area('byok').get(workspaceId, id)) !== undefined),
  ],
});
