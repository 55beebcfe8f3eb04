// Request shapes of the notifications routes (zod at the edge). Records are in src/types/notifications.ts.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { NotificationEventKindSchema } from '../../types/notifications.js';

/** The spec's floor for a webhook channel's secret (section 8). */
export const WEBHOOK_SECRET_MIN = 32;

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Tag = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(100)));
const Name = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const BoolText = lazySchema(() => z.enum(['true', 'false']).transform((v) => v === 'true'));

export const WorkspaceParamsSchema = lazySchema(() => z.object({ workspaceId: Id }));
export const NotificationParamsSchema = lazySchema(() => z.object({ workspaceId: Id.optional(), notificationId: Id }));
export const NoteParamsSchema = lazySchema(() => NotificationParamsSchema.extend({ noteId: Id }));
export const ChannelParamsSchema = lazySchema(() => z.object({ workspaceId: Id.optional(), channelId: Id }));
export const DeliveryParamsSchema = lazySchema(() => ChannelParamsSchema.extend({ deliveryId: Id }));
export const TriggerParamsSchema = lazySchema(() => z.object({ workspaceId: Id.optional(), triggerId: Id }));

export const NotificationListQuerySchema = lazySchema(() => z.object({
  isRead: BoolText.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  kind: z.string().check(z.minLength(1), z.maxLength(100)).optional(),
  tag: Tag.optional(),
  workspaceId: Id.optional(),
}));
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const WorkspaceQuerySchema = lazySchema(() => z.object({ workspaceId: Id.optional() }));

export const MarkReadSchema = lazySchema(() => z.strictObject({ isRead: z.boolean().default(true) }));
export const SetTagsSchema = lazySchema(() => z.strictObject({ tags: z.array(Tag).max(50) }));
export const AddNoteSchema = lazySchema(() => z.strictObject({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)) }));

/** http(s) only: deliveries are HTTP POSTs. */
const WebhookUrl = lazySchema(() => z
  .string()
  .max(2000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'An http or https URL'));
const Secret = lazySchema(() => z
  .string().check(z.minLength(WEBHOOK_SECRET_MIN, `A webhook secret has at least ${WEBHOOK_SECRET_MIN} characters`), z.maxLength(500), z.regex(/^\S+$/, 'A webhook secret has no whitespace')));
const Email = lazySchema(() => z.string().check(z.trim(), z.maxLength(320)).email());

export const CreateChannelSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('webhook'), name: Name.optional(), url: WebhookUrl, secret: Secret.optional(), enabled: z.boolean().optional() }),
  z.strictObject({ type: z.literal('email'), name: Name.optional(), email: Email, enabled: z.boolean().optional() }),
]));
export type CreateChannelInput = z.infer<typeof CreateChannelSchema>;

export const UpdateChannelSchema = lazySchema(() => z
  .strictObject({ name: Name.optional(), url: WebhookUrl.optional(), secret: Secret.optional(), email: Email.optional(), enabled: z.boolean().optional() }));
export type UpdateChannelInput = z.infer<typeof UpdateChannelSchema>;

export const VerifyQuerySchema = lazySchema(() => z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }));

const TriggerFields = lazySchema(() => ({
  channelId: Id,
  tag: Tag.nullable().optional(),
  kinds: z.array(NotificationEventKindSchema).max(20).optional(),
  enabled: z.boolean().optional(),
}));

export const CreateTriggerSchema = lazySchema(() => z
  .strictObject(TriggerFields)
  .refine((t) => (t.tag ?? null) !== null || (t.kinds ?? []).length > 0, { path: ['tag'], message: 'A trigger names a tag, event kinds, or both' }));
export type CreateTriggerInput = z.infer<typeof CreateTriggerSchema>;

export const UpdateTriggerSchema = lazySchema(() => z.strictObject({ ...TriggerFields, channelId: Id.optional() }));
export type UpdateTriggerInput = z.infer<typeof UpdateTriggerSchema>;

export const DeliveryListQuerySchema = lazySchema(() => z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  cursor: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  status: z.enum(['pending', 'delivered', 'retrying', 'failed']).optional(),
  workspaceId: Id.optional(),
}));

export const DeletedSchema = lazySchema(() => z.object({ status: z.literal('ok'), id: z.string() }));
export const ReadAllSchema = lazySchema(() => z.object({ status: z.literal('ok'), updated: z.number().check(z.int(), z.nonnegative()) }));
export const VerifiedSchema = lazySchema(() => z.object({ status: z.literal('ok'), verified: z.literal(true), channelId: z.string() }));
