// The RAG command-line tools (emulator-defined, CLI `rag` row): workspace RAG defaults, index
// health, catalog products, synthesis, retrieval tests, chunk and file deduplication, artifact scans.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { ChunkingToolSchema, VectorIndexToolSchema } from './rag.js';

// Workspace RAG defaults (GET/PATCH /api/v1/rag/config).

/** What a new vector index of the workspace starts with when its create names none of these. */
export const RagDefaultsSchema = lazySchema(() => z.object({
  chunkingTool: ChunkingToolSchema,
  vectorIndexTool: VectorIndexToolSchema,
  embeddingModel: z.string(),
  chunkSize: z.number().int(),
  chunkOverlap: z.number().int(),
  contextPerMessage: z.number().int(),
  minimumSimilarity: z.number(),
}));
export type RagDefaults = z.infer<typeof RagDefaultsSchema>;

export const RagConfigSchema = lazySchema(() => RagDefaultsSchema.extend({
  workspaceId: z.string(),
  /** The fields the workspace set (the rest are the emulator's defaults). */
  overridden: z.array(z.string()),
  updatedAt: z.string().nullable(),
}));
export type RagConfig = z.infer<typeof RagConfigSchema>;

export const RagConfigPatchSchema = lazySchema(() => z
  .strictObject({
    chunkingTool: ChunkingToolSchema.optional(),
    vectorIndexTool: VectorIndexToolSchema.optional(),
    embeddingModel: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    chunkSize: z.number().check(z.int(), z.gte(32), z.lte(8192)).optional(),
    chunkOverlap: z.number().check(z.int(), z.gte(0), z.lte(4096)).optional(),
    contextPerMessage: z.number().check(z.int(), z.gte(1), z.lte(100)).optional(),
    minimumSimilarity: z.number().check(z.gte(0), z.lte(1)).optional(),
  }));
export type RagConfigPatch = z.infer<typeof RagConfigPatchSchema>;

// Index health (GET /api/v1/rag/health).

export const RagIndexHealthSchema = lazySchema(() => z.object({
  collectionId: z.string(),
  title: z.string(),
  status: z.enum(['healthy', 'degraded', 'empty']),
  files: z.object({ total: z.number().int(), pending: z.number().int(), processing: z.number().int(), completed: z.number().int(), searchable: z.number().int(), error: z.number().int() }),
  /** Chunk rows stored for the index's files. */
  chunks: z.number().int(),
  /** Chunks the vector index serves (of searchable files). */
  vectorsIndexed: z.number().int(),
  /** Chunks of completed files not yet queryable (the consistency delay). */
  vectorsPending: z.number().int(),
  ghostRefs: z.array(z.string()),
  pendingFileIds: z.array(z.string()),
  errorFileIds: z.array(z.string()),
  issues: z.array(z.string()),
}));
export type RagIndexHealth = z.infer<typeof RagIndexHealthSchema>;

export const RagHealthSchema = lazySchema(() => z.object({
  workspaceId: z.string(),
  status: z.enum(['healthy', 'degraded', 'empty']),
  data: z.array(RagIndexHealthSchema),
  total: z.number().int(),
}));
export type RagHealth = z.infer<typeof RagHealthSchema>;

// Catalog products (GET /api/v1/rag/products).

export const RagProductSchema = lazySchema(() => z.object({
  /** Stable: a hash of the chunk and the line the product was read from. */
  id: z.string(),
  name: z.string(),
  price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  sku: z.string().nullable(),
  /** The line of the chunk it was read from. */
  text: z.string(),
  score: z.number(),
  source: z.object({ fileId: z.string(), chunkId: z.string(), collectionId: z.string(), title: z.string(), sourceUrl: z.string().optional() }),
}));
export type RagProduct = z.infer<typeof RagProductSchema>;

export const RagProductListSchema = lazySchema(() => z.object({ data: z.array(RagProductSchema), hasMore: z.boolean(), total: z.number().int() }));
export type RagProductList = z.infer<typeof RagProductListSchema>;

// Synthesis (POST /api/v1/rag/synthesize).

export const RagSynthesizeInputSchema = lazySchema(() => z
  .strictObject({
    query: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
    collectionId: z.string().check(z.minLength(1), z.maxLength(200)),
    topK: z.number().check(z.int(), z.gte(1), z.lte(50)).optional(),
  }));
export type RagSynthesizeInput = z.infer<typeof RagSynthesizeInputSchema>;

export const RagCitationSchema = lazySchema(() => z.object({
  /** The `[n]` marker in the answer. */
  n: z.number().int(),
  fileId: z.string().nullable(),
  title: z.string(),
  sourceUrl: z.string().optional(),
  score: z.number().nullable(),
  excerpt: z.string(),
}));
export type RagCitation = z.infer<typeof RagCitationSchema>;

export const RagSynthesisSchema = lazySchema(() => z.object({
  query: z.string(),
  collectionId: z.string(),
  answer: z.string(),
  citations: z.array(RagCitationSchema),
  /** Whether any retrieved chunk grounded the answer. */
  grounded: z.boolean(),
  context: z.array(z.object({ content: z.string(), score: z.number().nullable(), fileId: z.string().nullable(), vectorId: z.string().nullable(), source: z.string().nullable() })),
  usage: z.object({ promptTokens: z.number().int(), completionTokens: z.number().int(), totalTokens: z.number().int() }),
}));
export type RagSynthesis = z.infer<typeof RagSynthesisSchema>;

// Retrieval tests (POST /api/v1/rag/test-retrieval).

export const RagTestRetrievalInputSchema = lazySchema(() => z
  .strictObject({
    queries: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))).min(1).max(50),
    collectionId: z.string().check(z.minLength(1), z.maxLength(200)),
    /** File ids each query should retrieve: one list for every query, or one list per query (same order). */
    expected: z.union([z.array(z.string().check(z.minLength(1), z.maxLength(200))).max(1000), z.array(z.array(z.string().check(z.minLength(1), z.maxLength(200))).max(1000))]).optional(),
    topK: z.number().check(z.int(), z.gte(1), z.lte(50)).optional(),
  }));
export type RagTestRetrievalInput = z.infer<typeof RagTestRetrievalInputSchema>;

export const RagRetrievalResultSchema = lazySchema(() => z.object({
  query: z.string(),
  retrieved: z.array(z.object({ fileId: z.string().nullable(), score: z.number().nullable() })),
  retrievedFileIds: z.array(z.string()),
  expected: z.array(z.string()).optional(),
  hits: z.array(z.string()).optional(),
  /** Share of the expected files retrieved (null without expectations or with none expected). */
  recall: z.number().nullable(),
  /** Share of the retrieved files that were expected (null without expectations or with nothing retrieved). */
  precision: z.number().nullable(),
}));
export type RagRetrievalResult = z.infer<typeof RagRetrievalResultSchema>;

export const RagTestRetrievalSchema = lazySchema(() => z.object({
  collectionId: z.string(),
  results: z.array(RagRetrievalResultSchema),
  summary: z.object({ queries: z.number().int(), meanRecall: z.number().nullable(), meanPrecision: z.number().nullable(), hitRate: z.number().nullable() }),
}));
export type RagTestRetrieval = z.infer<typeof RagTestRetrievalSchema>;

// Deduplication (POST /api/v1/rag/dedupe-chunks, /api/v1/rag/dedupe-files).

export const RagDedupeChunksInputSchema = lazySchema(() => z.strictObject({ collectionId: z.string().check(z.minLength(1), z.maxLength(200)), dryRun: z.boolean().default(false) }));
export type RagDedupeChunksInput = z.infer<typeof RagDedupeChunksInputSchema>;

export const RagDedupeGroupSchema = lazySchema(() => z.object({
  /** sha256 of the normalized text (chunks) or of the content (files). */
  hash: z.string(),
  /** `exact`: identical text; `near`: the same once case, punctuation and spacing are normalized. */
  kind: z.enum(['exact', 'near']),
  keep: z.string(),
  duplicates: z.array(z.string()),
}));
export type RagDedupeGroup = z.infer<typeof RagDedupeGroupSchema>;

export const RagDedupeChunksSchema = lazySchema(() => z.object({
  collectionId: z.string(),
  dryRun: z.boolean(),
  scanned: z.number().int(),
  exactDuplicates: z.number().int(),
  nearDuplicates: z.number().int(),
  removed: z.number().int(),
  groups: z.array(RagDedupeGroupSchema),
}));
export type RagDedupeChunks = z.infer<typeof RagDedupeChunksSchema>;

export const RagDedupeFilesInputSchema = lazySchema(() => z.strictObject({ collectionId: z.string().check(z.minLength(1), z.maxLength(200)).optional(), dryRun: z.boolean().default(false) }));
export type RagDedupeFilesInput = z.infer<typeof RagDedupeFilesInputSchema>;

export const RagDedupeFilesSchema = lazySchema(() => z.object({
  collectionId: z.string().nullable(),
  dryRun: z.boolean(),
  scanned: z.number().int(),
  duplicateFiles: z.number().int(),
  removed: z.number().int(),
  groups: z.array(RagDedupeGroupSchema),
}));
export type RagDedupeFiles = z.infer<typeof RagDedupeFilesSchema>;

// Artifact scan (GET /api/v1/rag/scan-artifacts).

export const RagArtifactKindSchema = lazySchema(() => z.enum(['special-token', 'control-chars', 'base64-blob', 'repeated-header', 'replacement-char']));
export type RagArtifactKind = z.infer<typeof RagArtifactKindSchema>;

export const RagArtifactSchema = lazySchema(() => z.object({
  chunkId: z.string(),
  fileId: z.string(),
  collectionId: z.string(),
  title: z.string(),
  kinds: z.array(RagArtifactKindSchema),
  /** A short excerpt of what was found, per kind (control characters escaped). */
  samples: z.record(z.string(), z.string()),
}));
export type RagArtifact = z.infer<typeof RagArtifactSchema>;

export const RagArtifactScanSchema = lazySchema(() => z.object({
  collectionId: z.string().nullable(),
  scanned: z.object({ files: z.number().int(), chunks: z.number().int() }),
  flagged: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  data: z.array(RagArtifactSchema),
  hasMore: z.boolean(),
}));
export type RagArtifactScan = z.infer<typeof RagArtifactScanSchema>;
