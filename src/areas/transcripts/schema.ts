// Transcript request and response shapes (spec sections 2 and 4), and their paging limits.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

/** Transcript list paging (emulator-defined: the spec does not name the parameters). */
export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
/** Message paging inside one transcript (emulator-defined). */
export const MESSAGES_DEFAULT_LIMIT = 50;
export const MESSAGES_MAX_LIMIT = 500;
/** firstMessage/lastMessage previews are cut to this many characters. */
export const PREVIEW_MAX_CHARS = 200;
export const MAX_MESSAGES_PER_CREATE = 1000;
export const MAX_CONTENT_CHARS = 200_000;
/** A create's own limits (shared with its quick check, quick-create-body.ts). */
export const MAX_TITLE_CHARS = 500;
export const MAX_CHILD_TRANSCRIPTS = 1000;
export const MAX_REF_CHARS = 200;
export const MESSAGE_ROLES = ['user', 'assistant', 'system', 'tool'] as const;

export const MessageRoleSchema = lazySchema(() => z.enum(MESSAGE_ROLES));

const ObjectSchema = lazySchema(() => z.record(z.string(), z.unknown()));

/** Fields the service computes; a client may not set them. (`workspaceId` is the SDK's: checked, not stored.) */
const READ_ONLY_FIELDS = ['_id', 'id', 'messageCount', 'lastMessageTimestamp', 'firstMessage', 'lastMessage', 'pagination', 'createdAt', 'updatedAt'];
const RESERVED_MESSAGE_FIELDS = ['position'];

function rejectFields(fields: string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const field of fields) {
      if (field in value) ctx.addIssue({ code: 'custom', path: [field], message: 'Field is read-only' });
    }
  };
}

export const MessageInputSchema = lazySchema(() => z
  .object({
    role: MessageRoleSchema,
    content: z.union([z.string().max(MAX_CONTENT_CHARS), ObjectSchema, z.array(z.unknown())]),
    timestamp: z.union([z.iso.datetime({ offset: true }), z.number().check(z.int(), z.nonnegative())]).optional(),
    context: z.array(ObjectSchema).optional(),
  })
  .catchall(z.unknown())
  .superRefine(rejectFields(RESERVED_MESSAGE_FIELDS)));
export type MessageInput = z.infer<typeof MessageInputSchema>;

export const CreateTranscriptSchema = lazySchema(() => z
  .object({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TITLE_CHARS)).optional(),
    locked: z.boolean().optional(),
    hideConversationStarters: z.boolean().optional(),
    metadata: ObjectSchema.optional(),
    childTranscripts: z.array(z.string().min(1)).max(MAX_CHILD_TRANSCRIPTS).optional(),
    messages: z.array(MessageInputSchema).max(MAX_MESSAGES_PER_CREATE).optional(),
    /** The server SDK's `create({ workspaceId, releaseId? })`: the caller's own workspace. */
    workspaceId: z.string().check(z.minLength(1), z.maxLength(MAX_REF_CHARS)).optional(),
    /** The release the conversation belongs to (stored and echoed). */
    releaseId: z.string().check(z.minLength(1), z.maxLength(MAX_REF_CHARS)).optional(),
  })
  .catchall(z.unknown())
  .superRefine(rejectFields(READ_ONLY_FIELDS)));
export type CreateTranscriptInput = z.infer<typeof CreateTranscriptSchema>;

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const ListQuerySchema = lazySchema(() => z.object({
  page: int(1, 1_000_000, 1),
  limit: int(1, LIST_MAX_LIMIT, LIST_DEFAULT_LIMIT),
  /** The server SDK's `list(workspaceId, …)`: must be the caller's workspace. */
  workspaceId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  /** A `nextCursor` from an earlier page (PaginatedResponse); wins over `page`. */
  cursor: z.string().max(200).optional(),
}));

export const MessagesQuerySchema = lazySchema(() => z.object({
  limit: int(1, MESSAGES_MAX_LIMIT, MESSAGES_DEFAULT_LIMIT),
  offset: int(0, 1_000_000_000, 0),
}));

export const TranscriptParamsSchema = lazySchema(() => z.object({ transcriptId: z.string().check(z.minLength(1), z.maxLength(200)) }));

// Responses (used by tests and the OpenAPI document).

export const MessagePreviewSchema = lazySchema(() => z.object({
  role: z.string(),
  timestamp: z.number().int(),
  content: z.string().max(PREVIEW_MAX_CHARS).optional(),
}));

export const TranscriptListItemSchema = lazySchema(() => z
  .object({
    _id: z.string(),
    title: z.string(),
    locked: z.boolean(),
    hideConversationStarters: z.boolean(),
    metadata: ObjectSchema,
    messageCount: z.number().check(z.int(), z.nonnegative()),
    lastMessageTimestamp: z.number().check(z.int(), z.nonnegative()),
    childTranscripts: z.array(z.string()),
    firstMessage: MessagePreviewSchema.nullable(),
    lastMessage: MessagePreviewSchema.nullable(),
  })
  .catchall(z.unknown()));

export const TranscriptListSchema = lazySchema(() => z.object({
  /** PaginatedResponse (the server SDK reads `data`), beside the spec's `transcripts`/`pagination`. */
  data: z.array(TranscriptListItemSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
  total: z.number().int(),
  transcripts: z.array(TranscriptListItemSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  }),
}));

export const TranscriptMessageSchema = lazySchema(() => z
  .object({
    role: z.string(),
    content: z.union([z.string(), ObjectSchema, z.array(z.unknown())]),
    timestamp: z.string(),
    context: z.array(ObjectSchema),
  })
  .catchall(z.unknown()));

export const TranscriptSingleSchema = lazySchema(() => z
  .object({
    _id: z.string(),
    hideConversationStarters: z.boolean(),
    childTranscripts: z.array(z.string()),
    messages: z.array(TranscriptMessageSchema),
    pagination: z.object({
      total: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      hasMore: z.boolean(),
    }),
  })
  .catchall(z.unknown()));

export const StatusOkSchema = lazySchema(() => z.object({ status: z.literal('ok') }));

/** A stored message as an append or a read answers it: `_id` names it. */
export const StoredMessageSchema = lazySchema(() => TranscriptMessageSchema.extend({ _id: z.string() }));

/** POST …/messages: the spec's `status` and the stored message the server SDK reads. */
export const MessageAddedSchema = lazySchema(() => z.object({ status: z.literal('ok'), message: StoredMessageSchema }));

/** The server SDK's `ingestBatch`: items recorded in one call, all or none. */
export const MAX_INGEST_ITEMS = 1000;

const ReleaseRef = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const IngestItemSchema = lazySchema(() => z
  .object({
    role: MessageRoleSchema,
    content: z.union([z.string().max(MAX_CONTENT_CHARS), ObjectSchema, z.array(z.unknown())]),
    name: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    release: ReleaseRef.optional(),
    metadata: ObjectSchema.optional(),
    timestamp: z.union([z.iso.datetime({ offset: true }), z.number().check(z.int(), z.nonnegative())]).optional(),
    context: z.array(ObjectSchema).optional(),
  })
  .catchall(z.unknown())
  .superRefine(rejectFields(RESERVED_MESSAGE_FIELDS)));
export type IngestItem = z.infer<typeof IngestItemSchema>;

export const IngestBatchSchema = lazySchema(() => z.object({
  workspaceId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  /** When given, the transcript in the path. */
  transcriptId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  /** Applied to every item that does not set its own (`metadata` keys merge, the item's win). */
  defaults: z.object({ release: ReleaseRef.optional(), metadata: ObjectSchema.optional() }).optional(),
  items: z.array(IngestItemSchema).min(1).max(MAX_INGEST_ITEMS, `At most ${MAX_INGEST_ITEMS} items per batch`),
}));
export type IngestBatchInput = z.infer<typeof IngestBatchSchema>;

export const IngestBatchAnswerSchema = lazySchema(() => z.object({ inserted: z.number().check(z.int(), z.nonnegative()), messageIds: z.array(z.string()) }));
