// RAG target errors, named after their wire codes.
import { notFound, validationError } from '../../core/errors.js';

export const targetNotFound = () => notFound('Vector index');

export const groupNotFound = () => notFound('RAG group');

export const noTarget = () =>
  validationError('No vector index to upload to: create one first or name it in ragVectorId', [
    { path: 'body.ragVectorId', message: 'Required: the workspace has no vector index' },
  ]);
