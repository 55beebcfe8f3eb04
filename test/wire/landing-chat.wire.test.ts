// Landing-page chat replayed as the real landing workers send it (REAL-WIRE section 4): raw fetch,
// the exact headers and bodies of divinci-landing-template src/worker.ts, through every door and driver.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import type { Json } from '../support/chat-client.js';
import { LANDING_API_KEY, NOW_SEC, anonymousChatInit, landingScenario, type LandingCall } from '../support/landing-scenario.js';

const TEMPLATE = 'divinci-ai/divinci-landing-template src/worker.ts';
const HMAC_LIB = 'divinci-ai/divinci-landing-template src/lib/upstream-hmac.ts';
const DRFUHRMAN = 'divinci-ai/drfuhrman-ai-landing README.md';

describe.each(MATRIX)('landing chat (real wire): $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: landingScenario });
  const send = async (call: LandingCall, sign: Parameters<typeof anonymousChatInit>[1] = {}, extra: Record<string, string> = {}) => {
    const init = anonymousChatInit(call, sign);
    init.headers = { ...(init.headers as Record<string, string>), ...extra };
    const res = await fetch(`${door.baseUrl}/ai-chat/anonymous-chat`, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
  };

  it(`chats turn by turn with a signed, stateless transcript (${TEMPLATE} handleChatSend; ${HMAC_LIB})`, async () => {
    const first = await send({ releaseId: 'rel_open', newPrompt: 'How do I reset my password?', sessionId: 'visitor-0001' });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['signiture', 'transcript']);
    expect(first.body.signiture).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.transcript).toHaveLength(1);
    const turn = first.body.transcript[0];
    expect(turn.prompt).toBe('How do I reset my password?');
    expect(typeof turn.response).toBe('string');
    expect(turn.response.length).toBeGreaterThan(0);
    // The same reply generator and RAG retrieval as chat: the release's collection is cited.
    expect(turn.context.length).toBeGreaterThan(0);
    expect(turn.context[0]).toEqual({
      content: expect.stringContaining('reset your password'),
      metadata: { originalName: 'Password reset guide', sourceUrl: 'https://docs.acme.example/password-reset', tileImages: [] },
    });

    const second = await send({
      releaseId: 'rel_open',
      newPrompt: 'And where is Security?',
      transcript: first.body.transcript,
      prevSigniture: first.body.signiture,
      sessionId: 'visitor-0001',
    });
    expect(second.status).toBe(200);
    expect(second.body.transcript).toHaveLength(2);
    expect(second.body.transcript[0]).toEqual(turn);
    expect(second.body.signiture).not.toBe(first.body.signiture);

    // The conversation is persisted under the session id as one transcript of the workspace (append-only).
    const list = await door.call('GET', '/api/v1/transcripts?limit=100', { key: LANDING_API_KEY });
    const kept = (list.body.transcripts as Json[]).filter((t) => t.metadata?.sessionId === 'visitor-0001');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.messageCount).toBe(4);
  });

  it(`refuses a tampered transcript or a wrong prevSigniture with 403 landing_page_sig_invalid (${TEMPLATE})`, async () => {
    const first = await send({ releaseId: 'rel_open', newPrompt: 'How do I reset my password?' });
    const tampered = [{ ...first.body.transcript[0], response: 'Something the assistant never said.' }];
    const a = await send({ releaseId: 'rel_open', newPrompt: 'Next?', transcript: tampered, prevSigniture: first.body.signiture });
    expect(a.status).toBe(403);
    expect(a.body.error.code).toBe('landing_page_sig_invalid');
    const b = await send({ releaseId: 'rel_open', newPrompt: 'Next?', transcript: first.body.transcript, prevSigniture: '0'.repeat(64) });
    expect(b.status).toBe(403);
    expect(b.body.error.code).toBe('landing_page_sig_invalid');
    // A transcript signed for another release does not carry over.
    const c = await send({ releaseId: 'rel_terms', newPrompt: 'Next?', transcript: first.body.transcript, prevSigniture: first.body.signiture });
    expect(c.status).toBe(403);
  });

  it(`requires the HMAC where the release has requireSignedAnonymousChat: missing, wrong key, other prompt or stale → 403 (${DRFUHRMAN}; ${HMAC_LIB})`, async () => {
    const call = { releaseId: 'rel_signed', newPrompt: 'How do I reset my password?' };
    const expectRefused = async (answer: { status: number; body: Json }) => {
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('landing_page_sig_invalid');
    };
    await expectRefused(await send(call, false));
    await expectRefused(await send(call, { key: 'not-the-landing-key' }));
    // A divinci_… API key pasted into the HMAC slot is the wrong kind of credential (drfuhrman README).
    await expectRefused(await send(call, { key: LANDING_API_KEY }));
    // The signature covers the prompt: a captured (ts, sig) pair does not carry another prompt.
    const captured = anonymousChatInit(call);
    const replay = await fetch(`${door.baseUrl}/ai-chat/anonymous-chat`, {
      ...captured,
      body: JSON.stringify({ ...JSON.parse(captured.body as string), newPrompt: 'Something else entirely' }),
    });
    expect(replay.status).toBe(403);
    // 300 s either way of the emulator clock is accepted; 301 s is not.
    expect((await send(call, { ts: NOW_SEC - 300 })).status).toBe(200);
    expect((await send(call, { ts: NOW_SEC + 300 })).status).toBe(200);
    await expectRefused(await send(call, { ts: NOW_SEC - 301 }));
    await expectRefused(await send(call, { ts: NOW_SEC + 301 }));
    // The window follows the emulator clock, not the wall clock.
    await door.emulator.clock.advance(10 * 60_000);
    await expectRefused(await send(call, { ts: NOW_SEC }));
    expect((await send(call, { ts: NOW_SEC + 600 })).status).toBe(200);
  });

  it(`lets unsigned requests through where signing is not required, and still checks a signature that is sent (${TEMPLATE}: no key → no headers)`, async () => {
    expect((await send({ releaseId: 'rel_open', newPrompt: 'How do I reset my password?' }, false)).status).toBe(200);
    const wrong = await send({ releaseId: 'rel_open', newPrompt: 'How do I reset my password?' }, { key: 'wrong-key' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('landing_page_sig_invalid');
  });

  it(`never takes an API key (${DRFUHRMAN}: no key or user token anywhere)`, async () => {
    const keyed = await send({ releaseId: 'rel_open', newPrompt: 'hi there' }, {}, { 'x-api-key': LANDING_API_KEY });
    expect(keyed.status).toBe(403);
    const bearer = await send({ releaseId: 'rel_open', newPrompt: 'hi there' }, {}, { Authorization: `Bearer ${LANDING_API_KEY}` });
    expect(bearer.status).toBe(403);
  });

  it(`answers 400 "Max number of messages reached." past maxAnonymousChatMessages (${TEMPLATE}: matched on the body text)`, async () => {
    let transcript: unknown[] = [];
    let prevSigniture = '';
    for (let i = 0; i < 3; i++) {
      const ok = await send({ releaseId: 'rel_open', newPrompt: `Question ${i} about passwords`, transcript, prevSigniture, sessionId: 'visitor-cap1' });
      expect(ok.status).toBe(200);
      ({ transcript, signiture: prevSigniture } = { transcript: ok.body.transcript, signiture: ok.body.signiture });
    }
    const capped = await send({ releaseId: 'rel_open', newPrompt: 'One more?', transcript, prevSigniture, sessionId: 'visitor-cap1' });
    expect(capped.status).toBe(400);
    expect(JSON.stringify(capped.body)).toMatch(/max number of messages reached/i);
    expect(capped.body.error.message).toContain('Max number of messages reached.');
  });

  it(`answers 429 with Retry-After past the per-session minute window, on the emulator clock (${TEMPLATE}: reads Retry-After)`, async () => {
    for (let i = 0; i < 4; i++) expect((await send({ releaseId: 'rel_signed', newPrompt: `q${i}`, sessionId: 'visitor-rate' })).status).toBe(200);
    const limited = await send({ releaseId: 'rel_signed', newPrompt: 'q4', sessionId: 'visitor-rate' });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another session is counted on its own.
    expect((await send({ releaseId: 'rel_signed', newPrompt: 'q0', sessionId: 'visitor-rate2' })).status).toBe(200);
    await door.emulator.clock.advance(retryAfter * 1000);
    expect((await send({ releaseId: 'rel_signed', newPrompt: 'q5', sessionId: 'visitor-rate' }, { ts: NOW_SEC + retryAfter })).status).toBe(200);
  });

  it(`answers 402 "insufficient funds" when the release's wallet cannot pay (${TEMPLATE}: /insufficient funds/ on a 402)`, async () => {
    for (const releaseId of ['rel_broke', 'rel_priced']) {
      const res = await send({ releaseId, newPrompt: 'hello there' });
      expect(res.status).toBe(402);
      expect(JSON.stringify(res.body)).toMatch(/insufficient funds/i);
    }
  });

  it(`answers 404 for a draft or unknown release and 403 where anonymous chat is not allowed (${TEMPLATE})`, async () => {
    expect((await send({ releaseId: 'rel_draft', newPrompt: 'hi' })).status).toBe(404);
    expect((await send({ releaseId: 'rel_nope', newPrompt: 'hi' })).status).toBe(404);
    expect((await send({ releaseId: 'rel_members', newPrompt: 'hi' })).status).toBe(403);
  });

  it(`validates the body: an empty prompt or a malformed session id is 400 naming the field (${TEMPLATE} validSessionId)`, async () => {
    const empty = await send({ releaseId: 'rel_open', newPrompt: '   ' });
    expect(empty.status).toBe(400);
    const badSession = await send({ releaseId: 'rel_open', newPrompt: 'hi', sessionId: 'no' });
    expect(badSession.status).toBe(400);
    expect(JSON.stringify(badSession.body.error.details)).toContain('sessionId');
  });

  it(`stores anonymous feedback on one exchange in the admin surface (${TEMPLATE} handleChatFeedback)`, async () => {
    const chat = await send({ releaseId: 'rel_open', newPrompt: 'How do I reset my password?', sessionId: 'visitor-fb01' });
    const feedback = (body: Record<string, unknown>) =>
      fetch(`${door.baseUrl}/ai-chat/anonymous-feedback`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const base = { releaseId: 'rel_open', transcript: chat.body.transcript, signiture: chat.body.signiture, messageIndex: 0 };
    const res = await feedback({ ...base, sentiment: -1, feedback: 'Missing the 2FA step.', email: 'visitor@example.com', sessionId: 'visitor-fb01' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, created: true });

    const list = await door.call('GET', '/api/v1/feedback?releaseId=rel_open', { key: LANDING_API_KEY });
    expect(list.status).toBe(200);
    const [record] = list.body.data as Json[];
    expect(record).toMatchObject({
      releaseId: 'rel_open',
      source: 'anonymous',
      messageRef: '0',
      sentiment: -1,
      feedback: 'Missing the 2FA step.',
      email: 'visitor@example.com',
      userPrompt: 'How do I reset my password?',
      userId: null,
    });
    expect(record!.chatId).toEqual(expect.any(String));

    // The signature authenticates: a tampered transcript, a bad index, no vote and a long note are refused.
    expect((await feedback({ ...base, signiture: '0'.repeat(64), sentiment: 1 })).status).toBe(403);
    expect((await feedback({ ...base, messageIndex: 5, sentiment: 1 })).status).toBe(400);
    expect((await feedback({ ...base })).status).toBe(400);
    expect((await feedback({ ...base, sentiment: 0 })).status).toBe(400);
    expect((await feedback({ ...base, feedback: 'x'.repeat(2001) })).status).toBe(400);
  });
});
