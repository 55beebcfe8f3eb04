// The rag area (RAG files) as a module of the list: files, presigned uploads, the indexing pipeline
// (clock jobs `rag.*`), the upload limiter and workspace limits, over rag-targets' targets and events.
// It owns the in-memory full-text index the search reads (the world keeps it in step with storage).
import { defineArea } from '../../core/area.js';
import { TextIndex } from '../rag-search/public.js';
import { WorkspaceLimits } from '../workspaces/public.js';
import { RagPipeline } from './pipeline.js';
import { ragFileRoutes } from './routes.js';
import { loadRag, type RagDoc } from './scenario.js';
import type { RagFileServices } from './services.js';
import { RagFileStore } from './store.js';
import { RAG_FILES_TABLES } from './tables.js';
import { UploadLimiter } from './upload-limiter.js';
import { ragUploadRoutes } from './upload-routes.js';
import { RagUploadStore } from './uploads.js';

declare module '../../core/area.js' {
  interface AreaApis {
    /** The RAG area: targets, files, events, pipeline, uploads, upload limiter, workspace limits, text index. */
    rag: RagFileServices;
  }
}

export const ragArea = defineArea({
  name: 'rag',
  tables: RAG_FILES_TABLES,
  uses: ['rag-targets', 'workspaces'],
  create: (ctx): RagFileServices => {
    const { targets, events } = ctx.area('rag-targets');
    const textIndex = new TextIndex();
    const files = new RagFileStore(ctx.deps, targets, events, ctx.vectorIndexes, textIndex);
    const pipeline = new RagPipeline(ctx.deps, files, targets, events, () => ctx.settings().indexing, (event) => ctx.events.emit(event));
    const uploadLimiter = new UploadLimiter(ctx.rateLimiter, () => ctx.settings().uploads, () => ctx.clock.now());
    const limits = new WorkspaceLimits(ctx.deps, ctx.area('workspaces'));
    return { targets, files, events, pipeline, uploads: new RagUploadStore(ctx.deps), uploadLimiter, limits, textIndex };
  },
  routes: (rag, ctx) => [...ragFileRoutes(rag), ...ragUploadRoutes(rag, { seed: () => ctx.seed(), outbound: ctx.outbound })],
  jobs: (rag) => rag.pipeline.jobs(),
  // RAG content loads after the users' tokens, so adding it left every earlier seeded id and token unchanged.
  builtin: {
    step: 'rag',
    load: async (ws: { rag: RagDoc }, { workspaceId, handle, now }, rag) => {
      Object.assign(handle, await loadRag(workspaceId, ws.rag, rag, now));
    },
  },
});
