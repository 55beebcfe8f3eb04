// The Transcripts area through every door on every driver: shapes, paging, writes, isolation.
import { beforeEach, describe, expect, it } from 'vitest';
import { TranscriptListSchema, TranscriptSingleSchema } from '../../src/areas/transcripts/schema.js';
import { MATRIX, pgMatrix, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each([...MATRIX, ...pgMatrix()])('transcripts: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let full: string;
  let readOnly: string;
  const get = (path: string, key = full) => door.fetch(path, { headers: { 'x-api-key': key } });
  const post = (path: string, body: unknown, key = full) => door.fetch(path, json(body, { 'x-api-key': key }));
  const total = async () => ((await (await get('/api/v1/transcripts')).json()) as { pagination: { total: number } }).pagination.total;

  beforeEach(() => {
    full = door.key('key_full');
    readOnly = door.key('key_read');
  });

  it('lists the workspace transcripts, most recently active first, in the spec shape', async () => {
    const res = await get('/api/v1/transcripts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = TranscriptListSchema.parse(await res.json());
    expect(body.transcripts.map((t) => t._id)).toEqual(['tr_tools', 'tr_ratelimit', 'tr_sync', 'tr_sso', 'tr_refund']);
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, hasMore: false });
    const refund = body.transcripts.find((t) => t._id === 'tr_refund')!;
    expect(refund.messageCount).toBe(4);
    expect(refund.firstMessage?.role).toBe('user');
    expect(refund.firstMessage?.content).toMatch(/^Hi, I was charged twice .* refund one of them\?$/);
    expect(refund.lastMessage?.content).toBe(
      'No, your renewal date stays the same: your Team plan renews on the same day next year. The refund only removes the duplicate payment.',
    );
    expect(refund.lastMessageTimestamp).toBe(refund.lastMessage?.timestamp);
  });

  it('cuts previews to 200 characters, whole code points', async () => {
    const long = '🙂'.repeat(150) + 'x'.repeat(300);
    await post('/api/v1/transcripts', { title: 'Long', messages: [{ role: 'user', content: long }] });
    const list = TranscriptListSchema.parse(await (await get('/api/v1/transcripts?limit=1')).json());
    expect(Array.from(list.transcripts[0]!.firstMessage!.content!)).toHaveLength(200);
    expect(list.transcripts[0]!.firstMessage!.content).toBe(Array.from(long).slice(0, 200).join(''));
    const single = TranscriptSingleSchema.parse(await (await get(`/api/v1/transcripts/${list.transcripts[0]!._id}`)).json());
    expect(single.messages[0]!.content).toBe(long);
  });

  it('pages the list with page and limit', async () => {
    const page = async (n: number) => TranscriptListSchema.parse(await (await get(`/api/v1/transcripts?page=${n}&limit=2`)).json());
    const [one, two, three, four] = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect(one.transcripts.map((t) => t._id)).toEqual(['tr_tools', 'tr_ratelimit']);
    expect(two.transcripts.map((t) => t._id)).toEqual(['tr_sync', 'tr_sso']);
    expect(three.transcripts.map((t) => t._id)).toEqual(['tr_refund']);
    expect(one.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });
    expect(three.pagination.hasMore).toBe(false);
    expect(four.transcripts).toEqual([]);
  });

  it('creates a transcript (201) that keeps extra fields and leads the list', async () => {
    const res = await post('/api/v1/transcripts', {
      title: 'Password reset loop',
      metadata: { channel: 'web' },
      source: 'import',
      messages: [
        { role: 'user', content: 'I keep getting sent back to the reset page.' },
        { role: 'assistant', content: { type: 'card', items: [1, 2] } },
      ],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({ title: 'Password reset loop', source: 'import', messageCount: 2, metadata: { channel: 'web' } });
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    const list = TranscriptListSchema.parse(await (await get('/api/v1/transcripts?limit=1')).json());
    const first = list.transcripts[0]!;
    expect(first._id).toBe(created._id);
    expect(first.lastMessage).toEqual({ role: 'assistant', timestamp: door.emulator.clock.now() });
    expect(list.pagination.total).toBe(6);
  });

  it('creates with an empty object: default title, no messages, timestamp 0', async () => {
    const res = await post('/api/v1/transcripts', {});
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({ title: 'Untitled transcript', messageCount: 0, lastMessageTimestamp: 0 });
    const list = TranscriptListSchema.parse(await (await get('/api/v1/transcripts')).json());
    const item = list.transcripts.find((t) => t._id === created._id)!;
    expect(item.firstMessage).toBeNull();
    expect(item.lastMessage).toBeNull();
  });

  it('gets one transcript with a page of messages, oldest first', async () => {
    const res = await get('/api/v1/transcripts/tr_sync?limit=2&offset=1');
    expect(res.status).toBe(200);
    const body = TranscriptSingleSchema.parse(await res.json());
    expect(body._id).toBe('tr_sync');
    expect(body.pagination).toEqual({ total: 5, limit: 2, offset: 1, hasMore: true });
    expect(body.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(Date.parse(body.messages[0]!.timestamp)).toBeLessThan(Date.parse(body.messages[1]!.timestamp));
    expect(body.messages[0]!.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const tail = TranscriptSingleSchema.parse(await (await get('/api/v1/transcripts/tr_sync?offset=4')).json());
    expect(tail.pagination).toEqual({ total: 5, limit: 50, offset: 4, hasMore: false });
    expect(tail.messages).toHaveLength(1);
  });

  it('keeps structured content as an object and keeps the preview without content', async () => {
    const single = TranscriptSingleSchema.parse(await (await get('/api/v1/transcripts/tr_tools')).json());
    expect(single.messages[1]!.content).toEqual({ type: 'tool_call', name: 'order_lookup', arguments: { orderId: '55-1042' } });
    const created = (await (await post('/api/v1/transcripts', { title: 'obj', messages: [{ role: 'tool', content: { ok: true } }] })).json()) as { _id: string };
    const list = TranscriptListSchema.parse(await (await get('/api/v1/transcripts')).json());
    const item = list.transcripts.find((t) => t._id === created._id)!;
    expect(item.firstMessage).toEqual({ role: 'tool', timestamp: door.emulator.clock.now() });
    expect('content' in item.firstMessage!).toBe(false);
  });

  // The server SDK reads addMessage's answer as the stored message (https://sdk.divinci.ai/server/transcripts/):
  // `status: "ok"` stays, and the message (with its `_id`) comes beside it.
  it('appends a message: {status:"ok"} with the stored message, then it shows up last', async () => {
    await door.emulator.clock.advance(5 * 60_000);
    const res = await post('/api/v1/transcripts/tr_refund/messages', { role: 'user', content: 'Got the refund email, thanks!' });
    expect(res.status).toBe(200);
    const added = (await res.json()) as { status: string; message: { _id: string } };
    expect(added).toEqual({
      status: 'ok',
      message: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), role: 'user', content: 'Got the refund email, thanks!', timestamp: door.emulator.clock.iso(), context: [] },
    });
    const single = TranscriptSingleSchema.parse(await (await get('/api/v1/transcripts/tr_refund')).json());
    expect(single.pagination.total).toBe(5);
    expect(single.messages.at(-1)).toMatchObject({ _id: added.message._id, role: 'user', content: 'Got the refund email, thanks!', context: [] });
    expect(single.messages.at(-1)!.timestamp).toBe(door.emulator.clock.iso());
    const list = TranscriptListSchema.parse(await (await get('/api/v1/transcripts?limit=1')).json());
    expect(list.transcripts[0]!._id).toBe('tr_refund');
    expect(list.transcripts[0]!.lastMessageTimestamp).toBe(door.emulator.clock.now());
  });

  it('deletes a transcript; afterwards it is not found', async () => {
    const res = await door.fetch('/api/v1/transcripts/tr_sso', { method: 'DELETE', headers: { 'x-api-key': full } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', _id: 'tr_sso' });
    const gone = await get('/api/v1/transcripts/tr_sso');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Transcript not found', requestId: expect.any(String) } });
    expect(await total()).toBe(4);
    const again = await door.fetch('/api/v1/transcripts/tr_sso', { method: 'DELETE', headers: { 'x-api-key': full } });
    expect(again.status).toBe(404);
  });

  it('never shows another workspace’s transcripts: they are "not found"', async () => {
    const globex = door.key('key_globex');
    const list = TranscriptListSchema.parse(await (await get('/api/v1/transcripts', globex)).json());
    expect(list.transcripts.map((t) => t._id)).toEqual(['tr_globex']);
    expect((await get('/api/v1/transcripts/tr_refund', globex)).status).toBe(404);
    expect((await post('/api/v1/transcripts/tr_refund/messages', { role: 'user', content: 'x' }, globex)).status).toBe(404);
    const del = await door.fetch('/api/v1/transcripts/tr_refund', { method: 'DELETE', headers: { 'x-api-key': globex } });
    expect(del.status).toBe(404);
    expect((await get('/api/v1/transcripts/tr_globex')).status).toBe(404);
    expect(await total()).toBe(5);
  });

  it('answers 401 without a key, with a wrong key and with a revoked key', async () => {
    const none = await door.fetch('/api/v1/transcripts');
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    const wrong = await get('/api/v1/transcripts', `svc_${'x'.repeat(87)}`);
    expect(wrong.status).toBe(401);
    const revoked = await get('/api/v1/transcripts', door.key('key_revoked'));
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'API key has been revoked', requestId: expect.any(String) } });
  });

  it('answers 403 when the key lacks the permission, and writes nothing', async () => {
    expect((await get('/api/v1/transcripts', readOnly)).status).toBe(200);
    const denied = await post('/api/v1/transcripts', { title: 'nope' }, readOnly);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'API key lacks the transcript:write permission', requestId: expect.any(String) } });
    expect((await get('/api/v1/transcripts', door.key('key_rag'))).status).toBe(403);
    expect(await total()).toBe(5);
  });

  it('refuses to append to a locked transcript with 409', async () => {
    const created = (await (await post('/api/v1/transcripts', { title: 'Archived', locked: true })).json()) as { _id: string };
    const res = await post(`/api/v1/transcripts/${created._id}/messages`, { role: 'user', content: 'hello?' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
  });
});
