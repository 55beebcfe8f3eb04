// The export area's public entry: what other areas may import from it (architecture.test.ts allows only this file across areas).
export { transcriptContent } from './render.js';
