// Terms of service for anonymous visitors (REAL-WIRE section 5): the landing worker's public per-release
// accept, `anonymousSessionId` in the body of /api/v1/terms/accept, and one anonymous subject per session
// on every route that knows it — so accept-then-retry goes through. Raw fetch on every door and driver.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import type { Json } from '../support/chat-client.js';
import { anonymousChatInit, landingScenario } from '../support/landing-scenario.js';

const TEMPLATE = 'divinci-ai/divinci-landing-template src/worker.ts';
const ISLAND = 'divinci-ai/divinci-landing-template src/components/chat/ChatIsland.tsx';

describe.each(MATRIX)('anonymous terms (real wire): $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: landingScenario });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${door.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const chat = async (sessionId: string, newPrompt = 'How do I reset my password?') => {
    const res = await fetch(`${door.baseUrl}/ai-chat/anonymous-chat`, anonymousChatInit({ releaseId: 'rel_terms', newPrompt, sessionId }));
    return { status: res.status, body: (await res.json()) as Json };
  };

  it(`refuses a landing chat with 403 TERMS_NOT_ACCEPTED and the gate as details, then lets the same session through after the public accept (${TEMPLATE} handleChatSend, handleTermsAccept; ${ISLAND} acceptTos)`, async () => {
    const gated = await chat('visitor-tos-01');
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('TERMS_NOT_ACCEPTED');
    expect(gated.body.error.details).toEqual({ required: true, tosId: 'tos_main', version: 1, title: 'Medical disclaimer', content: 'Not medical advice.' });

    // What handleTermsAccept sends: no headers but Content-Type, the session in the body.
    const accepted = await post('/white-label-release/rel_terms/terms-of-service/accept', { tosId: 'tos_main', version: 1, anonymousSessionId: 'visitor-tos-01' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, tosId: 'tos_main', version: 1, releaseId: 'rel_terms' });

    const retried = await chat('visitor-tos-01');
    expect(retried.status).toBe(200);
    expect(retried.body.transcript).toHaveLength(1);
    // Another session is still gated: acceptance belongs to one anonymous subject.
    expect((await chat('visitor-tos-02')).status).toBe(403);
  });

  it(`answers 409 for a stale version and 400 for another release's terms or a bad session id (${ISLAND}: 409 = newer version published)`, async () => {
    expect((await post('/white-label-release/rel_terms/terms-of-service/accept', { tosId: 'tos_main', version: 2, anonymousSessionId: 'visitor-tos-03' })).status).toBe(409);
    expect((await post('/white-label-release/rel_open/terms-of-service/accept', { tosId: 'tos_main', version: 1, anonymousSessionId: 'visitor-tos-03' })).status).toBe(400);
    const bad = await post('/white-label-release/rel_terms/terms-of-service/accept', { tosId: 'tos_main', version: 1, anonymousSessionId: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toContain('anonymousSessionId');
    expect((await chat('visitor-tos-03')).status).toBe(403);
  });

  // REAL-WIRE section 5 / spec section 2 "Accept input": anonymousSessionId in the body of /api/v1/terms/accept.
  it('takes anonymousSessionId in the body of /api/v1/terms/accept, with no header, for the same subject as landing chat', async () => {
    const accepted = await post('/api/v1/terms/accept', { tosId: 'tos_main', version: 1, anonymousSessionId: 'visitor-tos-04' });
    expect(accepted.status).toBe(200);
    expect((await chat('visitor-tos-04')).status).toBe(200);
    // The header form stays; header and body must agree.
    expect((await post('/api/v1/terms/accept', { tosId: 'tos_main', version: 1 }, { 'x-anonymous-session-id': 'visitor-tos-05' })).status).toBe(200);
    expect((await chat('visitor-tos-05')).status).toBe(200);
    expect((await post('/api/v1/terms/accept', { tosId: 'tos_main', version: 1, anonymousSessionId: 'visitor-tos-06' }, { 'x-anonymous-session-id': 'visitor-tos-07' })).status).toBe(400);
    // No session anywhere: still 401.
    expect((await post('/api/v1/terms/accept', { tosId: 'tos_main', version: 1 })).status).toBe(401);
  });

  // Contract section 7: one anonymous session is one subject on anonymous chat too, and ownerId has no kind prefix.
  it('shares one subject between x-anonymous-session-id chat and the body accept, and shows the bare session id as ownerId', async () => {
    const headers = { 'x-anonymous-session-id': 'visitor-tos-08' };
    const opened = await post('/api/v1/chat/anonymous', { releaseId: 'rel_terms' }, headers);
    expect(opened.status).toBe(201);
    expect(opened.body.thread.ownerId).toBe('visitor-tos-08');
    expect(opened.body.thread.metadata.createdBy).toBe('visitor-tos-08');
    const threadId = opened.body.thread.id as string;
    expect((await post(`/api/v1/chat/threads/${threadId}/messages`, { content: 'hello' }, headers)).status).toBe(403);
    expect((await post('/white-label-release/rel_terms/terms-of-service/accept', { tosId: 'tos_main', version: 1, anonymousSessionId: 'visitor-tos-08' })).status).toBe(200);
    expect((await post(`/api/v1/chat/threads/${threadId}/messages`, { content: 'hello' }, headers)).status).toBe(200);
  });
});
