// The rag-files area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { fileNotFound } from './errors.js';
export type { RagFileServices } from './services.js';
export type { RagFileStore } from './store.js';
export { ingestFile, type IngestInput } from './ingest.js';
export { PRESIGNED_PATH } from './uploads.js';
export { base64ToBytes, bytesToBase64 } from './base64.js';
// The ingestion API other areas feed documents through (connectors): the same pipeline as uploads.
export { resolveTargets, saveUpload, type IncomingFile } from './intake.js';
/** HTML to text as uploads are read (htmlparser2, loaded on first use): the crawler's page text. */
export const htmlText = async (html: string): Promise<string> => (await import('./parsing/html.js')).htmlToText(html);
