// Data-subject requests through every door on every driver: an export collects what is held about
// an integrator's end user (threads, messages, feedback, end-user record) as a downloadable JSON;
// a deletion really removes it (the threads are gone when read afterwards), leaves other users'
// data alone, and reports the counts removed.
import { describe, expect, it } from 'vitest';
import { ComplianceRequestSchema } from '../../src/types/integrations.js';
import { MATRIX } from '../support/doors.js';
import { alice, bob, dan } from '../support/identity.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('compliance: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const advance = (advanceMs: number) => call('POST', '/__emulator/clock', {}, { advanceMs });
  const as = (user: string) => ({ key: door.key('key_full'), headers: { 'x-external-user-id': user, 'x-external-user-email': `${user}@customer.example` } });

  /** A thread with one exchange, and one feedback, for an end user. */
  const chatAs = async (user: string, text: string) => {
    const thread = await call('POST', '/api/v1/chat/threads', as(user), { releaseId: 'rel_help', title: `${user} thread` });
    expect(thread.status, thread.text).toBe(201);
    const id = (thread.body as { id: string }).id;
    expect((await call('POST', `/api/v1/chat/threads/${id}/messages`, as(user), { content: text })).status).toBeLessThan(300);
    expect((await call('POST', '/api/v1/feedback', as(user), { releaseId: 'rel_help', messageRef: `msg-${user}`, sentiment: 1, feedback: `${user} liked it` })).status).toBeLessThan(300);
    return id;
  };

  const done = async (body: unknown) => {
    const res = await call('POST', '/api/v1/compliance/requests', alice, body);
    expect(res.status, res.text).toBe(202);
    const queued = ComplianceRequestSchema.parse(res.body);
    expect(queued.status).toBe('queued');
    await advance(1000);
    return ComplianceRequestSchema.parse((await call('GET', `/api/v1/compliance/requests/${queued._id}`, alice)).body);
  };

  it('exports everything held about a subject as a downloadable JSON document', async () => {
    await chatAs('subject-42', 'Where is my order 1234?');
    await chatAs('someone-else', 'Unrelated question');
    const request = await done({ type: 'export', subject: { externalUserId: 'subject-42' } });
    expect(request).toMatchObject({ status: 'succeeded', type: 'export', subject: { externalUserId: 'subject-42' } });
    expect(request.counts).toMatchObject({ endUsers: 1, threads: 1, feedback: 1 });
    expect(request.counts!.messages).toBeGreaterThanOrEqual(2);
    const res = await door.fetch(`/api/v1/compliance/requests/${request._id}/download`, { headers: { authorization: `Bearer ${door.token('user_alice')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="subject-export-${request._id}.json"`);
    const doc = (await res.json()) as { endUsers: { external_user_id: string }[]; threads: { messages: { content: string }[] }[]; feedback: { feedback: string }[] };
    expect(doc.endUsers.map((u) => u.external_user_id)).toEqual(['subject-42']);
    expect(doc.threads[0]!.messages.map((m) => m.content)).toContain('Where is my order 1234?');
    expect(JSON.stringify(doc)).not.toContain('Unrelated question');
    expect(doc.feedback.map((f) => f.feedback)).toEqual(['subject-42 liked it']);
  });

  it('deletes a subject’s messages, threads, feedback and end-user record for real and counts them', async () => {
    const gone = await chatAs('subject-42', 'Please forget me');
    const kept = await chatAs('someone-else', 'Keep me');
    // Found by the email the end user signed in with, too.
    const request = await done({ type: 'deletion', subject: { email: 'subject-42@customer.example' } });
    expect(request.status).toBe('succeeded');
    expect(request.counts).toMatchObject({ threads: 1, feedback: 1, endUsers: 1, sessions: 0 });
    expect(request.counts!.messages).toBeGreaterThanOrEqual(2);
    expect(request.downloadUrl).toBeUndefined();

    // A second export finds nothing left (before the subject calls again, which makes a new end-user record).
    const after = await done({ type: 'export', subject: { externalUserId: 'subject-42' } });
    expect(after.counts).toMatchObject({ threads: 0, messages: 0, feedback: 0, endUsers: 0 });
    expect((await call('GET', `/api/v1/chat/threads/${gone}`, as('someone-else'))).status).toBe(404);
    expect((await call('GET', '/api/v1/chat/threads', as('subject-42'))).body).toMatchObject({ data: [], total: 0 });
    expect((await call('GET', `/api/v1/chat/threads/${kept}/messages`, as('someone-else'))).status).toBe(200);
    const feedback = (await call('GET', '/api/v1/feedback', alice)).text;
    expect(feedback).not.toContain('subject-42 liked it');
    expect(feedback).toContain('someone-else liked it');
    expect((await door.fetch(`/api/v1/compliance/requests/${request._id}/download`, { headers: { authorization: `Bearer ${door.token('user_alice')}` } })).status).toBe(409);
    expect((await call('GET', '/api/v1/compliance/requests', alice)).body).toMatchObject({ total: 2 });
  });

  it('answers bad input with 400, too small a role with 403, other workspaces with 404', async () => {
    for (const body of [
      { type: 'export', subject: {} },
      { type: 'export', subject: { userId: 'a', email: 'a@b.example' } },
      { type: 'erase', subject: { userId: 'a' } },
      { type: 'export', subject: { email: 'not-an-email' } },
      { type: 'export' },
    ]) {
      const res = await call('POST', '/api/v1/compliance/requests', alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', '/api/v1/compliance/requests', bob, { type: 'export', subject: { userId: 'user_bob' } })).status).toBe(403);
    expect((await call('POST', '/api/v1/compliance/requests', { key: door.key('key_read') }, { type: 'export', subject: { userId: 'user_bob' } })).status).toBe(403);
    const mine = ComplianceRequestSchema.parse((await call('POST', '/api/v1/compliance/requests', alice, { type: 'export', subject: { userId: 'user_bob' } })).body);
    expect((await call('GET', `/api/v1/compliance/requests/${mine._id}`, dan)).status).toBe(404);
    await advance(1000);
    const bobs = ComplianceRequestSchema.parse((await call('GET', `/api/v1/compliance/requests/${mine._id}`, alice)).body);
    expect(bobs.counts).toMatchObject({ users: 1, memberships: 1 });
  });
});
