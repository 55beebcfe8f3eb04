// The transcripts area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { transcriptLocked, transcriptNotFound } from './errors.js';
export { MessageInputSchema, MessagesQuerySchema } from './schema.js';
export type { TranscriptStore } from './store.js';
