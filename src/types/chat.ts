// Chat (spec section 2): roles, content types, visibility, messages, threads, send/create options, responses and usage.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema, JsonObjectSchema, ResourceMetadataSchema } from './common.js';

export const MessageRoleSchema = lazySchema(() => z.enum(['user', 'assistant', 'system']));
export type MessageRole = z.infer<typeof MessageRoleSchema>;

export const MessageContentTypeSchema = lazySchema(() => z.enum(['text', 'image', 'audio', 'file']));
export type MessageContentType = z.infer<typeof MessageContentTypeSchema>;

export const ChatVisibilitySchema = lazySchema(() => z.enum(['private', 'shared', 'public']));
export type ChatVisibility = z.infer<typeof ChatVisibilitySchema>;

/** Arena streaming status: the type exists but its values are not listed by the spec. */
export const ArenaStreamingStatusSchema = lazySchema(() => z.string());
export type ArenaStreamingStatus = z.infer<typeof ArenaStreamingStatusSchema>;

/** RAG sources attached to a message or a response (shape beyond "object" not shown by the spec). */
export const ChatContextSchema = lazySchema(() => z.array(JsonObjectSchema));
export type ChatContext = z.infer<typeof ChatContextSchema>;

export const ChatMessageSchema = lazySchema(() => z.object({
  id: IdSchema,
  chatId: IdSchema.optional(),
  role: MessageRoleSchema,
  content: z.string(),
  contentType: MessageContentTypeSchema.optional(),
  timestamp: IsoTimestampSchema,
  tokenCount: z.number().check(z.int(), z.nonnegative()).optional(),
  /** RAG sources. */
  context: ChatContextSchema.optional(),
  /** Catalog matches. */
  products: z.array(JsonObjectSchema).optional(),
  /** Shape not shown by the spec. */
  reactions: z.unknown().optional(),
  metadata: JsonObjectSchema.optional(),
  arenaVariants: z.array(z.unknown()).optional(),
  arenaSelectedIndex: z.number().check(z.int(), z.nonnegative()).optional(),
  arenaStreamingStatus: ArenaStreamingStatusSchema.optional(),
  arenaExpectedVariants: z.number().check(z.int(), z.nonnegative()).optional(),
}));
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatThreadSchema = lazySchema(() => z.object({
  id: IdSchema,
  title: z.string().optional(),
  releaseId: IdSchema,
  ownerId: IdSchema,
  workspaceId: IdSchema.optional(),
  messageCount: z.number().check(z.int(), z.nonnegative()),
  lastMessageAt: IsoTimestampSchema.optional(),
  visibility: ChatVisibilitySchema,
  archived: z.boolean(),
  metadata: ResourceMetadataSchema,
}));
export type ChatThread = z.infer<typeof ChatThreadSchema>;

/** Body of a chat send. */
export const SendMessageOptionsSchema = lazySchema(() => z.object({
  content: z.string().min(1),
  contentType: MessageContentTypeSchema.optional(),
  /** Shape not shown by the spec. */
  attachments: z.array(JsonObjectSchema).optional(),
  stream: z.boolean().optional(),
  metadata: JsonObjectSchema.optional(),
  /** Chooses an assistant. */
  assistantName: z.string().optional(),
  /** A message id. */
  replyTo: IdSchema.optional(),
  /** Only for releases pinned to a provider key; shape not shown by the spec. */
  override: JsonObjectSchema.optional(),
}));
export type SendMessageOptions = z.infer<typeof SendMessageOptionsSchema>;

export const ChatUsageSchema = lazySchema(() => z.object({
  promptTokens: z.number().check(z.int(), z.nonnegative()),
  completionTokens: z.number().check(z.int(), z.nonnegative()),
  totalTokens: z.number().check(z.int(), z.nonnegative()),
  estimatedCostUsd: z.number().nonnegative().optional(),
}));
export type ChatUsage = z.infer<typeof ChatUsageSchema>;

export const ChatResponseSchema = lazySchema(() => z.object({
  message: ChatMessageSchema,
  usage: ChatUsageSchema,
  context: ChatContextSchema.optional(),
}));
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** Body of a thread create. */
export const CreateChatOptionsSchema = lazySchema(() => z.object({
  releaseId: IdSchema,
  title: z.string().optional(),
  systemMessage: z.string().optional(),
  visibility: ChatVisibilitySchema.optional(),
  metadata: JsonObjectSchema.optional(),
}));
export type CreateChatOptions = z.infer<typeof CreateChatOptionsSchema>;
