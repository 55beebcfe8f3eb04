// The tenant walk's notifications part: both mounts of notifications, channels, triggers and
// deliveries; A's channel, trigger, notification, note and delivery made through A's own key.
import { expect } from 'vitest';
import type { SuiteDoor } from '../../support/use-door.js';
import type { TenantPart } from '../tenant-parts.js';
import { own, pub, scoped, type Rule } from '../tenant-routes.js';
import type { AIds } from '../tenant-setup.js';

/** A loopback port nothing listens on: a test send to it fails fast and stays on the machine. */
const NOWHERE = 'http://127.0.0.1:9/walk-hook';
const channelBody = () => ({ type: 'webhook', url: NOWHERE, secret: 'w'.repeat(40) });

function mountRules(base: string, keyed: boolean): Record<string, Rule> {
  const mine = (body?: (ids: AIds) => unknown) => (keyed ? own(body) : scoped(body));
  return {
    [`GET ${base}`]: mine(),
    [`GET ${base}/count`]: mine(),
    [`POST ${base}/read-all`]: mine(() => ({})),
    [`GET ${base}/channels`]: mine(),
    [`POST ${base}/channels`]: mine(channelBody),
    [`GET ${base}/triggers`]: mine(),
    [`POST ${base}/triggers`]: mine((ids) => ({ channelId: ids.channelId, tag: 'walk-b' })),
    [`GET ${base}/:notificationId`]: scoped(),
    [`DELETE ${base}/:notificationId`]: scoped(),
    [`POST ${base}/:notificationId/read`]: scoped(() => ({ isRead: true })),
    [`PUT ${base}/:notificationId/tags`]: scoped(() => ({ tags: ['b'] })),
    [`GET ${base}/:notificationId/notes`]: scoped(),
    [`POST ${base}/:notificationId/notes`]: scoped(() => ({ text: 'written by B' })),
    [`DELETE ${base}/:notificationId/notes/:noteId`]: scoped(),
    [`GET ${base}/channels/:channelId`]: scoped(),
    [`PATCH ${base}/channels/:channelId`]: scoped(() => ({ name: 'B' })),
    [`DELETE ${base}/channels/:channelId`]: scoped(),
    [`POST ${base}/channels/:channelId/test`]: scoped(() => ({})),
    [`GET ${base}/channels/:channelId/deliveries`]: scoped(),
    [`GET ${base}/channels/:channelId/deliveries/:deliveryId`]: scoped(),
    [`POST ${base}/channels/:channelId/deliveries/:deliveryId/redeliver`]: scoped(() => ({})),
    [`GET ${base}/triggers/:triggerId`]: scoped(),
    [`PATCH ${base}/triggers/:triggerId`]: scoped(() => ({ tag: 'b' })),
    [`DELETE ${base}/triggers/:triggerId`]: scoped(),
  };
}

export const notifyPart: TenantPart = {
  rules: {
    ...mountRules('/api/v1/notifications', true),
    ...mountRules('/api/v1/workspaces/:workspaceId/notifications', false),
    'GET /api/v1/notifications/channels/:channelId/verify': pub('the link of a verification mail: its unguessable one-time token is the credential'),
  },
  async populate(door: SuiteDoor): Promise<AIds> {
    const key = door.key('key_full');
    const made = async (method: string, path: string, body?: unknown): Promise<Record<string, any>> => {
      const res = await door.call(method, path, { key }, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      return res.body as Record<string, any>;
    };
    const channel = await made('POST', '/api/v1/notifications/channels', channelBody());
    const trigger = await made('POST', '/api/v1/notifications/triggers', { channelId: channel._id, tag: 'walk-a' });
    const delivery = await made('POST', `/api/v1/notifications/channels/${channel._id}/test`, {});
    // The base setup's feedback became A's notification.
    const list = await made('GET', '/api/v1/notifications');
    const notificationId = list.docs[0]._id as string;
    const note = await made('POST', `/api/v1/notifications/${notificationId}/notes`, { text: 'private to A' });
    return { channelId: channel._id, triggerId: trigger._id, deliveryId: delivery._id, notificationId, noteId: note._id };
  },
};
