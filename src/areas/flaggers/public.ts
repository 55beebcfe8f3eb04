// The flaggers area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas).
export { TimeParamSchema } from './schema.js';
export type { FlaggerStore } from './store.js';
export type { FlaggerService } from './service.js';
