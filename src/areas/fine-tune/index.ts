// The fine-tune area: jobs that train a base model on a training-data set, step by step on the
// emulator clock; a succeeded job's model id answers chat through a release that names it.
import { defineArea } from '../../core/area.js';
import { fineTuneRoutes } from './routes.js';
import { FineTuneSectionSchema, loadFineTunes, type FineTuneSection } from './scenario.js';
import { FineTuneStore, JOB_STEP } from './store.js';
import { FINE_TUNE_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'fine-tune': FineTuneStore;
  }
}

declare module '../../core/handles.js' {
  interface WorkspaceHandle {
    /** Present when the scenario gives the workspace fine-tune jobs. */
    fineTunes?: { id: string; status: string; fineTunedModel: string | null }[];
  }
}

export const fineTuneArea = defineArea<FineTuneStore, FineTuneSection>({
  name: 'fine-tune',
  tables: FINE_TUNE_TABLES,
  uses: ['training-data', 'workspaces', 'qa'],
  create: (ctx) => new FineTuneStore({ ...ctx.deps, seed: () => ctx.seed(), raise: (event) => ctx.events.emit(event) }, ctx.area('training-data').store),
  routes: (store, ctx) =>
    fineTuneRoutes({
      store,
      data: ctx.area('training-data').store,
      suites: ctx.area('qa').suites,
      // copy-from: a key reaches its own workspace only; a user any workspace they are a member of.
      canRead: async (principal, workspaceId) => {
        if (principal.kind === 'apiKey') return principal.workspaceId === workspaceId;
        if (principal.kind === 'user') return (await ctx.area('workspaces').role(workspaceId, principal.userId)) !== undefined;
        return false;
      },
    }),
  jobs: (store) => ({ [JOB_STEP]: (payload) => store.step(payload) }),
  onWorkspaceClone: (fromId, toId, store) => store.cloneWorkspace(fromId, toId),
  scenario: {
    key: 'fineTunes',
    schema: FineTuneSectionSchema,
    load: async (section, { workspaceId, handle }, store, ctx) => {
      if (section.length) handle.fineTunes = await loadFineTunes(workspaceId, section, store, ctx.area('training-data').store, 'fineTunes');
    },
  },
});
