// Notifications, delivery channels, triggers and webhook deliveries (the spec's `notifications` tag;
// the list, count, read, tags and notes follow the client SDK's observability page, the rest is emulator-defined).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from './common.js';

/** Event kinds the service raises (emulator-defined names); `notification.test` is a channel's test send. */
export const NOTIFICATION_EVENT_KINDS = [
  'rag.file.indexed',
  'rag.file.failed',
  'message.flagged',
  'feedback.created',
  'qa.run.finished',
  'fine-tune.finished',
  'quota.nearly-exhausted',
  'export.finished',
  'compliance.request.completed',
  'onboarding.completed',
  'crawl.finished',
  'audio.transcribed',
  'notification.test',
] as const;
export const NotificationEventKindSchema = lazySchema(() => z.enum(NOTIFICATION_EVENT_KINDS));
export type NotificationEventKind = z.infer<typeof NotificationEventKindSchema>;

export const NotificationNoteSchema = lazySchema(() => z.object({
  _id: IdSchema,
  text: z.string(),
  authorId: z.string().nullable(),
  createdAt: IsoTimestampSchema,
}));
export type NotificationNote = z.infer<typeof NotificationNoteSchema>;

export const NotificationSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  workspaceId: IdSchema,
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  tags: z.array(z.string()),
  isRead: z.boolean(),
  readAt: IsoTimestampSchema.nullable(),
  notes: z.array(NotificationNoteSchema),
  data: z.record(z.string(), z.unknown()),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type Notification = z.infer<typeof NotificationSchema>;

/** The list answer: `{docs, pagination}` as the client SDK reads it, and the PaginatedResponse fields beside. */
export const NotificationListSchema = lazySchema(() => z.object({
  docs: z.array(NotificationSchema),
  pagination: z.object({
    page: z.number().check(z.int(), z.gte(1)),
    limit: z.number().check(z.int(), z.gte(1)),
    total: z.number().check(z.int(), z.nonnegative()),
    totalPages: z.number().check(z.int(), z.nonnegative()),
    hasMore: z.boolean(),
  }),
  data: z.array(NotificationSchema),
  hasMore: z.boolean(),
  total: z.number().check(z.int(), z.nonnegative()),
}));
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationCountSchema = lazySchema(() => z.object({ unread: z.number().check(z.int(), z.nonnegative()), total: z.number().check(z.int(), z.nonnegative()) }));
export type NotificationCount = z.infer<typeof NotificationCountSchema>;

export const NotificationChannelTypeSchema = lazySchema(() => z.enum(['email', 'webhook']));
export type NotificationChannelType = z.infer<typeof NotificationChannelTypeSchema>;

export const NotificationChannelSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  workspaceId: IdSchema,
  type: NotificationChannelTypeSchema,
  name: z.string(),
  /** Webhook channels: where deliveries are POSTed. */
  url: z.string().nullable(),
  /** Email channels: the address. */
  email: z.string().nullable(),
  /** Email channels receive nothing until verified; webhook channels are verified from the start. */
  verified: z.boolean(),
  enabled: z.boolean(),
  /** The last four characters of a webhook secret (the secret itself is shown once, on create). */
  secretHint: z.string().nullable(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

export const NotificationChannelWithSecretSchema = lazySchema(() => NotificationChannelSchema.extend({ secret: z.string().nullable() }));
export type NotificationChannelWithSecret = z.infer<typeof NotificationChannelWithSecretSchema>;

export const NotificationTriggerSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  workspaceId: IdSchema,
  channelId: IdSchema,
  /** Fires on events carrying this tag (a flagger's notificationTags). */
  tag: z.string().nullable(),
  /** Fires on events of these kinds. */
  kinds: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type NotificationTrigger = z.infer<typeof NotificationTriggerSchema>;

export const DeliveryStatusSchema = lazySchema(() => z.enum(['pending', 'delivered', 'retrying', 'failed']));
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

export const DeliveryAttemptSchema = lazySchema(() => z.object({
  attempt: z.number().check(z.int(), z.gte(1)),
  /** Emulator time the attempt was made. */
  at: IsoTimestampSchema,
  /** The receiver's HTTP status; null when no answer came (network error, timeout). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Emulator-clock milliseconds the attempt took (0 under the manual clock). */
  latencyMs: z.number().nonnegative(),
}));
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

export const NotificationDeliverySchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  workspaceId: IdSchema,
  channelId: IdSchema,
  eventId: IdSchema,
  kind: z.string(),
  status: DeliveryStatusSchema,
  attempts: z.array(DeliveryAttemptSchema),
  nextRetryAt: IsoTimestampSchema.nullable(),
  deliveredAt: IsoTimestampSchema.nullable(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

/** The JSON body of every webhook delivery (signed: see docs/notifications.md). */
export const WebhookPayloadSchema = lazySchema(() => z.object({
  id: IdSchema,
  type: z.string(),
  createdAt: IsoTimestampSchema,
  workspaceId: IdSchema,
  data: z.record(z.string(), z.unknown()),
}));
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
