// Transcripts (spec section 2): list items, a single transcript with a page of messages, messages and their envelopes.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { EpochMsSchema, IdSchema, IsoTimestampSchema, JsonObjectSchema, paginatedResponse } from './common.js';

/** `firstMessage` / `lastMessage` previews are cut to this many characters (contract section 7). */
export const MESSAGE_PREVIEW_MAX_CHARS = 200;

/** `firstMessage` / `lastMessage` of a list item; `content` only when the message content is a string. */
export const MessagePreviewSchema = lazySchema(() => z.object({
  role: z.string(),
  timestamp: EpochMsSchema,
  content: z.string().max(MESSAGE_PREVIEW_MAX_CHARS).optional(),
}));
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;

/** Transcript list item (GET /api/v1/transcripts). Extra fields may be present. */
export const TranscriptListItemSchema = lazySchema(() => z
  .object({
    _id: IdSchema,
    title: z.string(),
    locked: z.boolean(),
    hideConversationStarters: z.boolean(),
    metadata: JsonObjectSchema,
    messageCount: z.number().check(z.int(), z.nonnegative()),
    /** Epoch ms; 0 when there are no messages. */
    lastMessageTimestamp: EpochMsSchema,
    childTranscripts: z.array(z.string()),
    firstMessage: MessagePreviewSchema.nullable(),
    lastMessage: MessagePreviewSchema.nullable(),
  })
  .catchall(z.unknown()));
export type TranscriptListItem = z.infer<typeof TranscriptListItemSchema>;

/** A stored message: `content` is a string for ordinary turns, structured (object) for tool messages. Extra fields allowed. */
export const MessageSchema = lazySchema(() => z
  .object({
    role: z.string(),
    content: z.union([z.string(), JsonObjectSchema, z.array(z.unknown())]),
    timestamp: IsoTimestampSchema,
    /** Retrieved context, filtered by the viewer's policy. */
    context: z.array(JsonObjectSchema),
  })
  .catchall(z.unknown()));
export type Message = z.infer<typeof MessageSchema>;

/** Message paging inside one transcript. */
export const MessagePaginationSchema = lazySchema(() => z.object({
  total: z.number().check(z.int(), z.nonnegative()),
  limit: z.number().check(z.int(), z.nonnegative()),
  offset: z.number().check(z.int(), z.nonnegative()),
  hasMore: z.boolean(),
}));
export type MessagePagination = z.infer<typeof MessagePaginationSchema>;

/** Single transcript (GET /api/v1/transcripts/{transcriptId}) with one page of messages. Extra fields may be present. */
export const TranscriptSchema = lazySchema(() => z
  .object({
    _id: IdSchema,
    hideConversationStarters: z.boolean(),
    childTranscripts: z.array(z.string()),
    messages: z.array(MessageSchema),
    pagination: MessagePaginationSchema,
  })
  .catchall(z.unknown()));
export type Transcript = z.infer<typeof TranscriptSchema>;

/** Paging of the transcript list (`page` is 1-based). */
export const TranscriptListPaginationSchema = lazySchema(() => z.object({
  page: z.number().check(z.int(), z.positive()),
  limit: z.number().check(z.int(), z.nonnegative()),
  total: z.number().check(z.int(), z.nonnegative()),
  totalPages: z.number().check(z.int(), z.nonnegative()),
  hasMore: z.boolean(),
}));
export type TranscriptListPagination = z.infer<typeof TranscriptListPaginationSchema>;

/** 200 answer of GET /api/v1/transcripts. */
export const TranscriptListResponseSchema = lazySchema(() => z.object({
  transcripts: z.array(TranscriptListItemSchema),
  pagination: TranscriptListPaginationSchema,
}));
export type TranscriptListResponse = z.infer<typeof TranscriptListResponseSchema>;

/** 201 answer of POST /api/v1/transcripts: the created transcript (`_id`, `title`, extra fields). */
export const CreatedTranscriptSchema = lazySchema(() => z
  .object({
    _id: IdSchema,
    title: z.string(),
  })
  .catchall(z.unknown()));
export type CreatedTranscript = z.infer<typeof CreatedTranscriptSchema>;

/** 200 answer of POST /api/v1/transcripts/{transcriptId}/messages; the stored message is not echoed. */
export const TranscriptMessageAckSchema = lazySchema(() => z.object({ status: z.literal('ok') }));
export type TranscriptMessageAck = z.infer<typeof TranscriptMessageAckSchema>;

// Shapes taken from real clients: the server SDK's transcripts surface
// (https://sdk.divinci.ai/server/transcripts/, REAL-WIRE section 9).

/** The transcript list as the server SDK reads it: the shared PaginatedResponse beside `transcripts`/`pagination`. */
export const TranscriptListPageSchema = lazySchema(() => TranscriptListResponseSchema.extend(paginatedResponse(TranscriptListItemSchema).shape));
export type TranscriptListPage = z.infer<typeof TranscriptListPageSchema>;

/** `transcripts.create(options)`: the caller's own workspace, an optional release (other spec fields allowed too). */
export const TranscriptCreateOptionsSchema = lazySchema(() => z
  .object({
    workspaceId: IdSchema.optional(),
    releaseId: IdSchema.optional(),
    title: z.string().optional(),
    metadata: JsonObjectSchema.optional(),
  })
  .catchall(z.unknown()));
export type TranscriptCreateOptions = z.infer<typeof TranscriptCreateOptionsSchema>;

/** A stored message echoed by an append (and served by transcript reads): `_id` names it. */
export const StoredMessageSchema = lazySchema(() => MessageSchema.extend({ _id: IdSchema }));
export type StoredMessage = z.infer<typeof StoredMessageSchema>;

/** 200 answer of POST …/transcripts/{transcriptId}/messages: the spec's `status` and the stored message. */
export const TranscriptMessageAddedSchema = lazySchema(() => TranscriptMessageAckSchema.extend({ message: StoredMessageSchema }));
export type TranscriptMessageAdded = z.infer<typeof TranscriptMessageAddedSchema>;

/** Most items one `ingestBatch` call takes (emulator-defined). */
export const INGEST_BATCH_MAX_ITEMS = 1000;

/** One message of an `ingestBatch` call; `release` and `metadata` override the batch defaults. */
export const IngestBatchItemSchema = lazySchema(() => z
  .object({
    role: z.enum(['user', 'assistant', 'system', 'tool']),
    content: z.union([z.string(), JsonObjectSchema, z.array(z.unknown())]),
    name: z.string().optional(),
    release: IdSchema.optional(),
    metadata: JsonObjectSchema.optional(),
  })
  .catchall(z.unknown()));
export type IngestBatchItem = z.infer<typeof IngestBatchItemSchema>;

/** Body of POST /api/v1/transcripts/{transcriptId}/ingest-batch (`transcripts.ingestBatch`). */
export const IngestBatchInputSchema = lazySchema(() => z.object({
  workspaceId: IdSchema.optional(),
  transcriptId: IdSchema.optional(),
  defaults: z.object({ release: IdSchema.optional(), metadata: JsonObjectSchema.optional() }).optional(),
  items: z.array(IngestBatchItemSchema).min(1).max(INGEST_BATCH_MAX_ITEMS),
}));
export type IngestBatchInput = z.infer<typeof IngestBatchInputSchema>;

/** Answer of an `ingestBatch` call: how many messages were stored and their ids, in item order. */
export const IngestBatchResultSchema = lazySchema(() => z.object({
  inserted: z.number().check(z.int(), z.nonnegative()),
  messageIds: z.array(IdSchema),
}));
export type IngestBatchResult = z.infer<typeof IngestBatchResultSchema>;
