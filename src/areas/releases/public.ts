// The releases area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { releaseForEndUser } from './access.js';
export type { ReleaseRecord, ReleaseStore } from './store.js';
