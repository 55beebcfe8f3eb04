// RAG search errors, named after their wire codes.
export { targetNotFound, groupNotFound } from '../rag-targets/public.js';
export { fileNotFound } from '../rag-files/public.js';
