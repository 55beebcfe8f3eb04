// The model lifecycle areas (training data, fine-tune): their stores over the world's storage,
// the sources they read (RAG files, transcripts) lent through narrow interfaces, and their routes.
import { FineTuneStore, JOB_STEP as FINE_TUNE_STEP } from '../areas/fine-tune/store.js';
import { fineTuneRoutes } from '../areas/fine-tune/routes.js';
import { TrainingDataStore, JOB_STEP as TRAINING_STEP, type TrainingSources } from '../areas/training-data/store.js';
import { trainingDataRoutes } from '../areas/training-data/routes.js';
import { bytesToBase64 } from '../areas/rag-files/base64.js';
import { detectKind, mimeFor } from '../areas/rag-files/parsing/parse.js';
import type { RagFileServices } from '../areas/rag-files/services.js';
import type { TranscriptStore } from '../areas/transcripts/store.js';
import type { WorkspaceStore } from '../areas/workspaces/store.js';
import type { RouteDef } from '../core/route.js';
import type { StoreDeps } from '../core/services.js';
import type { JobHandlers } from '../clock/scheduler.js';

export interface ModelStores {
  trainingData: TrainingDataStore;
  fineTunes: FineTuneStore;
}

/** Transcript messages read for training: enough for any conversation a scenario or client stores. */
const MAX_TRANSCRIPT_MESSAGES = 10_000;

export function trainingSources(rag: RagFileServices, transcripts: TranscriptStore): TrainingSources {
  return {
    async ragFile(workspaceId, fileId) {
      const row = await rag.files.row(workspaceId, fileId);
      if (!row) return undefined;
      return {
        id: row.id,
        title: row.title,
        text: async () => {
          if (typeof row.text === 'string' && row.text) return row.text;
          try {
            return await rag.pipeline.readText(row);
          } catch {
            return undefined;
          }
        },
      };
    },
    async ragFilesOf(workspaceId, targetId) {
      if (!(await rag.targets.row(workspaceId, targetId))) return undefined;
      return (await rag.files.filesOfTarget(targetId)).map((f) => ({ id: f.id, title: f.title }));
    },
    async transcript(workspaceId, transcriptId) {
      const summary = await transcripts.summary(workspaceId, transcriptId);
      if (!summary) return undefined;
      const messages = await transcripts.messages(transcriptId, MAX_TRANSCRIPT_MESSAGES, 0);
      return {
        id: transcriptId,
        title: typeof summary.title === 'string' ? summary.title : transcriptId,
        messages: messages.map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : '' })),
      };
    },
    async addRagDocument(workspaceId, targetId, doc) {
      const target = await rag.targets.row(workspaceId, targetId);
      if (!target) return undefined;
      const bytes = new TextEncoder().encode(doc.text);
      const kind = detectKind(doc.filename, 'text/markdown');
      const row = await rag.files.insert(
        {
          workspaceId,
          targetId,
          title: doc.title,
          description: 'Exported from training data',
          originalName: doc.filename,
          fileType: kind ?? 'md',
          mimeType: mimeFor(kind, 'text/markdown'),
          sizeBytes: bytes.length,
          chunkingTool: target.chunking_tool as 'default',
          options: {},
          raw: bytesToBase64(bytes),
        },
        doc.actor,
      );
      await rag.pipeline.begin(row);
      return { fileId: row.id, status: 'pending' };
    },
  };
}

export function modelStores(deps: StoreDeps, seed: () => number, sources: TrainingSources): ModelStores {
  const trainingData = new TrainingDataStore({ ...deps, seed }, sources);
  return { trainingData, fineTunes: new FineTuneStore({ ...deps, seed }, trainingData) };
}

export function modelJobs(stores: ModelStores): JobHandlers {
  return {
    [TRAINING_STEP]: (payload) => stores.trainingData.step(payload),
    [FINE_TUNE_STEP]: (payload) => stores.fineTunes.step(payload),
  };
}

export function modelRoutes(stores: ModelStores, sources: TrainingSources, workspaces: WorkspaceStore): RouteDef[] {
  return [
    ...trainingDataRoutes(stores.trainingData, sources),
    ...fineTuneRoutes({
      store: stores.fineTunes,
      data: stores.trainingData,
      // copy-from: a key reaches its own workspace only; a user any workspace they are a member of.
      canRead: async (principal, workspaceId) => {
        if (principal.kind === 'apiKey') return principal.workspaceId === workspaceId;
        if (principal.kind === 'user') return (await workspaces.role(workspaceId, principal.userId)) !== undefined;
        return false;
      },
    }),
  ];
}
