// The a2a area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export type { A2aTaskStore } from './task-store.js';
