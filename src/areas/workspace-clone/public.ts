// The workspace-clone area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export type { CloneJobStore } from './store.js';
