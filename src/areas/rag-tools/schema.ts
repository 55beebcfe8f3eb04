// Query shapes of the RAG tools (the bodies and answers are public types: src/types/rag-tools.ts).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

const CollectionId = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const ScopeQuerySchema = lazySchema(() => z.object({ collectionId: CollectionId.optional() }));

export const PRODUCTS_DEFAULT_LIMIT = 20;
export const PRODUCTS_MAX_LIMIT = 100;
export const ProductsQuerySchema = lazySchema(() => z.object({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
  collectionId: CollectionId.optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCTS_MAX_LIMIT).default(PRODUCTS_DEFAULT_LIMIT),
}));

export const SCAN_DEFAULT_LIMIT = 100;
export const SCAN_MAX_LIMIT = 1000;
export const ScanQuerySchema = lazySchema(() => z.object({
  collectionId: CollectionId.optional(),
  limit: z.coerce.number().int().min(1).max(SCAN_MAX_LIMIT).default(SCAN_DEFAULT_LIMIT),
}));
