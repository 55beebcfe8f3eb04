// The export area: jobs producing real downloadable files (transcripts as JSONL, CSV or zip; a
// workspace archive as zip), clock jobs `export.*`, each emitting `export.finished`.
import { defineArea } from '../../core/area.js';
import { workspaceAnswer } from '../workspaces/public.js';
import { exportRoutes } from './routes.js';
import { ExportStore, JOB_BUILD, JOB_START } from './store.js';
import { EXPORT_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    export: ExportStore;
  }
}

export const exportArea = defineArea({
  name: 'export',
  tables: EXPORT_TABLES,
  uses: ['workspaces', 'releases'],
  create: (ctx) =>
    new ExportStore(ctx.deps, ctx.events, {
      workspace: async (id) => {
        const ws = await ctx.area('workspaces').get(id);
        return ws ? { _id: ws.id, title: ws.name, ...workspaceAnswer(ws) } : { _id: id };
      },
      releases: async (id) => (await ctx.area('releases').list(id)).map((r) => ({ _id: r.id, ...r })),
    }),
  routes: (store, ctx) => exportRoutes(store, () => ctx.clock.now()),
  jobs: (store) => ({ [JOB_START]: (payload) => store.start(payload), [JOB_BUILD]: (payload) => store.build(payload) }),
});
