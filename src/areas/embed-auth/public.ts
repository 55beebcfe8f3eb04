// The embed-auth area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { ServedTierLimitsSchema } from './schema.js';
export type { EmbedAuth } from './service.js';
export type { EmbedAuthStore } from './store.js';
