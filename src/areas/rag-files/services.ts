// What the RAG file routes are given: the stores, the pipeline and the upload limiter of one emulator.
import type { RagEvents } from '../rag-targets/public.js';
import type { RagTargetStore } from '../rag-targets/public.js';
import type { RagPipeline } from './pipeline.js';
import type { RagFileStore } from './store.js';
import type { UploadLimiter } from './upload-limiter.js';
import type { RagUploadStore } from './uploads.js';

import type { WorkspaceLimits } from '../workspaces/public.js';
import type { TextIndex } from '../rag-search/public.js';

export interface RagFileServices {
  targets: RagTargetStore;
  files: RagFileStore;
  events: RagEvents;
  pipeline: RagPipeline;
  uploads: RagUploadStore;
  uploadLimiter: UploadLimiter;
  /** The workspace limits on collections and stored bytes. */
  limits: WorkspaceLimits;
  /** The in-memory full-text index; like the vector indexes, it follows storage snapshots (the world keeps it in step). */
  textIndex: TextIndex;
}
