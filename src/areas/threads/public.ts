// The threads area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas).
export { docsList } from './paging.js';
export type { DocsPage } from './paging.js';
