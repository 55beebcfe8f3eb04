// RAG target (vector index) request and response shapes, their defaults and limits, and the
// event-log query (spec sections 2, 4 and 8; contract section 7).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { ChunkingToolSchema, VectorIndexToolSchema } from '../../types/rag.js';
import { DEFAULT_EMBEDDING_MODEL } from '../../vector/embedding.js';

export { ChunkingToolSchema, VectorIndexToolSchema };
export type { ChunkingTool, VectorIndexTool } from '../../types/rag.js';

/** Target defaults (emulator-defined). Chunk sizes are in tokens. */
export const TARGET_DEFAULTS = {
  vectorIndexTool: 'default',
  embeddingModel: DEFAULT_EMBEDDING_MODEL,
  chunkingTool: 'default',
  chunkSize: 512,
  chunkOverlap: 64,
  contextPerMessage: 5,
  minimumSimilarity: 0,
} as const;

export const EVENTS_DEFAULT_LIMIT = 50;
export const EVENTS_MAX_LIMIT = 500;

const Title = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const Similarity = lazySchema(() => z.number().check(z.gte(0), z.lte(1)));
const ContextPerMessage = lazySchema(() => z.number().check(z.int(), z.gte(1), z.lte(100)));
const ChunkSize = lazySchema(() => z.number().check(z.int(), z.gte(32), z.lte(8192)));
const ChunkOverlap = lazySchema(() => z.number().check(z.int(), z.gte(0), z.lte(4096)));
const Model = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));

const overlapBelowSize = (value: { chunkSize?: number | undefined; chunkOverlap?: number | undefined }, ctx: z.RefinementCtx) => {
  if (value.chunkSize !== undefined && value.chunkOverlap !== undefined && value.chunkOverlap >= value.chunkSize) {
    ctx.addIssue({ code: 'custom', path: ['chunkOverlap'], message: 'chunkOverlap must be smaller than chunkSize' });
  }
};

const CreateTargetFields = lazySchema(() => z.object({
  title: Title,
  /** The client library's word for the title (https://sdk.divinci.ai/client/rag/); stored as the title. */
  name: Title.optional(),
  vectorIndexTool: VectorIndexToolSchema,
  description: z.string().max(2000).optional(),
  embeddingModel: Model.optional(),
  chunkingTool: ChunkingToolSchema.optional(),
  chunkSize: ChunkSize.optional(),
  chunkOverlap: ChunkOverlap.optional(),
  contextPerMessage: ContextPerMessage.optional(),
  minimumSimilarity: Similarity.optional(),
}));

/** A body without `title` takes the client library's `name` as its title. */
const nameAsTitle = (value: unknown) =>
  value !== null && typeof value === 'object' && !('title' in value) && 'name' in value ? { ...value, title: (value as { name: unknown }).name } : value;

/** `title` or the client library's `name`; `vectorIndexTool` defaults, as the library sends only `{name}`. */
export const CreateTargetSchema = lazySchema(() => z.preprocess(
  nameAsTitle,
  CreateTargetFields.partial({ vectorIndexTool: true })
    .strict()
    .superRefine(overlapBelowSize)
    .transform(({ name: _name, ...rest }) => rest),
));
export type CreateTargetInput = z.infer<typeof CreateTargetSchema>;

export const PatchTargetSchema = lazySchema(() => z
  .strictObject({
    title: Title.optional(),
    /** The client library's `update({name})`; the title when no title is given. */
    name: Title.optional(),
    description: z.string().max(2000).optional(),
    minimumSimilarity: Similarity.optional(),
    contextPerMessage: ContextPerMessage.optional(),
    embeddingModel: Model.optional(),
  })
  .transform(({ name, ...rest }) => ({ ...rest, ...((rest.title ?? name) !== undefined && { title: rest.title ?? name }) })));
export type PatchTargetInput = z.infer<typeof PatchTargetSchema>;

/** Everything a new target takes, all optional: the clone's new settings. */
export const MigrateTargetSchema = lazySchema(() => CreateTargetFields.partial().strict().superRefine(overlapBelowSize));
export type MigrateTargetInput = z.infer<typeof MigrateTargetSchema>;

export const BulkReindexSchema = lazySchema(() => z
  .strictObject({
    chunkingTool: ChunkingToolSchema.optional(),
    fileIds: z.array(z.string().check(z.minLength(1), z.maxLength(200))).max(10_000).optional(),
  }));
export type BulkReindexInput = z.infer<typeof BulkReindexSchema>;

export const TargetParamsSchema = lazySchema(() => z.object({ collectionId: z.string().check(z.minLength(1), z.maxLength(200)) }));

/** Fork: the copy's title (or `name`) and description; by default "<title> (fork)". */
export const ForkTargetSchema = lazySchema(() => z
  .strictObject({ name: Title.optional(), title: Title.optional(), description: z.string().max(2000).optional() }));
export type ForkTargetInput = z.infer<typeof ForkTargetSchema>;

/** Whole-vector chunk listing (real wire: demo-pipeline furniture-backfill-cli.ts `?offset=0&length=1`). */
export const CHUNK_LIST_DEFAULT_LENGTH = 100;
export const CHUNK_LIST_MAX_LENGTH = 1000;
export const ChunkListQuerySchema = lazySchema(() => z.object({
  offset: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(CHUNK_LIST_MAX_LENGTH).default(CHUNK_LIST_DEFAULT_LENGTH),
}));
export const WorkspaceVectorParamsSchema = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)), vectorId: z.string().check(z.minLength(1), z.maxLength(200)) }));

const Bool = lazySchema(() => z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'));
const Since = lazySchema(() => z.union([
  z.string().regex(/^\d{1,16}$/).transform(Number),
  z.iso.datetime({ offset: true }).transform((v) => Date.parse(v)),
]));

export const EventActorTypeSchema = lazySchema(() => z.enum(['apiKey', 'user', 'system']));

export const EventsQuerySchema = lazySchema(() => z.object({
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(EVENTS_DEFAULT_LIMIT),
  fileId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  action: z.string().check(z.minLength(1), z.maxLength(100)).optional(),
  actorType: EventActorTypeSchema.optional(),
  since: Since.optional(),
  includeBackfill: Bool.default(false),
}));
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

// Responses.

export const TargetRecordSchema = lazySchema(() => z
  .object({
    _id: z.string(),
    title: z.string(),
    /** Equal to `title`: the client library reads `name`. */
    name: z.string(),
    description: z.string().optional(),
    vectorIndexTool: VectorIndexToolSchema,
    embeddingModel: z.string(),
    chunkingTool: ChunkingToolSchema,
    chunkSize: z.number().int(),
    chunkOverlap: z.number().int(),
    contextPerMessage: z.number().int(),
    minimumSimilarity: z.number(),
    status: z.enum(['active', 'processing', 'error', 'archived']),
    fileCount: z.number().int(),
    chunkCount: z.number().int(),
    workspaceId: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown()));
export type TargetRecord = z.infer<typeof TargetRecordSchema>;

export const TargetListSchema = lazySchema(() => z.object({
  data: z.array(TargetRecordSchema),
  hasMore: z.boolean(),
  total: z.number().int(),
}));

export const EventRecordSchema = lazySchema(() => z.object({
  _id: z.string(),
  collectionId: z.string(),
  fileId: z.string().nullable(),
  action: z.string(),
  actorType: EventActorTypeSchema,
  actorId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  backfill: z.boolean(),
  at: z.string(),
}));
export type EventRecord = z.infer<typeof EventRecordSchema>;

export { RagChunkListPageSchema as ChunkListPageSchema } from '../../types/rag.js';

export const EventListSchema = lazySchema(() => z.object({ data: z.array(EventRecordSchema), hasMore: z.boolean(), total: z.number().int() }));
