// The RAG areas' stores (targets, files, events, pipeline, uploads, search), wired to the world's
// vector and text indexes, settings and upload limiter.
import { RagPipeline } from '../areas/rag-files/pipeline.js';
import { RagFileStore } from '../areas/rag-files/store.js';
import { UploadLimiter } from '../areas/rag-files/upload-limiter.js';
import { RagUploadStore } from '../areas/rag-files/uploads.js';
import { RagSearchStore } from '../areas/rag-search/store.js';
import { RagEvents } from '../areas/rag-targets/events.js';
import { RagTargetStore } from '../areas/rag-targets/store.js';
import type { TextIndex } from '../areas/rag-search/text-index.js';
import { WorkspaceLimits } from '../areas/workspaces/limits.js';
import type { WorkspaceStore } from '../areas/workspaces/store.js';
import type { RateLimiter } from '../core/rate-limiter.js';
import type { StoreDeps } from '../core/services.js';
import type { Settings } from '../scenarios/schema.js';
import type { VectorIndexes } from '../vector/index-manager.js';
import type { Stores } from './world-shapes.js';

export interface RagWiring {
  vectorIndexes: VectorIndexes;
  textIndex: TextIndex;
  rateLimiter: RateLimiter;
  settings(): Settings;
}

export function ragStores(deps: StoreDeps, workspaces: WorkspaceStore, world: RagWiring): Pick<Stores, 'rag' | 'ragSearch'> {
  const targets = new RagTargetStore(deps);
  const events = new RagEvents(deps);
  const files = new RagFileStore(deps, targets, events, world.vectorIndexes, world.textIndex);
  const pipeline = new RagPipeline(deps, files, targets, events, () => world.settings().indexing);
  const uploadLimiter = new UploadLimiter(world.rateLimiter, () => world.settings().uploads, () => deps.clock.now());
  return {
    rag: { targets, files, events, pipeline, uploads: new RagUploadStore(deps), uploadLimiter, limits: new WorkspaceLimits(deps, workspaces) },
    ragSearch: new RagSearchStore(deps, files, world.vectorIndexes, world.textIndex),
  };
}
