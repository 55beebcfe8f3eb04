// Notifications through every door on every driver: the client SDK's list (`{docs, pagination}`,
// `isRead`, `limit`), counts, read marks, tags and notes on both mounts; channels (webhook secret
// rules, email verification through the emulator mailbox, test sends, the delivery log, redelivery),
// triggers; roles and scopes; bad input (400 naming the field, nothing written); tenant isolation.
import { describe, expect, it } from 'vitest';
import { NotificationChannelSchema, NotificationDeliverySchema, NotificationListSchema, NotificationSchema } from '../../src/types/notifications.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const NOW = '2026-06-01T12:00:00.000Z';
const FULL = `svc_${'F'.repeat(87)}`;
const READ = `svc_${'R'.repeat(87)}`;
const RAG = `svc_${'G'.repeat(87)}`;
const OTHER = `svc_${'O'.repeat(87)}`;
const SECRET = 's'.repeat(32);
/** Loopback, nothing listening: attempts fail fast and stay on the machine. */
const NOWHERE = 'http://127.0.0.1:9/hook';

const scenario = {
  name: 'notifications-contract',
  seed: 21,
  now: NOW,
  users: [
    { id: 'u_owner', email: 'owner@a.example', name: 'Owner' },
    { id: 'u_viewer', email: 'viewer@a.example', name: 'Viewer' },
    { id: 'u_other', email: 'other@b.example', name: 'Other' },
  ],
  workspaces: [
    {
      id: 'ws_a',
      name: 'A',
      ownerId: 'u_owner',
      members: [{ userId: 'u_viewer', role: 'viewer' }],
      apiKeys: [
        { id: 'k_full', name: 'full', secret: FULL },
        { id: 'k_read', name: 'read', secret: READ, permissions: ['whitelabel:read'] },
        { id: 'k_rag', name: 'rag', secret: RAG, permissions: ['rag:read'] },
      ],
      notifications: {
        channels: [{ id: 'ch_seeded', type: 'webhook', url: NOWHERE, secret: SECRET }],
        triggers: [{ id: 'tr_seeded', channelId: 'ch_seeded', tag: 'vip' }],
        notifications: [
          { id: 'n_old', kind: 'feedback.created', title: 'New feedback', message: 'Old one', isRead: true, createdAt: '2026-05-31T12:00:00.000Z' },
          { id: 'n_mid', kind: 'rag.file.indexed', title: 'File indexed', message: 'Guide', tags: ['docs'], createdAt: '2026-06-01T08:00:00.000Z' },
          { id: 'n_new', kind: 'message.flagged', title: 'Message flagged', message: 'Refund risk', tags: ['vip'] },
        ],
      },
    },
    { id: 'ws_b', name: 'B', ownerId: 'u_other', apiKeys: [{ id: 'k_other', name: 'other', secret: OTHER }] },
  ],
};

describe.each(MATRIX)('notifications: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  const key = (secret = FULL) => ({ key: secret });
  const user = (id: string) => ({ user: id });
  const call = door.call;

  it('lists newest first as {docs, pagination} with data/hasMore/total beside; isRead, limit and page filter', async () => {
    const all = await call('GET', '/api/v1/notifications', key());
    expect(all.status).toBe(200);
    const list = NotificationListSchema.parse(all.body);
    expect(list.docs.map((n) => n._id)).toEqual(['n_new', 'n_mid', 'n_old']);
    expect(list.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1, hasMore: false });
    expect(list.data).toEqual(list.docs);
    expect(list.docs[0]).toMatchObject({ id: 'n_new', kind: 'message.flagged', tags: ['vip'], isRead: false, readAt: null, notes: [], createdAt: NOW });
    const unread = (await call('GET', '/api/v1/notifications?isRead=false&limit=1', key())).body;
    expect(unread.docs.map((n: any) => n._id)).toEqual(['n_new']);
    expect(unread.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2, hasMore: true });
    const page2 = (await call('GET', '/api/v1/notifications?isRead=false&limit=1&page=2', key())).body;
    expect(page2.docs.map((n: any) => n._id)).toEqual(['n_mid']);
    expect(page2.hasMore).toBe(false);
    expect((await call('GET', '/api/v1/notifications?isRead=true', key())).body.docs.map((n: any) => n._id)).toEqual(['n_old']);
    expect((await call('GET', '/api/v1/notifications?tag=docs', key())).body.total).toBe(1);
    // The workspace mount answers the same for a member's token.
    const mounted = await call('GET', '/api/v1/workspaces/ws_a/notifications', user('u_viewer'));
    expect(mounted.body).toEqual(all.body);
  });

  it('counts unread, marks one read (and unread again), marks all read', async () => {
    expect((await call('GET', '/api/v1/notifications/count', key())).body).toEqual({ unread: 2, total: 3 });
    const read = await call('POST', '/api/v1/notifications/n_new/read', key());
    expect(read.status).toBe(200);
    expect(NotificationSchema.parse(read.body)).toMatchObject({ isRead: true, readAt: NOW });
    expect((await call('GET', '/api/v1/workspaces/ws_a/notifications/count', user('u_owner'))).body).toEqual({ unread: 1, total: 3 });
    expect((await call('POST', '/api/v1/notifications/n_new/read', key(), { isRead: false })).body).toMatchObject({ isRead: false, readAt: null });
    expect((await call('POST', '/api/v1/notifications/read-all', key())).body).toEqual({ status: 'ok', updated: 2 });
    expect((await call('GET', '/api/v1/notifications/count', key())).body).toEqual({ unread: 0, total: 3 });
  });

  it('sets tags and keeps notes (add, list, delete) on both mounts', async () => {
    const tagged = await call('PUT', '/api/v1/notifications/n_mid/tags', key(), { tags: ['docs', 'triage', 'docs'] });
    expect(tagged.body.tags).toEqual(['docs', 'triage']);
    const note = await call('POST', '/api/v1/workspaces/ws_a/notifications/n_mid/notes', user('u_owner'), { text: 'Checked the guide' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ text: 'Checked the guide', authorId: 'u_owner', createdAt: NOW });
    await call('POST', '/api/v1/notifications/n_mid/notes', key(), { text: 'From a key' });
    const notes = (await call('GET', '/api/v1/notifications/n_mid/notes', key())).body;
    expect(notes.data.map((n: any) => [n.text, n.authorId])).toEqual([
      ['Checked the guide', 'u_owner'],
      ['From a key', null],
    ]);
    expect((await call('DELETE', `/api/v1/notifications/n_mid/notes/${note.body._id}`, key())).body).toEqual({ status: 'ok', id: note.body._id });
    expect((await call('DELETE', `/api/v1/notifications/n_mid/notes/${note.body._id}`, key())).status).toBe(404);
    expect((await call('GET', '/api/v1/notifications/n_mid', key())).body.notes).toHaveLength(1);
    expect((await call('DELETE', '/api/v1/notifications/n_mid', key())).status).toBe(200);
    expect((await call('GET', '/api/v1/notifications/n_mid', key())).status).toBe(404);
  });

  it('creates a webhook channel: the secret (given or generated, >= 32 characters) is shown once, reads show its hint', async () => {
    const made = await call('POST', '/api/v1/notifications/channels', key(), { type: 'webhook', url: 'https://hooks.example.test/a' });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(made.body).toMatchObject({ type: 'webhook', url: 'https://hooks.example.test/a', verified: true, enabled: true, secretHint: made.body.secret.slice(-4) });
    const read = await call('GET', `/api/v1/notifications/channels/${made.body._id}`, key());
    expect(NotificationChannelSchema.strict().parse(read.body)).not.toHaveProperty('secret');
    expect(read.text).not.toContain(made.body.secret);
    const given = await call('POST', '/api/v1/notifications/channels', key(), { type: 'webhook', url: NOWHERE, secret: 'g'.repeat(32), name: 'Given' });
    expect(given.body).toMatchObject({ secret: 'g'.repeat(32), name: 'Given' });
    const list = (await call('GET', '/api/v1/notifications/channels', key())).body;
    expect(list.data.map((c: any) => c._id)).toEqual(['ch_seeded', made.body._id, given.body._id]);
    expect(list.text ?? JSON.stringify(list)).not.toContain('g'.repeat(32));
    const patched = await call('PATCH', `/api/v1/notifications/channels/${made.body._id}`, key(), { enabled: false, name: 'Off' });
    expect(patched.body).toMatchObject({ enabled: false, name: 'Off' });
    expect((await call('PATCH', `/api/v1/notifications/channels/${made.body._id}`, key(), { email: 'x@a.example' })).status).toBe(400);
  });

  it('refuses bad channels and triggers with a 400 naming the field, writing nothing', async () => {
    const bad = async (path: string, body: unknown, field: string) => {
      const res = await call('POST', path, key(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: any) => i.path).join(' ')).toContain(field);
    };
    await bad('/api/v1/notifications/channels', { type: 'webhook', url: NOWHERE, secret: 'short-secret' }, 'secret');
    await bad('/api/v1/notifications/channels', { type: 'webhook', url: 'not a url' }, 'url');
    await bad('/api/v1/notifications/channels', { type: 'webhook', url: 'ftp://files.example.test/x' }, 'url');
    await bad('/api/v1/notifications/channels', { type: 'sms', url: NOWHERE }, 'type');
    await bad('/api/v1/notifications/channels', { type: 'email', email: 'nobody' }, 'email');
    await bad('/api/v1/notifications/triggers', { channelId: 'ch_seeded', kinds: ['file.exploded'] }, 'kinds');
    await bad('/api/v1/notifications/triggers', { channelId: 'ch_seeded' }, 'tag');
    await bad('/api/v1/notifications/triggers', { channelId: 'ch_nope', tag: 'x' }, 'channelId');
    await bad('/api/v1/notifications/read-all', { everything: true }, 'everything');
    expect((await call('PUT', '/api/v1/notifications/n_new/tags', key(), { tags: 'vip' })).status).toBe(400);
    expect((await call('GET', '/api/v1/notifications?isRead=maybe', key())).status).toBe(400);
    expect((await call('GET', '/api/v1/notifications?limit=0', key())).status).toBe(400);
    expect((await call('GET', '/api/v1/notifications/channels', key())).body.total).toBe(1);
    expect((await call('GET', '/api/v1/notifications/triggers', key())).body.total).toBe(1);
  });

  it('verifies an email channel through the link mailed to the emulator mailbox; unverified ones receive nothing', async () => {
    const made = await call('POST', '/api/v1/notifications/channels', key(), { type: 'email', email: 'ops@a.example' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ type: 'email', email: 'ops@a.example', verified: false, secret: null, secretHint: null });
    const mail = door.emulator.mailbox.last('ops@a.example');
    expect(mail?.subject).toBe('Verify your notification channel');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe(`/api/v1/notifications/channels/${made.body._id}/verify`);
    expect((await call('POST', `/api/v1/notifications/channels/${made.body._id}/test`, key())).status).toBe(409);
    expect((await call('GET', `${link.pathname}?token=wrong`)).status).toBe(400);
    const verified = await call('GET', `${link.pathname}${link.search}`);
    expect(verified.body).toEqual({ status: 'ok', verified: true, channelId: made.body._id });
    expect((await call('GET', `${link.pathname}${link.search}`)).status).toBe(400);
    expect((await call('GET', `/api/v1/notifications/channels/${made.body._id}`, key())).body.verified).toBe(true);
    const test = await call('POST', `/api/v1/notifications/channels/${made.body._id}/test`, key());
    expect(NotificationDeliverySchema.parse(test.body)).toMatchObject({ kind: 'notification.test', status: 'delivered', attempts: [{ attempt: 1, statusCode: null, error: null }] });
    expect(door.emulator.mailbox.last('ops@a.example')?.subject).toBe('[notification] notification.test');
  });

  it('test-sends to a webhook that does not answer: retries on the clock, gives up as failed after six attempts, redelivers', async () => {
    const test = await call('POST', '/api/v1/notifications/channels/ch_seeded/test', key());
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ status: 'retrying', nextRetryAt: new Date(Date.parse(NOW) + 30_000).toISOString(), attempts: [{ attempt: 1, statusCode: null, latencyMs: 0 }] });
    expect(test.body.attempts[0].error).toMatch(/^network error/);
    expect((await call('POST', `/api/v1/notifications/channels/ch_seeded/deliveries/${test.body._id}/redeliver`, key())).status).toBe(409);
    await call('POST', '/__emulator/jobs/flush');
    const failed = (await call('GET', `/api/v1/notifications/channels/ch_seeded/deliveries/${test.body._id}`, key())).body;
    expect(failed).toMatchObject({ status: 'failed', nextRetryAt: null });
    expect(failed.attempts.map((a: any) => Date.parse(a.at) - Date.parse(NOW))).toEqual([0, 30_000, 150_000, 630_000, 2_550_000, 10_230_000]);
    const again = await call('POST', `/api/v1/notifications/channels/ch_seeded/deliveries/${test.body._id}/redeliver`, key());
    expect(again.status).toBe(202);
    expect(again.body.status).toBe('pending');
    await call('POST', '/__emulator/clock', {}, { advanceMs: 0 });
    const seventh = (await call('GET', `/api/v1/notifications/channels/ch_seeded/deliveries?status=retrying`, key())).body;
    expect(seventh.data[0].attempts).toHaveLength(7);
    expect((await call('GET', '/api/v1/notifications/channels/ch_seeded/deliveries', key())).body.total).toBe(1);
  });

  it('keeps triggers in step with their channel: CRUD, and deleting the channel removes them', async () => {
    const made = await call('POST', '/api/v1/workspaces/ws_a/notifications/triggers', user('u_owner'), { channelId: 'ch_seeded', kinds: ['rag.file.failed', 'rag.file.failed'] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ channelId: 'ch_seeded', tag: null, kinds: ['rag.file.failed'], enabled: true });
    const patched = await call('PATCH', `/api/v1/notifications/triggers/${made.body._id}`, key(), { tag: 'urgent', enabled: false });
    expect(patched.body).toMatchObject({ tag: 'urgent', enabled: false, kinds: ['rag.file.failed'] });
    expect((await call('PATCH', '/api/v1/notifications/triggers/tr_seeded', key(), { tag: null })).status).toBe(400);
    expect((await call('GET', '/api/v1/notifications/triggers', key())).body.total).toBe(2);
    expect((await call('DELETE', '/api/v1/notifications/channels/ch_seeded', key())).status).toBe(200);
    expect((await call('GET', '/api/v1/notifications/triggers', key())).body.total).toBe(0);
    expect((await call('GET', '/api/v1/notifications/triggers/tr_seeded', key())).status).toBe(404);
  });

  it('lets viewers and read keys read but not write; a key without whitelabel scopes gets 403', async () => {
    expect((await call('GET', '/api/v1/notifications', key(READ))).status).toBe(200);
    expect((await call('POST', '/api/v1/notifications/read-all', key(READ))).status).toBe(403);
    expect((await call('GET', '/api/v1/notifications', key(RAG))).status).toBe(403);
    expect((await call('GET', '/api/v1/workspaces/ws_a/notifications/channels', user('u_viewer'))).status).toBe(200);
    expect((await call('POST', '/api/v1/workspaces/ws_a/notifications/channels', user('u_viewer'), { type: 'webhook', url: NOWHERE })).status).toBe(403);
    expect((await call('GET', '/api/v1/notifications/count')).status).toBe(401);
  });

  it('keeps workspaces apart: B sees none of A’s notifications, channels or triggers', async () => {
    const b = key(OTHER);
    expect((await call('GET', '/api/v1/notifications', b)).body.total).toBe(0);
    expect((await call('GET', '/api/v1/notifications/n_new', b)).status).toBe(404);
    expect((await call('POST', '/api/v1/notifications/n_new/read', b)).status).toBe(404);
    expect((await call('GET', '/api/v1/notifications/channels/ch_seeded', b)).status).toBe(404);
    expect((await call('POST', '/api/v1/notifications/channels/ch_seeded/test', b)).status).toBe(404);
    expect((await call('GET', '/api/v1/notifications/triggers/tr_seeded', b)).status).toBe(404);
    expect((await call('POST', '/api/v1/notifications/triggers', b, { channelId: 'ch_seeded', tag: 'x' })).status).toBe(400);
    expect([403, 404]).toContain((await call('GET', '/api/v1/workspaces/ws_a/notifications', user('u_other'))).status);
    expect([403, 404]).toContain((await call('GET', '/api/v1/workspaces/ws_a/notifications', b)).status);
    expect((await call('GET', '/api/v1/notifications/count', key())).body).toEqual({ unread: 2, total: 3 });
  });
});
