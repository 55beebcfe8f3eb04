// RAG file request and response shapes (spec sections 2, 4 and 8): multipart upload fields,
// patch, chunk paging, reindex, presigned uploads, cost estimates and audio.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { ChunkingToolSchema, RagDocumentStatusSchema } from '../../types/rag.js';

export { ChunkingToolSchema };
export type { ChunkingTool } from '../../types/rag.js';

/** Largest upload accepted (emulator-defined): 25 MiB. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Chunk listing page size (spec section 8). */
export const CHUNKS_DEFAULT_LIMIT = 25;
export const CHUNKS_MAX_LIMIT = 100;
/** A presigned upload URL stays valid this long (emulator-defined). */
export const PRESIGNED_TTL_MS = 15 * 60_000;
export const MAX_PRESIGNED_PER_REQUEST = 20;

/** A file name, not a path: no separators, no parent references, no control characters. */
export const FilenameSchema = lazySchema(() => z
  .string().check(z.minLength(1, 'A file name is required'), z.maxLength(255))
  .refine((name) => !/[\\/]/.test(name) && !name.split(/[\\/]/).includes('..') && name !== '.' && name !== '..', 'A file name may not contain a path')
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A file name may not contain control characters'));

const Url = lazySchema(() => z.url({ protocol: /^https?$/ }).max(2000));

/** The text fields of a multipart upload (POST /api/v1/rag/files). */
export const UploadFieldsSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(500)),
    description: z.string().max(5000),
    chunkingTool: ChunkingToolSchema,
    chunkingAuthId: z.string().max(200).optional(),
    chunkingToolConfig: z.string().max(10_000).optional(),
    cleaners: z.string().max(2000).optional(),
    ragVectorId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    ragVectorIds: z.string().check(z.minLength(1), z.maxLength(10_000)).optional(),
    sourceUrl: Url.optional(),
    publishedDate: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Expected a date (ISO 8601)').optional(),
    extractPublishedDate: z.enum(['true', 'false']).optional(),
    /** Emulator-defined: the key of a presigned upload, instead of the `file` part. */
    fileKey: z.string().check(z.minLength(1), z.maxLength(300)).optional(),
  }));
export type UploadFields = z.infer<typeof UploadFieldsSchema>;

/** `chunkingToolConfig`, when given, is a JSON object; these keys override the target's sizes. */
export const ChunkingToolConfigSchema = lazySchema(() => z
  .object({
    chunkSize: z.number().check(z.int(), z.gte(32), z.lte(8192)).optional(),
    chunkOverlap: z.number().check(z.int(), z.gte(0), z.lte(4096)).optional(),
  })
  .catchall(z.unknown()));

export const PatchFileSchema = lazySchema(() => z
  .strictObject({
    rawFileKey: z.string().max(300).optional(),
    fileKey: z.string().max(300).optional(),
    status: RagDocumentStatusSchema.optional(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
    description: z.string().max(5000).optional(),
    sourceUrl: z.union([Url, z.literal('')]).optional(),
  }));
export type PatchFileInput = z.infer<typeof PatchFileSchema>;

export const ReindexFileSchema = lazySchema(() => z.strictObject({ chunkingTool: ChunkingToolSchema.optional() }));

export const FileParamsSchema = lazySchema(() => z.object({ fileId: z.string().check(z.minLength(1), z.maxLength(200)) }));

const Bool = lazySchema(() => z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'));

export const FilesQuerySchema = lazySchema(() => z.object({
  /** The command-line filter: ready (completed), processing (any step before), error. */
  status: z.enum(['ready', 'processing', 'error']).optional(),
  ragVectorId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  /** Emulator-defined: leave out `chunksCount` (the spec's lazy-count mode) for this call. */
  lazyCount: Bool.optional(),
}));

export const ChunksQuerySchema = lazySchema(() => z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(CHUNKS_MAX_LIMIT).default(CHUNKS_DEFAULT_LIMIT),
}));

export const PresignedRequestSchema = lazySchema(() => z
  .array(
    z
      .strictObject({
        byteSize: z.number().check(z.int(), z.gte(1), z.lte(MAX_UPLOAD_BYTES)),
        filename: FilenameSchema,
        contentType: z.string().max(200).optional(),
      }),
  )
  .min(1)
  .max(MAX_PRESIGNED_PER_REQUEST));

export const UploadParamsSchema = lazySchema(() => z.object({ uploadId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const EstimateCostSchema = lazySchema(() => z
  .strictObject({
    chunker: ChunkingToolSchema.optional(),
    chunkingTool: ChunkingToolSchema.optional(),
    cleaners: z.union([z.string().max(2000), z.array(z.string().max(100)).max(50)]).optional(),
    extractPublishedDate: z.boolean().optional(),
    ragVectorId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    content: z.string().max(MAX_UPLOAD_BYTES).optional(),
    byteSize: z.number().check(z.int(), z.gte(1), z.lte(MAX_UPLOAD_BYTES)).optional(),
    fileKey: z.string().check(z.minLength(1), z.maxLength(300)).optional(),
  })
  .refine((v) => v.content !== undefined || v.byteSize !== undefined || v.fileKey !== undefined, {
    message: 'Give content, byteSize or fileKey',
    path: ['content'],
  }));
export type EstimateCostInput = z.infer<typeof EstimateCostSchema>;

const AudioCommon = lazySchema(() => ({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
  description: z.string().max(5000).optional(),
  ragVectorId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  chunkingTool: ChunkingToolSchema.optional(),
  /** Emulator-defined: a transcript to index as it is, instead of transcribing the audio (then nothing is fetched). */
  transcript: z.string().check(z.minLength(1), z.maxLength(1_000_000)).optional(),
  language: z.string().max(20).optional(),
}));

export const AudioFromUrlSchema = lazySchema(() => z.strictObject({ audioUrl: Url, ...AudioCommon }));
export const AudioFromPresignedSchema = lazySchema(() => z.strictObject({ fileKey: z.string().check(z.minLength(1), z.maxLength(300)), ...AudioCommon }));
export type AudioInput = z.infer<typeof AudioFromUrlSchema> | z.infer<typeof AudioFromPresignedSchema>;

// Responses.

export const FileRecordSchema = lazySchema(() => z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    originalName: z.string(),
    fileType: z.string(),
    mimeType: z.string(),
    fileSizeBytes: z.number().int(),
    status: RagDocumentStatusSchema,
    error: z.string().optional(),
    chunkingTool: ChunkingToolSchema,
    chunksCount: z.number().int().optional(),
    ragVectors: z.array(z.object({ _id: z.string(), title: z.string() })),
    collectionId: z.string(),
    queryable: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown()));
export type FileRecord = z.infer<typeof FileRecordSchema>;

export const ChunkRecordSchema = lazySchema(() => z.object({
  _id: z.string(),
  fileId: z.string(),
  index: z.number().int(),
  content: z.string(),
  tokenCount: z.number().int(),
  heading: z.string().nullable(),
}));

export const ChunkPageSchema = lazySchema(() => z.object({
  fileId: z.string(),
  chunks: z.array(ChunkRecordSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() }),
}));

export const PresignedResultSchema = lazySchema(() => z.object({
  uploadId: z.string(),
  fileKey: z.string(),
  filename: z.string(),
  byteSize: z.number().int(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
}));
