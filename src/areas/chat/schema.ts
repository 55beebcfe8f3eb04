// Chat request and response shapes: the spec's CreateChatOptions and SendMessageOptions made
// strict, the emulator-defined thread update, list queries, and the ChatStreamChunk events.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { ChatMessageSchema, ChatResponseSchema, ChatThreadSchema, ChatUsageSchema, ChatContextSchema } from '../../types/chat.js';
import { paginatedResponse } from '../../types/common.js';
import { StreamContextEntrySchema, type StreamContextEntry } from '../../types/landing.js';

export const MAX_CONTENT_CHARS = 100_000;
export const THREADS_DEFAULT_LIMIT = 20;
export const MESSAGES_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
/** Anonymous threads are ephemeral: they answer 404 this long after creation (emulator time). */
export const ANONYMOUS_THREAD_TTL_MS = 24 * 3_600_000;

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Obj = lazySchema(() => z.record(z.string(), z.unknown()));
const Visibility = lazySchema(() => z.enum(['private', 'shared', 'public']));

export const CreateThreadSchema = lazySchema(() => z
  .strictObject({
    releaseId: Id,
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
    systemMessage: z.string().check(z.minLength(1), z.maxLength(20_000)).optional(),
    visibility: Visibility.optional(),
    metadata: Obj.optional(),
  }));
export type CreateThreadInput = z.infer<typeof CreateThreadSchema>;

export const AnonymousThreadSchema = lazySchema(() => CreateThreadSchema.omit({ visibility: true }));
export type AnonymousThreadInput = z.infer<typeof AnonymousThreadSchema>;

export const UpdateThreadSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
    visibility: Visibility.optional(),
    archived: z.boolean().optional(),
  })
  .refine((v) => v.title !== undefined || v.visibility !== undefined || v.archived !== undefined, { message: 'Nothing to change' }));
export type UpdateThreadInput = z.infer<typeof UpdateThreadSchema>;

/** `override` applies to releases pinned to a provider key (config.byokId) only. */
export const OverrideSchema = lazySchema(() => z
  .strictObject({
    model: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    temperature: z.number().check(z.gte(0), z.lte(2)).optional(),
    maxTokens: z.number().check(z.int(), z.positive(), z.lte(128_000)).optional(),
  }));

export const SendMessageSchema = lazySchema(() => z
  .strictObject({
    content: z.string().max(MAX_CONTENT_CHARS).refine((s) => s.trim().length > 0, { message: 'Content must not be empty' }),
    contentType: z.enum(['text', 'image', 'audio', 'file']).optional(),
    attachments: z.array(Obj).max(20).optional(),
    stream: z.boolean().optional(),
    metadata: Obj.optional(),
    assistantName: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    replyTo: Id.optional(),
    override: OverrideSchema.optional(),
  }));
export type SendMessageInput = z.infer<typeof SendMessageSchema>;

export const ThreadParamsSchema = lazySchema(() => z.object({ threadId: Id }));

const limit = (fallback: number) => z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(fallback);
/** Cursors are opaque to clients; the emulator's are offsets written as decimal strings. */
const cursor = lazySchema(() => z.string().regex(/^\d{1,9}$/, 'Not a cursor from this API').optional());

export const ThreadListQuerySchema = lazySchema(() => z
  .strictObject({
    releaseId: Id.optional(),
    archived: z.enum(['true', 'false', 'all']).default('false'),
    limit: limit(THREADS_DEFAULT_LIMIT),
    cursor,
  }));

export const MessageListQuerySchema = lazySchema(() => z.strictObject({ limit: limit(MESSAGES_DEFAULT_LIMIT), cursor }));

// Answers.

export const ThreadListSchema = lazySchema(() => paginatedResponse(ChatThreadSchema));
export const MessageListSchema = lazySchema(() => paginatedResponse(ChatMessageSchema));
export const AnonymousThreadAnswerSchema = lazySchema(() => z.object({ thread: ChatThreadSchema, anonymousSessionId: z.string() }));

export { StreamContextEntrySchema, type StreamContextEntry };

/**
 * The events of a streamed send: `start`, `context` (the retrieved sources, before any text; from
 * the SDK's documented stream), the text `delta`s, and `done` (emulator-defined beyond that).
 */
export const ChatStreamChunkSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), threadId: z.string(), userMessageId: z.string(), messageId: z.string() }),
  z.object({ type: z.literal('context'), context: z.array(StreamContextEntrySchema) }),
  z.object({ type: z.literal('delta'), index: z.number().check(z.int(), z.nonnegative()), content: z.string() }),
  z.object({ type: z.literal('done'), message: ChatMessageSchema, usage: ChatUsageSchema, context: ChatContextSchema }),
]));
export type ChatStreamChunk = z.infer<typeof ChatStreamChunkSchema>;

export { ChatResponseSchema };
