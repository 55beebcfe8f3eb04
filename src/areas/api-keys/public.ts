// The api-keys area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { keyOut } from './store.js';
export type { ApiKeyRecord, ApiKeyStore } from './store.js';
