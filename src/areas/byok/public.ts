// The byok area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { ByokCredentialSchema } from './schema.js';
export type { ByokStore } from './store.js';
