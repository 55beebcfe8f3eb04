// RAG search and context shapes (spec sections 2, 4 and 8): full-text search query and results,
// the context retrieval request and its two result variants.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { RagContextByCollectionSchema, RagContextByGroupSchema, RagContextQuerySchema, RagSearchResultSchema } from '../../types/rag.js';

/** Search result count (spec section 8). */
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 100;

const Count = lazySchema(() => z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT));

export const SearchQuerySchema = lazySchema(() => z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(1000)),
  limit: Count.optional(),
  topK: Count.optional(),
  fileId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  collectionId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
}));
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchHitSchema = lazySchema(() => RagSearchResultSchema.extend({ chunkId: z.string(), index: z.number().int() }));

export const SearchResultSchema = lazySchema(() => z.object({
  query: z.string(),
  results: z.array(SearchHitSchema),
  total: z.number().int(),
}));

export const ContextBodySchema = RagContextQuerySchema;
export type ContextBody = z.infer<typeof ContextBodySchema>;

export const ContextByCollectionSchema = RagContextByCollectionSchema;
export const ContextByGroupSchema = RagContextByGroupSchema;
