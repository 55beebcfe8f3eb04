// RAG search errors, named after their wire codes.
export { targetNotFound, groupNotFound } from '../rag-targets/errors.js';
export { fileNotFound } from '../rag-files/errors.js';
