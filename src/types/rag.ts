// RAG (spec sections 2 and 3): file records, typed documents, upload fields, chunks, context retrieval, collections, search.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, JsonObjectSchema, ResourceMetadataSchema } from './common.js';

/** RAG document status (spec section 3). */
export const RagDocumentStatusSchema = lazySchema(() => z.enum([
  'pending',
  'uploading',
  'processing',
  'chunking',
  'embedding',
  'completed',
  'error',
]));
export type RagDocumentStatus = z.infer<typeof RagDocumentStatusSchema>;

/** RAG collection status (spec section 3). */
export const RagCollectionStatusSchema = lazySchema(() => z.enum(['active', 'processing', 'error', 'archived']));
export type RagCollectionStatus = z.infer<typeof RagCollectionStatusSchema>;

/** File status used by the command-line `rag files --status` filter (spec section 3). */
export const RagFileFilterStatusSchema = lazySchema(() => z.enum(['ready', 'processing', 'error']));
export type RagFileFilterStatus = z.infer<typeof RagFileFilterStatusSchema>;

/** Context compression strategies (spec section 2). */
export const CompressionStrategySchema = lazySchema(() => z.enum([
  'none',
  'exit',
  'llmlingua2',
  'recomp-extractive',
  'recomp-abstractive',
  'pisco',
  'clara',
  'core-rag',
]));
export type CompressionStrategy = z.infer<typeof CompressionStrategySchema>;

/** Chunking tools the emulator knows (contract section 7); `langextract` is from real clients (fulcrum divinci-sync-service.ts). */
export const ChunkingToolSchema = lazySchema(() => z.enum(['default', 'chapter-aware', 'openparse', 'unstructured', 'langextract']));
export type ChunkingTool = z.infer<typeof ChunkingToolSchema>;

/** Vector index tools the emulator knows (contract section 7). */
export const VectorIndexToolSchema = lazySchema(() => z.enum(['default', 'vectorize', 'turso-libsql']));
export type VectorIndexTool = z.infer<typeof VectorIndexToolSchema>;

/** RAG file record (GET /api/v1/rag/files). `chunksCount` is ABSENT in lazy-count mode; present means real. Extra fields allowed. */
export const RagFileRecordSchema = lazySchema(() => z
  .object({
    _id: IdSchema,
    chunksCount: z.number().check(z.int(), z.nonnegative()).optional(),
    /** The vectors (indexes) that reference the file. */
    ragVectors: z.array(JsonObjectSchema).optional(),
  })
  .catchall(z.unknown()));
export type RagFileRecord = z.infer<typeof RagFileRecordSchema>;

/** Typed document view of a RAG file. */
export const RagDocumentSchema = lazySchema(() => z.object({
  id: IdSchema,
  collectionId: IdSchema,
  originalName: z.string(),
  fileType: z.string(),
  mimeType: z.string(),
  fileSizeBytes: z.number().nonnegative(),
  status: RagDocumentStatusSchema,
  chunkCount: z.number().check(z.int(), z.nonnegative()),
  error: z.string().optional(),
  /** Backlink shown on chat context bubbles. */
  sourceUrl: z.string().optional(),
  documentMetadata: JsonObjectSchema.optional(),
  metadata: ResourceMetadataSchema,
}));
export type RagDocument = z.infer<typeof RagDocumentSchema>;

/** The binary `file` part of an upload (a `File` is a `Blob`). */
const BlobSchema = lazySchema(() => z
  .custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, { message: 'Expected a file' })
  // How OpenAPI describes a file part of a multipart body.
  .meta({ type: 'string', format: 'binary' }));

/** Text fields of a multipart RAG upload (POST /api/v1/rag/files), everything but `file`. */
export const RagUploadTextFieldsSchema = lazySchema(() => z.object({
  title: z.string().min(1),
  description: z.string(),
  chunkingTool: ChunkingToolSchema,
  chunkingAuthId: z.string().optional(),
  chunkingToolConfig: z.string().optional(),
  cleaners: z.string().optional(),
  ragVectorId: z.string().optional(),
  /** Comma-separated ids or a JSON array string. */
  ragVectorIds: z.string().optional(),
  sourceUrl: z.string().optional(),
  publishedDate: z.string().optional(),
  extractPublishedDate: z.string().optional(),
}));
export type RagUploadTextFields = z.infer<typeof RagUploadTextFieldsSchema>;

/** All fields of a multipart RAG upload, the binary `file` included. */
export const RagUploadFieldsSchema = lazySchema(() => RagUploadTextFieldsSchema.extend({ file: BlobSchema }));
export type RagUploadFields = z.infer<typeof RagUploadFieldsSchema>;

/** A retrieved chunk; `content` is empty when the item had neither text nor content. */
export const ChunkSchema = lazySchema(() => z.object({
  content: z.string(),
  score: z.number().nullable(),
  /** Best effort; `sources` of the result is authoritative. */
  source: z.string().nullable(),
  fileId: z.string().nullable(),
  vectorId: z.string().nullable(),
}));
export type Chunk = z.infer<typeof ChunkSchema>;

/** Fields every context retrieval result has (POST /api/v1/rag/context). */
export const RagContextCommonSchema = lazySchema(() => z.object({
  chunks: z.array(ChunkSchema),
  /** The authoritative provenance for the whole result. */
  sources: z.array(z.string()),
  query: z.string(),
  total: z.number().check(z.int(), z.nonnegative()),
  retrievalMs: z.number().nonnegative(),
}));
export type RagContextCommon = z.infer<typeof RagContextCommonSchema>;

/** Context result of a query by `groupId`. */
export const RagContextByGroupSchema = lazySchema(() => RagContextCommonSchema.extend({
  groupId: IdSchema,
  groupName: z.string(),
  /** The vectors of the group (ids or records; their shape is not shown by the spec). */
  vectors: z.array(z.union([z.string(), JsonObjectSchema])),
}));
export type RagContextByGroup = z.infer<typeof RagContextByGroupSchema>;

/** Context result of a query by `collectionId`. */
export const RagContextByCollectionSchema = lazySchema(() => RagContextCommonSchema.extend({
  collectionId: IdSchema,
  collectionTitle: z.string(),
}));
export type RagContextByCollection = z.infer<typeof RagContextByCollectionSchema>;

/**
 * A group-context result as the real RAG client reads it (from real clients: fulcrum
 * server/services/divinci-rag-client.ts `DivinciContextResult`): every vector of the group searched,
 * at most 50 chunks.
 */
export type RagGroupContextResult = RagContextByGroup;
export const RagGroupContextResultSchema = RagContextByGroupSchema;

/** One chunk of the whole-vector listing (from real clients: demo-pipeline api-contracts.test.ts). */
export const RagChunkListItemSchema = lazySchema(() => z
  .object({
    _id: IdSchema,
    text: z.string(),
    /** The file the chunk came from; pages are reassembled by grouping on `docSource._id`. */
    docSource: z.object({ _id: IdSchema }).catchall(z.unknown()),
  })
  .catchall(z.unknown()));
export type RagChunkListItem = z.infer<typeof RagChunkListItemSchema>;

/** A page of the whole-vector chunk listing `?offset&length` (from real clients: demo-pipeline api-contracts.test.ts, furniture-backfill-cli.ts). */
export const RagChunkListPageSchema = lazySchema(() => z.object({
  page: z.array(RagChunkListItemSchema),
  /** Chunks in the whole vector. */
  total: z.number().check(z.int(), z.nonnegative()),
  /** Files with chunks in the vector. */
  sourceDocCount: z.number().check(z.int(), z.nonnegative()),
  offset: z.number().check(z.int(), z.nonnegative()),
  length: z.number().check(z.int(), z.positive()),
}));
export type RagChunkListPage = z.infer<typeof RagChunkListPageSchema>;

/** A RAG group: vectors searched together by `POST /api/v1/rag/context {groupId}` (emulator-defined record; groups from real clients). */
export const RagGroupSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  name: z.string(),
  workspaceId: IdSchema,
  vectorIds: z.array(IdSchema),
  vectors: z.array(z.object({ _id: IdSchema, title: z.string() })),
  createdAt: z.string(),
}));
export type RagGroup = z.infer<typeof RagGroupSchema>;

/** Either context result variant. */
export const RagContextResultSchema = lazySchema(() => z.union([RagContextByCollectionSchema, RagContextByGroupSchema]));
export type RagContextResult = z.infer<typeof RagContextResultSchema>;

/** The most chunks one context retrieval answers. */
export const RAG_CONTEXT_MAX_TOP_K = 50;

/** Request body of POST /api/v1/rag/context: `query`, exactly one of `collectionId` or `groupId`, optional `topK`. */
export const RagContextQuerySchema = lazySchema(() => z
  .object({
    query: z.string().min(1),
    collectionId: IdSchema.optional(),
    groupId: IdSchema.optional(),
    /** Any count is taken; the server caps it at RAG_CONTEXT_MAX_TOP_K (real wire: fulcrum divinci-rag-client.ts "Server caps at 50"). */
    topK: z.number().check(z.int(), z.gte(1), z.lte(10_000)).optional(),
  })
  .refine((value) => (value.collectionId === undefined) !== (value.groupId === undefined), {
    message: 'Give exactly one of collectionId or groupId',
    path: ['collectionId'],
  }));
export type RagContextQuery = z.infer<typeof RagContextQuerySchema>;

/** Settings of a typed RAG collection; chunk sizes are in tokens. */
export const RagCollectionSettingsSchema = lazySchema(() => z.object({
  chunkSize: z.number().check(z.int(), z.positive()),
  chunkOverlap: z.number().check(z.int(), z.nonnegative()),
  maxChunksPerQuery: z.number().check(z.int(), z.positive()),
  similarityThreshold: z.number().check(z.gte(0), z.lte(1)),
}));
export type RagCollectionSettings = z.infer<typeof RagCollectionSettingsSchema>;

/** Typed RAG collection. */
export const RagCollectionSchema = lazySchema(() => z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().optional(),
  workspaceId: IdSchema,
  status: RagCollectionStatusSchema,
  documentCount: z.number().check(z.int(), z.nonnegative()),
  chunkCount: z.number().check(z.int(), z.nonnegative()),
  storageSizeBytes: z.number().nonnegative(),
  embeddingModel: z.string(),
  settings: RagCollectionSettingsSchema,
  metadata: ResourceMetadataSchema,
}));
export type RagCollection = z.infer<typeof RagCollectionSchema>;

/** One typed search hit: a chunk, its score (0 to 1) and the document it came from. */
export const RagSearchResultSchema = lazySchema(() => z.object({
  chunk: ChunkSchema,
  score: z.number().check(z.gte(0), z.lte(1)),
  document: z.object({
    id: IdSchema,
    originalName: z.string(),
    fileType: z.string(),
  }),
}));
export type RagSearchResult = z.infer<typeof RagSearchResultSchema>;

/** Answer of GET /api/v1/rag/files/{fileId}/vectorize-status (contract section 7). */
export const VectorizeStatusSchema = lazySchema(() => z.object({
  fileId: IdSchema,
  status: z.string(),
  queryable: z.boolean(),
  chunksIndexed: z.number().check(z.int(), z.nonnegative()),
  chunksTotal: z.number().check(z.int(), z.nonnegative()),
}));
export type VectorizeStatus = z.infer<typeof VectorizeStatusSchema>;
