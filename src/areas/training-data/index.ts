// The training-data area: question/answer sets generated from RAG files and transcripts by a job on
// the emulator clock, downloadable and exportable into a RAG target.
import { defineArea } from '../../core/area.js';
import { trainingDataRoutes } from './routes.js';
import { TrainingDataSectionSchema, loadTrainingData, type TrainingDataSection } from './scenario.js';
import { trainingSources } from './sources.js';
import { JOB_STEP, TrainingDataStore, type TrainingSources } from './store.js';
import { TRAINING_DATA_TABLES } from './tables.js';

export interface TrainingDataApi {
  store: TrainingDataStore;
  sources: TrainingSources;
}

declare module '../../core/area.js' {
  interface AreaApis {
    'training-data': TrainingDataApi;
  }
}

declare module '../../core/handles.js' {
  interface WorkspaceHandle {
    /** Present when the scenario gives the workspace training-data sets. */
    trainingData?: { id: string; title: string; status: string }[];
  }
}

export const trainingDataArea = defineArea<TrainingDataApi, TrainingDataSection>({
  name: 'training-data',
  tables: TRAINING_DATA_TABLES,
  uses: ['rag', 'transcripts'],
  create: (ctx) => {
    const sources = trainingSources(ctx.area('rag'), ctx.area('transcripts'));
    return { sources, store: new TrainingDataStore({ ...ctx.deps, seed: () => ctx.seed() }, sources) };
  },
  routes: (api) => trainingDataRoutes(api.store, api.sources),
  jobs: (api) => ({ [JOB_STEP]: (payload) => api.store.step(payload) }),
  onWorkspaceClone: (fromId, toId, api) => api.store.cloneWorkspace(fromId, toId),
  scenario: {
    key: 'trainingData',
    schema: TrainingDataSectionSchema,
    load: async (section, { workspaceId, handle }, api) => {
      if (section.length) handle.trainingData = await loadTrainingData(workspaceId, section, api.store);
    },
  },
});
