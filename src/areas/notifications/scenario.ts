// The scenario section `workspaces[].notifications`: channels (webhook or email, verified or not),
// triggers and notifications already there when the scenario loads.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { NotificationEventKindSchema } from '../../types/notifications.js';
import { WEBHOOK_SECRET_MIN } from './schema.js';
import type { NotificationsService } from './service.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const NotificationsSectionSchema = lazySchema(() => z
  .strictObject({
    channels: z
      .array(
        z.union([
          z.strictObject({ id: Id.optional(), type: z.literal('webhook'), name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(), url: z.string().url(), secret: z.string().check(z.minLength(WEBHOOK_SECRET_MIN), z.maxLength(500)).optional(), enabled: z.boolean().optional() }),
          z.strictObject({ id: Id.optional(), type: z.literal('email'), name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(), email: z.string().email(), verified: z.boolean().optional(), enabled: z.boolean().optional() }),
        ]),
      )
      .max(100)
      .default([]),
    triggers: z
      .array(z.strictObject({ id: Id.optional(), channelId: Id, tag: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)).optional(), kinds: z.array(NotificationEventKindSchema).max(20).optional(), enabled: z.boolean().optional() }))
      .max(200)
      .default([]),
    notifications: z
      .array(
        z
          .strictObject({
            id: Id.optional(),
            kind: z.string().check(z.minLength(1), z.maxLength(100)),
            title: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
            message: z.string().max(2000).optional(),
            tags: z.array(z.string().check(z.minLength(1), z.maxLength(100))).max(50).optional(),
            isRead: z.boolean().optional(),
            data: z.record(z.string(), z.unknown()).optional(),
            createdAt: z.iso.datetime().optional(),
          }),
      )
      .max(1000)
      .default([]),
  }));
export type NotificationsSection = z.infer<typeof NotificationsSectionSchema>;

export async function loadNotifications(section: NotificationsSection, workspaceId: string, now: number, api: NotificationsService): Promise<void> {
  for (const channel of section.channels) {
    const { id, ...input } = channel;
    await api.channels.create(workspaceId, input, { ...(id !== undefined && { id }), verified: 'verified' in channel ? channel.verified : undefined });
  }
  for (const [i, trigger] of section.triggers.entries()) {
    if (!(await api.channels.row(workspaceId, trigger.channelId))) {
      throw validationError('Invalid scenario', [{ path: `notifications.triggers[${i}].channelId`, message: 'No such channel in this workspace' }]);
    }
    await api.channels.createTrigger(workspaceId, trigger);
  }
  for (const n of section.notifications) {
    await api.notifications.create(workspaceId, {
      ...(n.id !== undefined && { id: n.id }),
      kind: n.kind,
      title: n.title ?? n.kind,
      message: n.message ?? '',
      ...(n.tags && { tags: n.tags }),
      ...(n.data && { data: n.data }),
      ...(n.isRead !== undefined && { isRead: n.isRead }),
      createdAt: n.createdAt === undefined ? now : Date.parse(n.createdAt),
    });
  }
}

/** Moves the notifications' times by `offsetMs` (a real clock or `--now` moves the whole scenario). */
export function shiftNotifications(section: NotificationsSection, offsetMs: number): NotificationsSection {
  return {
    ...section,
    notifications: section.notifications.map((n) => (n.createdAt === undefined ? n : { ...n, createdAt: new Date(Date.parse(n.createdAt) + offsetMs).toISOString() })),
  };
}
