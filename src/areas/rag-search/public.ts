// The rag-search area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export type { RagSearchStore } from './store.js';
export { TextIndex } from './text-index.js';
export { textTerms } from './full-text.js';
