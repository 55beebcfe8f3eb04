// Message feedback through every door on every driver: votes by every kind of end user, the
// admin read surface (filters, paging, read marks), roles, isolation and bad input.
import { describe, expect, it } from 'vitest';
import { FeedbackListSchema } from '../../src/areas/feedback/schema.js';
import { FeedbackRecordSchema } from '../../src/types/feedback.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { RKEYS, RNOW, releasesScenario } from '../support/releases-scenario.js';

type Json = Record<string, any>;
const T0 = Date.parse(RNOW);

describe.each(MATRIX)('feedback: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: releasesScenario });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => door.reply(method, path, { headers }, body);
  const asKey = (key = RKEYS.full) => ({ 'x-api-key': key });
  const as = (user: string) => ({ authorization: `Bearer ${door.token(user)}`, 'x-workspace-id': 'ws_rel' });
  const anon = (session: string) => ({ 'x-anonymous-session-id': session });
  const external = (userId: string, email?: string) => ({ 'x-api-key': RKEYS.full, 'x-external-user-id': userId, ...(email && { 'x-external-user-email': email }) });
  const vote = (body: Json, headers: Record<string, string>) => call('POST', '/api/v1/feedback', body, headers);
  const list = async (query = '', headers: Record<string, string> = asKey()) => {
    const res = await call('GET', `/api/v1/feedback${query}`, undefined, headers);
    expect(res.status).toBe(200);
    return FeedbackListSchema.parse(res.body);
  };

  it('records a vote from an anonymous session, an external user and a platform user, in the spec’s shape', async () => {
    const a = await vote({ releaseId: 'rel_anon', messageRef: 'anon:3', sentiment: -1, feedback: 'Wrong price' }, anon('anon-sess-0001'));
    expect(a.status).toBe(201);
    expect(a.body).toEqual({
      id: a.body.id,
      releaseId: 'rel_anon',
      messageRef: 'anon:3',
      sentiment: -1,
      feedback: 'Wrong price',
      source: 'anonymous',
      createdAt: T0,
      isRead: false,
      releaseTitle: 'Anonymous bot',
      chatId: null,
      userPrompt: null,
      responseExcerpt: null,
      userId: null,
      email: null,
      threadLink: null,
    });
    FeedbackRecordSchema.parse(a.body);
    await door.emulator.clock.advance(1000);
    const long = 'x'.repeat(400);
    const b = await vote(
      { releaseId: 'rel_main', messageRef: 'msg_1', sentiment: 1, chatId: 'thread_9', userPrompt: 'How do I reset?', responseExcerpt: long },
      external('cust-7', 'sam@cust.example'),
    );
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({
      source: 'authed',
      createdAt: T0 + 1000,
      userId: 'cust-7',
      email: 'sam@cust.example',
      chatId: 'thread_9',
      threadLink: '/api/v1/chat/threads/thread_9',
      userPrompt: 'How do I reset?',
      releaseTitle: 'Main assistant',
    });
    expect(b.body.responseExcerpt).toBe('x'.repeat(300));
    expect(b.body).not.toHaveProperty('feedback');
    const c = await vote({ releaseId: 'rel_req', messageRef: 'msg_2', sentiment: null }, { authorization: `Bearer ${door.token('u_viewer')}` });
    expect(c.body).toMatchObject({ sentiment: null, source: 'authed', userId: 'u_viewer', email: 'viewer@rel.example' });
    const all = await list();
    expect(all.data.map((f) => f.id)).toEqual([c.body.id, b.body.id, a.body.id]);
    expect(all).toMatchObject({ hasMore: false, total: 3 });
  });

  it('replaces an end user’s earlier vote on the same message (200, same id), and keeps other users’ apart', async () => {
    const first = await vote({ releaseId: 'rel_main', messageRef: 'msg_1', sentiment: 1 }, external('cust-7'));
    await call('POST', `/api/v1/feedback/${first.body.id}/read`, undefined, asKey());
    await door.emulator.clock.advance(5000);
    const again = await vote({ releaseId: 'rel_main', messageRef: 'msg_1', sentiment: null, feedback: 'changed my mind' }, external('cust-7'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, sentiment: null, feedback: 'changed my mind', createdAt: T0, isRead: false });
    const other = await vote({ releaseId: 'rel_main', messageRef: 'msg_1', sentiment: -1 }, external('cust-8'));
    expect(other.status).toBe(201);
    expect((await list()).total).toBe(2);
  });

  it('serves the read surface with filters, limit and cursor, and read/unread marks', async () => {
    const made: string[] = [];
    for (const [i, releaseId] of ['rel_main', 'rel_anon', 'rel_main', 'rel_main'].entries()) {
      await door.emulator.clock.advance(1000);
      made.push((await vote({ releaseId, messageRef: `m${i}`, sentiment: 1 }, anon('anon-sess-0002'))).body.id);
    }
    expect((await list('?releaseId=rel_main')).data.map((f) => f.id)).toEqual([made[3], made[2], made[0]]);
    const page1 = await list('?limit=2');
    expect(page1.data.map((f) => f.id)).toEqual([made[3], made[2]]);
    expect(page1.hasMore).toBe(true);
    const page2 = await list(`?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.data.map((f) => f.id)).toEqual([made[1], made[0]]);
    expect(page2.hasMore).toBe(false);
    const read = await call('POST', `/api/v1/feedback/${made[2]}/read`, undefined, as('u_editor'));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: made[2], isRead: true });
    expect((await list('?isRead=true')).data.map((f) => f.id)).toEqual([made[2]]);
    expect((await list('?isRead=false&releaseId=rel_main')).data.map((f) => f.id)).toEqual([made[3], made[0]]);
    const unread = await call('POST', `/api/v1/feedback/${made[2]}/unread`, undefined, asKey());
    expect(unread.body.isRead).toBe(false);
    expect((await list('?isRead=true')).total).toBe(0);
    expect((await list('', as('u_viewer'))).total).toBe(4);
  });

  it('lets viewers read but not mark, and hides other workspaces’ feedback and releases', async () => {
    const mine = await vote({ releaseId: 'rel_main', messageRef: 'm1', sentiment: 1 }, anon('anon-sess-0003'));
    expect((await call('POST', `/api/v1/feedback/${mine.body.id}/read`, undefined, as('u_viewer'))).status).toBe(403);
    const theirs = await vote({ releaseId: 'rel_other', messageRef: 'm1', sentiment: 1 }, anon('anon-sess-0003'));
    expect(theirs.status).toBe(201);
    expect((await list()).data.map((f) => f.id)).toEqual([mine.body.id]);
    expect((await list('', asKey(RKEYS.other))).data.map((f) => f.id)).toEqual([theirs.body.id]);
    const hidden = await call('POST', `/api/v1/feedback/${theirs.body.id}/read`, undefined, asKey());
    expect(hidden).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Feedback not found', requestId: expect.any(String) } } });
    expect((await vote({ releaseId: 'rel_other', messageRef: 'm1', sentiment: 1 }, external('cust-1'))).status).toBe(404);
    expect((await vote({ releaseId: 'rel_nope', messageRef: 'm1', sentiment: 1 }, anon('anon-sess-0003'))).status).toBe(404);
    expect((await call('GET', '/api/v1/feedback', undefined, asKey(RKEYS.restricted))).status).toBe(403);
  });

  it('refuses anonymous votes on a release that requires sign-in, and bad input, writing nothing', async () => {
    expect((await vote({ releaseId: 'rel_req', messageRef: 'm1', sentiment: 1 }, anon('anon-sess-0004'))).status).toBe(401);
    expect((await vote({ releaseId: 'rel_main', messageRef: 'm1', sentiment: 1 }, {})).status).toBe(401);
    const zero = await vote({ releaseId: 'rel_main', messageRef: 'm1', sentiment: 0 }, anon('anon-sess-0004'));
    expect(zero.status).toBe(400);
    expect(zero.body.error.details.issues.map((i: Json) => i.path)).toEqual(['body.sentiment']);
    const missing = await vote({ releaseId: 'rel_main', sentiment: 1, bogus: true }, anon('anon-sess-0004'));
    expect(missing.body.error.details.issues.map((i: Json) => i.path).sort()).toEqual(['body.bogus', 'body.messageRef']);
    expect((await vote({ releaseId: 'rel_main', messageRef: 'm1' }, anon('anon-sess-0004'))).status).toBe(400);
    expect((await call('GET', '/api/v1/feedback?isRead=maybe', undefined, asKey())).status).toBe(400);
    expect((await list()).total).toBe(0);
  });
});
