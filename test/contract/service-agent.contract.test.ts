// The service-agent routes through every door on every driver: health, session transcripts
// (create-or-get), sync of new messages, restoration, workspace isolation and bad input.
import { beforeEach, describe, expect, it } from 'vitest';
import { TranscriptSingleSchema } from '../../src/areas/transcripts/schema.js';
import { MATRIX, expectError, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

interface SessionAnswer {
  _id: string;
  sessionId: string;
  title: string;
  messageCount: number;
  created: boolean;
}

const NOW_ISO = '2026-01-01T09:00:00.000Z';
const NOW = Date.parse(NOW_ISO);
/** Generated ids start with the creation second in hex. */
const ID_PREFIX = Math.floor(NOW / 1000).toString(16).padStart(8, '0');
const BASE = '/api/v1/service-agent';

const M1 = { role: 'user', content: 'My upload keeps failing at 99%.' };
const M2 = { role: 'assistant', content: 'Which client are you using, web or desktop?' };
const M3 = { role: 'user', content: 'The desktop app, version 4.2.' };
const M4 = { role: 'assistant', content: { type: 'tool_call', name: 'lookup_client', arguments: { version: '4.2' } } };

describe.each(MATRIX)('service-agent: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let full: string;
  let globex: string;

  const get = (path: string, key?: string) => door.fetch(path, key ? { headers: { 'x-api-key': key } } : {});
  const post = (path: string, body: unknown, key?: string) => door.fetch(path, json(body, key ? { 'x-api-key': key } : {}));
  const postRaw = (path: string, text: string, key?: string) =>
    door.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(key && { 'x-api-key': key }) }, body: text });
  const session = async (sessionId: string, extra: Record<string, unknown> = {}, key: string | undefined = full) => {
    const res = await post(`${BASE}/transcript`, { sessionId, ...extra }, key);
    expect(res.status).toBe(200);
    return (await res.json()) as SessionAnswer;
  };
  const sync = (id: string, messages: unknown[], key: string | undefined = full) => post(`${BASE}/transcript/${id}/sync`, { messages }, key);
  const total = async () => ((await (await get('/api/v1/transcripts', full)).json()) as { pagination: { total: number } }).pagination.total;

  beforeEach(() => {
    full = door.key('key_full');
    globex = door.key('key_globex');
  });

  it('GET /health answers ok with the emulator time, without a key', async () => {
    const res = await get(`${BASE}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ status: 'ok', service: 'service-agent', time: NOW_ISO });
    await door.emulator.clock.advance(61_000);
    expect(await (await get(`${BASE}/health`)).json()).toEqual({ status: 'ok', service: 'service-agent', time: '2026-01-01T09:01:01.000Z' });
  });

  it('creates a session transcript with the key (created: true), then gets the same one (created: false)', async () => {
    const res = await post(`${BASE}/transcript`, { sessionId: 'sess-upload', title: 'Upload failing', metadata: { channel: 'widget' } }, full);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const created = (await res.json()) as SessionAnswer;
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    expect(created._id.startsWith(ID_PREFIX)).toBe(true);
    expect(created).toEqual({ _id: created._id, sessionId: 'sess-upload', title: 'Upload failing', messageCount: 0, created: true });
    expect(await total()).toBe(6);

    // Same session again, even with another title: the stored one, unchanged.
    const again = await session('sess-upload', { title: 'Something else' });
    expect(again).toEqual({ _id: created._id, sessionId: 'sess-upload', title: 'Upload failing', messageCount: 0, created: false });
    expect(await total()).toBe(6);

    // It is an ordinary transcript of the key's workspace.
    const one = await get(`/api/v1/transcripts/${created._id}`, full);
    expect(one.status).toBe(200);
    const body = TranscriptSingleSchema.parse(await one.json());
    expect(body).toMatchObject({ _id: created._id, title: 'Upload failing', metadata: { channel: 'widget' }, messages: [] });
    expect(body.pagination).toEqual({ total: 0, limit: 50, offset: 0, hasMore: false });

    // Another session is another transcript; no title means the default one.
    const other = await session('sess-other');
    expect(other.created).toBe(true);
    expect(other._id).not.toBe(created._id);
    expect(other.title).toBe('Untitled transcript');
    expect(await total()).toBe(7);
  });

  it('without a key needs workspaceId: 400 without, 404 for an unknown workspace, else the workspace given', async () => {
    const missing = await expectError(await post(`${BASE}/transcript`, { sessionId: 'anon-1' }), 400, 'VALIDATION_ERROR');
    expect(missing.error.details?.issues).toEqual([{ path: 'body.workspaceId', message: 'Required' }]);
    const unknown = await expectError(await post(`${BASE}/transcript`, { sessionId: 'anon-1', workspaceId: 'ws_nope' }), 404, 'NOT_FOUND');
    expect(unknown).toEqual({ error: { code: 'NOT_FOUND', message: 'Workspace not found', requestId: expect.any(String) } });
    expect(await total()).toBe(5);

    const anon = await session('anon-1', { workspaceId: 'ws_acme' }, undefined);
    expect(anon).toMatchObject({ sessionId: 'anon-1', messageCount: 0, created: true });
    expect(await total()).toBe(6);
    // The key of that workspace finds the same session.
    const keyed = await session('anon-1');
    expect(keyed).toEqual({ ...anon, created: false });
  });

  it('answers 401 for an invalid or revoked key', async () => {
    const wrong = await expectError(await post(`${BASE}/transcript`, { sessionId: 's' }, `svc_${'x'.repeat(87)}`), 401, 'UNAUTHORIZED');
    expect(wrong.error.message).toBe('Invalid API key');
    const revoked = await expectError(await post(`${BASE}/transcript`, { sessionId: 's' }, door.key('key_revoked')), 401, 'UNAUTHORIZED');
    expect(revoked.error.message).toBe('API key has been revoked');
    expect(await total()).toBe(5);
  });

  it('sync appends only the messages beyond the stored count', async () => {
    const { _id: id } = await session('sess-sync', { title: 'Sync test' });

    const first = await sync(id, [M1, M2]);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'ok', added: 2, messageCount: 2 });

    await door.emulator.clock.advance(30_000);
    const second = await sync(id, [M1, M2, M3, M4]);
    expect(await second.json()).toEqual({ status: 'ok', added: 2, messageCount: 4 });

    const same = await sync(id, [M1, M2, M3, M4]);
    expect(await same.json()).toEqual({ status: 'ok', added: 0, messageCount: 4 });
    const shorter = await sync(id, [M1]);
    expect(await shorter.json()).toEqual({ status: 'ok', added: 0, messageCount: 4 });
    const none = await sync(id, []);
    expect(await none.json()).toEqual({ status: 'ok', added: 0, messageCount: 4 });

    // Visible through the transcripts API, in order, with the time each arrived.
    const one = TranscriptSingleSchema.parse(await (await get(`/api/v1/transcripts/${id}`, full)).json());
    expect(one.pagination).toEqual({ total: 4, limit: 50, offset: 0, hasMore: false });
    expect(one.messages.map((m) => [m.role, m.content])).toEqual([M1, M2, M3, M4].map((m) => [m.role, m.content]));
    expect(one.messages.map((m) => m.timestamp)).toEqual([NOW_ISO, NOW_ISO, '2026-01-01T09:00:30.000Z', '2026-01-01T09:00:30.000Z']);
    const session2 = await session('sess-sync');
    expect(session2).toMatchObject({ _id: id, messageCount: 4, created: false });
    // The list sees it as the most recently active transcript.
    const list = (await (await get('/api/v1/transcripts?limit=1', full)).json()) as { transcripts: { _id: string; messageCount: number }[] };
    expect(list.transcripts[0]).toMatchObject({ _id: id, messageCount: 4 });
  });

  it('sync keeps a message’s own timestamp and extra fields', async () => {
    const { _id: id } = await session('sess-ts');
    const res = await sync(id, [{ role: 'user', content: 'earlier', timestamp: '2025-12-31T23:00:00.000Z', channel: 'sms' }]);
    expect(await res.json()).toEqual({ status: 'ok', added: 1, messageCount: 1 });
    const one = TranscriptSingleSchema.parse(await (await get(`/api/v1/transcripts/${id}`, full)).json());
    // Transcript reads name each message with its `_id` (the id the server SDK's addMessage/ingestBatch answer).
    expect(one.messages).toEqual([{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), role: 'user', content: 'earlier', timestamp: '2025-12-31T23:00:00.000Z', context: [], channel: 'sms' }]);
  });

  it('GET .../messages restores the session oldest first, with paging', async () => {
    const { _id: id } = await session('sess-restore');
    await sync(id, [M1, M2, M3]);
    const res = await get(`${BASE}/transcript/${id}/messages`, full);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { _id: string; messages: { role: string; content: unknown; timestamp: string }[]; pagination: unknown };
    expect(Object.keys(body).sort()).toEqual(['_id', 'messages', 'pagination']);
    expect(body._id).toBe(id);
    expect(body.messages).toEqual([M1, M2, M3].map((m) => ({ ...m, timestamp: NOW_ISO, context: [] })));
    expect(body.pagination).toEqual({ total: 3, limit: 50, offset: 0, hasMore: false });

    const page = (await (await get(`${BASE}/transcript/${id}/messages?limit=1&offset=1`, full)).json()) as typeof body;
    expect(page.messages.map((m) => m.content)).toEqual([M2.content]);
    expect(page.pagination).toEqual({ total: 3, limit: 1, offset: 1, hasMore: true });

    // The seeded transcripts restore too.
    const seeded = (await (await get(`${BASE}/transcript/tr_refund/messages`, full)).json()) as typeof body;
    expect(seeded.messages).toHaveLength(4);
    expect(seeded.messages[0]!.role).toBe('user');
  });

  it('another workspace’s key gets 404 for this transcript, and nothing changes', async () => {
    const { _id: id } = await session('sess-private');
    await sync(id, [M1]);

    const syncOther = await expectError(await sync(id, [M1, M2], globex), 404, 'NOT_FOUND');
    expect(syncOther).toEqual({ error: { code: 'NOT_FOUND', message: 'Transcript not found', requestId: expect.any(String) } });
    await expectError(await get(`${BASE}/transcript/${id}/messages`, globex), 404, 'NOT_FOUND');
    await expectError(await get(`${BASE}/transcript/tr_refund/messages`, globex), 404, 'NOT_FOUND');
    await expectError(await sync('tr_refund', [], globex), 404, 'NOT_FOUND');

    // The same session id in the other workspace is a different transcript.
    const theirs = await session('sess-private', {}, globex);
    expect(theirs.created).toBe(true);
    expect(theirs._id).not.toBe(id);

    const mine = await session('sess-private');
    expect(mine).toMatchObject({ _id: id, messageCount: 1, created: false });
    // And Globex's own transcript stays out of Acme's reach.
    await expectError(await get(`${BASE}/transcript/tr_globex/messages`, full), 404, 'NOT_FOUND');
  });

  it('presented credentials bind: another workspace’s user token finds nothing, a bad token is 401, none reaches only sessions', async () => {
    const { _id: id } = await session('sess-bound');
    await sync(id, [M1]);
    const asUser = (user: string) => ({ authorization: `Bearer ${door.token(user)}` });
    const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      door.fetch(path, { method, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });

    // Globex's owner (a member of Globex only): Acme's session and transcripts are not found.
    const dan = asUser('user_dan');
    await expectError(await call('GET', `${BASE}/transcript/${id}/messages`, dan), 404, 'NOT_FOUND');
    await expectError(await call('POST', `${BASE}/transcript/${id}/sync`, dan, { messages: [M1, M2] }), 404, 'NOT_FOUND');
    await expectError(await call('GET', `${BASE}/transcript/tr_refund/messages`, dan), 404, 'NOT_FOUND');
    await expectError(await call('POST', `${BASE}/transcript`, dan, { sessionId: 'sess-bound', workspaceId: 'ws_acme' }), 404, 'NOT_FOUND');
    // Without workspaceId, the user's only workspace.
    const theirs = (await (await call('POST', `${BASE}/transcript`, dan, { sessionId: 'sess-bound' })).json()) as SessionAnswer;
    expect(theirs.created).toBe(true);
    expect(theirs._id).not.toBe(id);

    // A member of Acme reads and syncs it.
    const alice = asUser('user_alice');
    expect((await call('GET', `${BASE}/transcript/${id}/messages`, alice)).status).toBe(200);
    expect(await (await call('POST', `${BASE}/transcript/${id}/sync`, alice, { messages: [M1, M2] })).json()).toEqual({ status: 'ok', added: 1, messageCount: 2 });

    // A bad token is refused, never read as "no credentials".
    const bad = await expectError(await call('GET', `${BASE}/transcript/${id}/messages`, { authorization: 'Bearer not-a-token' }), 401, 'UNAUTHORIZED');
    expect(bad.error.message).toBe('Invalid access token');

    // No credentials: the session's own transcript (the spec's no-auth path), never another transcript.
    expect((await call('GET', `${BASE}/transcript/${id}/messages`, {})).status).toBe(200);
    await expectError(await call('GET', `${BASE}/transcript/tr_refund/messages`, {}), 404, 'NOT_FOUND');
    await expectError(await call('POST', `${BASE}/transcript/tr_refund/sync`, {}, { messages: [] }), 404, 'NOT_FOUND');
    expect(await session('sess-bound')).toMatchObject({ _id: id, messageCount: 2, created: false });
  });

  it('a key works whatever its permissions, and naming another workspace beside it finds nothing', async () => {
    const limited = await session('sess-limited', {}, door.key('key_read'));
    expect(limited.created).toBe(true);
    const res = await post(`${BASE}/transcript`, { sessionId: 'sess-x', workspaceId: 'ws_globex' }, full);
    await expectError(res, 404, 'NOT_FOUND');
  });

  it('an unknown transcript → 404', async () => {
    const body = await expectError(await sync('no-such-transcript', [M1]), 404, 'NOT_FOUND');
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Transcript not found', requestId: expect.any(String) } });
    await expectError(await get(`${BASE}/transcript/no-such-transcript/messages`, full), 404, 'NOT_FOUND');
  });

  it('sync into a locked transcript with new messages → 409, and nothing is added', async () => {
    const created = (await (await post('/api/v1/transcripts', { title: 'Archived', locked: true }, full)).json()) as { _id: string };
    const locked = await expectError(await sync(created._id, [M1]), 409, 'CONFLICT');
    expect(locked.error.message).toBe('Transcript is locked; messages cannot be added');
    expect(await (await sync(created._id, [])).json()).toEqual({ status: 'ok', added: 0, messageCount: 0 });
  });

  it('a bad body → 400 VALIDATION_ERROR naming the field, and nothing changes', async () => {
    const { _id: id } = await session('sess-bad');
    await sync(id, [M1]);

    const noSession = await expectError(await post(`${BASE}/transcript`, {}, full), 400, 'VALIDATION_ERROR');
    expect(noSession.error.details?.issues?.map((i) => i.path)).toEqual(['body.sessionId']);
    const wrongType = await expectError(await post(`${BASE}/transcript`, { sessionId: 42 }, full), 400, 'VALIDATION_ERROR');
    expect(wrongType.error.details?.issues?.map((i) => i.path)).toEqual(['body.sessionId']);
    await expectError(await post(`${BASE}/transcript`, { sessionId: '' }, full), 400, 'VALIDATION_ERROR');
    await expectError(await post(`${BASE}/transcript`, { sessionId: 's', bogus: true }, full), 400, 'VALIDATION_ERROR');
    const malformed = await expectError(await postRaw(`${BASE}/transcript`, '{"sessionId": ', full), 400, 'VALIDATION_ERROR');
    expect(malformed.error.details?.issues).toEqual([{ path: 'body', message: 'Body is not valid JSON' }]);

    const role = await expectError(await sync(id, [M1, { role: 'robot', content: 'beep' }]), 400, 'VALIDATION_ERROR');
    expect(role.error.details?.issues?.map((i) => i.path)).toEqual(['body.messages[1].role']);
    const notArray = await expectError(await post(`${BASE}/transcript/${id}/sync`, { messages: 'hello' }, full), 400, 'VALIDATION_ERROR');
    expect(notArray.error.details?.issues?.map((i) => i.path)).toEqual(['body.messages']);
    await expectError(await post(`${BASE}/transcript/${id}/sync`, {}, full), 400, 'VALIDATION_ERROR');
    await expectError(await postRaw(`${BASE}/transcript/${id}/sync`, '[', full), 400, 'VALIDATION_ERROR');
    const query = await expectError(await get(`${BASE}/transcript/${id}/messages?limit=0`, full), 400, 'VALIDATION_ERROR');
    expect(query.error.details?.issues?.map((i) => i.path)).toEqual(['query.limit']);

    expect(await total()).toBe(6);
    expect(await session('sess-bad')).toMatchObject({ _id: id, messageCount: 1, created: false });
  });
});
