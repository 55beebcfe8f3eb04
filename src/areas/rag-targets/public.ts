// The rag-targets area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { groupNotFound, noTarget, targetNotFound } from './errors.js';
export { SYSTEM, actorOf } from './events.js';
export type { Actor, RagEvents } from './events.js';
export { TARGET_DEFAULTS } from './schema.js';
export type { RagTargetStore, TargetRow } from './store.js';
