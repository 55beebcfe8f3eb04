// The model-edits area (spec tag `model-edits`): corrections of a release's answers, applied by a
// clock job; chat (sends, the reply generator) answers an applied edit's prompt with its correction.
import { defineArea } from '../../core/area.js';
import { modelEditRoutes } from './routes.js';
import { editResolver } from './resolve.js';
import { ModelEditsSectionSchema, loadModelEdits, type ModelEditsSection } from './scenario.js';
import { APPLY_STEP, ModelEditStore } from './store.js';
import { MODEL_EDITS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'model-edits': ModelEditStore;
  }
}

declare module '../../core/handles.js' {
  interface WorkspaceHandle {
    /** Present when the scenario gives the workspace model edits. */
    modelEdits?: { id: string; status: string }[];
  }
}

export const modelEditsArea = defineArea<ModelEditStore, ModelEditsSection>({
  name: 'model-edits',
  tables: MODEL_EDITS_TABLES,
  uses: ['chat', 'releases', 'training-data'],
  create: (ctx) => {
    const releases = ctx.area('releases');
    const store = new ModelEditStore(ctx.deps, async (ws, id) => (await releases.get(id, ws)) !== undefined);
    // Chat asks here before its generator: a send and a computed reply share one set of overrides.
    ctx.area('chat').threads.overrides.set('model-edits', (query) => store.override(query));
    return store;
  },
  routes: (store, ctx) =>
    modelEditRoutes({
      store,
      resolve: editResolver({ releases: ctx.area('releases'), threads: ctx.area('chat').threads, replies: ctx.area('chat').replies }),
      toTrainingData: (workspaceId, title, edits) =>
        ctx.area('training-data').store.create(workspaceId, {
          title,
          sources: [],
          maxPairs: edits.length,
          status: 'succeeded',
          pairs: edits.map((e) => ({ question: e.prompt, answer: e.correctedReply })),
        }),
    }),
  jobs: (store) => ({ [APPLY_STEP]: (payload) => store.step(payload) }),
  scenario: {
    key: 'modelEdits',
    schema: ModelEditsSectionSchema,
    load: async (section, { workspaceId, handle, ownerId }, store, ctx) => {
      if (section.length) handle.modelEdits = await loadModelEdits(workspaceId, section, store, ctx.area('releases'), ownerId);
    },
  },
});
