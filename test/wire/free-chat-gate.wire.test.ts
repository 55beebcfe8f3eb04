// The free-chat gate replayed as the drfuhrman landing worker (v2) sends it (REAL-WIRE section 4):
// welcome, start (the magic link lands in the emulator's mailbox), verify's 302, and chat-send with
// the verified token in the body. Raw fetch on every door and driver.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import type { Json } from '../support/chat-client.js';
import { landingScenario } from '../support/landing-scenario.js';

const V2 = 'divinci-ai/drfuhrman-ai-landing src/worker-v2.ts';
const V2_TEST = 'divinci-ai/drfuhrman-ai-landing src/worker-v2.test.ts';
const WELCOME = 'divinci-ai/divinci-landing-template src/worker.ts handleWelcome';
const REDIRECT = 'https://landing.example/verified';

describe.each(MATRIX)('free-chat gate (real wire): $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: landingScenario });
  // forwardJsonToUpstream: Content-Type, the worker's Origin and the visitor's CF-Connecting-IP.
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${door.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://landing.example', 'CF-Connecting-IP': '203.0.113.7' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const mailbox = async () => (await (await door.fetch('/__emulator/mailbox')).json()) as { data: Json[]; total: number };
  /** start, then follow the mailed link the way the worker's /api/verify-email redirect does; answers the verified token. */
  const verifiedToken = async (email: string) => {
    const started = await post('/ai-chat/free-chat-gate/start', { releaseId: 'rel_gate', email, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX', redirectTo: REDIRECT });
    expect(started.status).toBe(200);
    const mail = (await mailbox()).data.filter((m) => m.to === email).at(-1)!;
    const link = new URL(mail.links[0]);
    const res = await fetch(`${door.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!).searchParams.get('token')!;
  };

  // Emulator-defined: a person opening a mailed link with no redirectTo sees a page with the token.
  it('answers a verify link without redirectTo with a 200 page holding a verified token that chats', async () => {
    const started = await post('/ai-chat/free-chat-gate/start', { releaseId: 'rel_gate', email: 'page@example.com', turnstileToken: 'ts-2', redirectTo: REDIRECT });
    expect(started.status).toBe(200);
    const link = new URL((await mailbox()).data.filter((m) => m.to === 'page@example.com').at(-1)!.links[0]);
    const page = await fetch(`${door.baseUrl}/ai-chat/free-chat-gate/verify?token=${encodeURIComponent(link.searchParams.get('token')!)}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const token = /<pre id="token">([^<]+)<\/pre>/.exec(await page.text())![1]!;
    expect(token.startsWith('rel_gate.')).toBe(true);
    const sent = await post('/ai-chat/free-chat-gate/chat-send', { token, prevSigniture: '', newPrompt: 'How do I reset my password?', transcript: [] });
    expect(sent.status).toBe(200);
    expect(sent.body.transcript).toHaveLength(1);
  });

  it(`serves the welcome messages of a release for a language (${WELCOME})`, async () => {
    const en = await fetch(`${door.baseUrl}/ai-chat/free-chat-gate/welcome?${new URLSearchParams({ releaseId: 'rel_gate', language: 'en' })}`);
    expect(en.status).toBe(200);
    expect(await en.json()).toEqual({ messages: [{ message: 'Welcome! Ask me about passwords.' }] });
    const es = await fetch(`${door.baseUrl}/ai-chat/free-chat-gate/welcome?releaseId=rel_gate&language=es`);
    expect(await es.json()).toEqual({ messages: [{ message: '¡Bienvenido!' }] });
    const none = await fetch(`${door.baseUrl}/ai-chat/free-chat-gate/welcome?releaseId=rel_open`);
    expect(await none.json()).toEqual({ messages: [] });
  });

  it(`mails a magic link on start, 302s verify to redirectTo with the verified token, and chats with it (${V2} proxyStart, proxyVerifyLink, proxyChatSend; ${V2_TEST})`, async () => {
    const started = await post('/ai-chat/free-chat-gate/start', { releaseId: 'rel_gate', email: 'u@example.com', turnstileToken: 'ts-1', redirectTo: REDIRECT });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ status: 'sent', mode: 'captcha+magic-link', nextStep: 'link' });

    const box = await mailbox();
    expect(box.total).toBe(1);
    const [mail] = box.data;
    expect(mail).toMatchObject({ id: 'mail_1', to: 'u@example.com', at: '2026-05-04T10:00:00.000Z' });
    expect(mail!.subject).toContain('Gate bot');
    expect(mail!.links).toHaveLength(1);
    expect(mail!.text).toContain(mail!.links[0]);
    const link = new URL(mail!.links[0]);
    expect(link.pathname).toBe('/ai-chat/free-chat-gate/verify');
    expect(link.searchParams.get('redirectTo')).toBe(REDIRECT);
    const linkToken = link.searchParams.get('token')!;
    // The shape the worker's test shows: releaseId.hash.exp.sig.
    expect(linkToken.split('.')).toHaveLength(4);
    expect(linkToken.startsWith('rel_gate.')).toBe(true);

    // What the worker's /api/verify-email redirect does: token + its own redirectTo.
    const target = new URL(`${door.baseUrl}/ai-chat/free-chat-gate/verify`);
    target.searchParams.set('token', linkToken);
    target.searchParams.set('redirectTo', REDIRECT);
    const verified = await fetch(target, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    const location = new URL(verified.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const token = location.searchParams.get('token')!;
    expect(token.startsWith('rel_gate.')).toBe(true);

    // chat-send: the verified token rides in the body; no releaseId — it comes from the signed token.
    const first = await post('/ai-chat/free-chat-gate/chat-send', { token, prevSigniture: '', newPrompt: 'How do I reset my password?', transcript: [] });
    expect(first.status).toBe(200);
    expect(first.body.transcript).toHaveLength(1);
    expect(first.body.signiture).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.remaining).toBe(1);
    const second = await post('/ai-chat/free-chat-gate/chat-send', { token, prevSigniture: first.body.signiture, newPrompt: 'And then?', transcript: first.body.transcript });
    expect(second.status).toBe(200);
    expect(second.body.transcript).toHaveLength(2);
    expect(second.body.remaining).toBe(0);
    // The daily budget per email (settings.landing.gateMessagesPerDay = 2) answers 429, passed through verbatim by the worker.
    const third = await post('/ai-chat/free-chat-gate/chat-send', { token, prevSigniture: second.body.signiture, newPrompt: 'Once more', transcript: second.body.transcript });
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The same email verified again does not reset the day's budget.
    const again = await verifiedToken('U@Example.com');
    expect((await post('/ai-chat/free-chat-gate/chat-send', { token: again, prevSigniture: '', newPrompt: 'Hi', transcript: [] })).status).toBe(429);
  });

  it(`refuses a forged or expired token and a link token used as a chat token (${V2}: the platform checks the signed token)`, async () => {
    const token = await verifiedToken('v@example.com');
    const forged = token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await post('/ai-chat/free-chat-gate/chat-send', { token: forged, prevSigniture: '', newPrompt: 'Hi', transcript: [] })).status).toBe(403);
    const mail = (await mailbox()).data.at(-1)!;
    const linkToken = new URL(mail.links[0]).searchParams.get('token')!;
    expect((await post('/ai-chat/free-chat-gate/chat-send', { token: linkToken, prevSigniture: '', newPrompt: 'Hi', transcript: [] })).status).toBe(403);
    const bogus = await fetch(`${door.baseUrl}/ai-chat/free-chat-gate/verify?token=rel-a.aa.exp.sig&redirectTo=${encodeURIComponent(REDIRECT)}`, { redirect: 'manual' });
    expect(bogus.status).toBe(400);
    // Tokens live 7 days by default, on the emulator clock.
    await door.emulator.clock.advance(7 * 86_400_000 + 1000);
    expect((await post('/ai-chat/free-chat-gate/chat-send', { token, prevSigniture: '', newPrompt: 'Hi', transcript: [] })).status).toBe(403);
    const stale = await fetch(`${door.baseUrl}/ai-chat/free-chat-gate/verify?token=${encodeURIComponent(linkToken)}&redirectTo=${encodeURIComponent(REDIRECT)}`, { redirect: 'manual' });
    expect(stale.status).toBe(400);
  });

  it(`validates start: a bad email, a missing Turnstile token or a relative redirectTo is 400; an unknown release 404 (${V2_TEST})`, async () => {
    const start = (body: Record<string, unknown>) => post('/ai-chat/free-chat-gate/start', { releaseId: 'rel_gate', email: 'w@example.com', turnstileToken: 'ts', redirectTo: REDIRECT, ...body });
    expect((await start({ email: 'not-an-email' })).status).toBe(400);
    expect((await start({ turnstileToken: '' })).status).toBe(400);
    expect((await start({ redirectTo: '/verified' })).status).toBe(400);
    expect((await start({ releaseId: 'rel_nope' })).status).toBe(404);
    expect((await mailbox()).total).toBe(0);
  });
});
