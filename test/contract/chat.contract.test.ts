// Chat threads and sends through every door on every driver: shapes, the transcript mirror,
// deterministic cited replies with real token counts, isolation, bad input, anonymous threads,
// tier quotas on the emulator clock, the terms gate across a publish, fallbacks, payment, overrides.
import { countTokens } from 'gpt-tokenizer';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatResponseSchema, ChatThreadSchema } from '../../src/types/chat.js';
import { TranscriptSingleSchema } from '../../src/areas/transcripts/schema.js';
import { MessageListSchema, ThreadListSchema } from '../../src/areas/chat/schema.js';
import { DRIVERS, MATRIX, keyOf, sharedEmulator } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import type { Emulator } from '../../src/index.js';
import { CHAT_KEY, CHAT_NOW, OTHER_KEY, chatScenario } from '../support/chat-scenario.js';
import { anonymous, bearer, chatClient, external } from '../support/chat-client.js';

const DAY = 86_400_000;

describe.each(MATRIX)('chat: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: chatScenario });
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const c = chatClient(door);
  const cust = external('cust-1');

  beforeEach(() => {
    alice = bearer(door.token('u_alice'));
    bob = bearer(door.token('u_bob'));
  });

  it('creates a thread that mirrors into the workspace transcripts under the same id', async () => {
    const res = await c.post('/api/v1/chat/threads', cust, { releaseId: 'rel_help', title: 'Password help', systemMessage: 'Answer in English.', metadata: { page: '/login' } });
    expect(res.status).toBe(201);
    const thread = ChatThreadSchema.parse(res.body);
    expect(thread).toMatchObject({ title: 'Password help', releaseId: 'rel_help', workspaceId: 'ws_acme', messageCount: 1, visibility: 'private', archived: false });
    // Contract section 7 (REAL-WIRE): the caller's own id, no kind prefix — here the external user id.
    expect(thread.ownerId).toBe('cust-1');
    expect(res.body.metadata).toEqual({ page: '/login', createdAt: CHAT_NOW, updatedAt: CHAT_NOW, createdBy: thread.ownerId });
    expect((await c.get(`/api/v1/chat/threads/${thread.id}`, cust)).body).toEqual(res.body);

    const sent = await c.send(thread.id, cust, { content: 'How do I reset my password?' });
    expect(sent.status).toBe(200);
    const transcript = TranscriptSingleSchema.parse((await c.get(`/api/v1/transcripts/${thread.id}`, { 'x-api-key': CHAT_KEY })).body);
    expect(transcript.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'Answer in English.'],
      ['user', 'How do I reset my password?'],
      ['assistant', sent.body.message.content],
    ]);
    expect(transcript.messages[2]!.context).toEqual(sent.body.context);
    expect(transcript.title).toBe('Password help');
    expect(transcript.metadata).toMatchObject({ source: 'chat', chatThreadId: thread.id, releaseId: 'rel_help' });

    const list = ThreadListSchema.parse((await c.get('/api/v1/chat/threads', cust)).body);
    expect(list.data.map((t) => [t.id, t.messageCount])).toEqual([[thread.id, 3]]);
    expect(list).toMatchObject({ hasMore: false, total: 1 });
    const messages = MessageListSchema.parse((await c.get(`/api/v1/chat/threads/${thread.id}/messages`, cust)).body);
    expect(messages.data.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(messages.data[2]).toEqual(sent.body.message);
  });

  it('answers with a deterministic reply that cites the retrieved sources, and real token counts', async () => {
    const id = await c.thread(cust, 'rel_help');
    const res = await c.send(id, cust, { content: 'How do I reset my password?' });
    const body = ChatResponseSchema.parse(res.body);
    expect(body.message.role).toBe('assistant');
    expect(body.message.content).toContain('to reset your password, open Settings and choose Security.');
    expect(body.message.content).toMatch(/\[1\]\n?/);
    expect(body.message.content).toContain('Sources:\n[1] Password reset guide (https://docs.acme.example/password-reset)');
    // Only the chunk that shares words with the question is cited.
    expect(body.context).toEqual([
      {
        content: expect.stringMatching(/^To reset your password/),
        score: expect.any(Number),
        source: 'https://docs.acme.example/password-reset',
        fileId: 'file_reset',
        vectorId: 'vec_docs',
        title: 'Password reset guide',
        sourceUrl: 'https://docs.acme.example/password-reset',
      },
    ]);
    expect(body.message.context).toEqual(body.context);
    expect(body.message.tokenCount).toBe(countTokens(body.message.content));
    expect(body.usage.completionTokens).toBe(countTokens(body.message.content));
    expect(body.usage.totalTokens).toBe(body.usage.promptTokens + body.usage.completionTokens);
    expect(body.usage.promptTokens).toBeGreaterThan(countTokens('How do I reset my password?'));
    // gpt-4o-mini: $0.15 per million prompt tokens, $0.60 per million completion tokens.
    expect(body.usage.estimatedCostUsd).toBeCloseTo((body.usage.promptTokens * 0.15 + body.usage.completionTokens * 0.6) / 1e6, 12);
    expect(body.message.metadata).toMatchObject({ model: 'gpt-4o-mini', finishReason: 'stop', assistant: { id: 'gpt-4o-mini', fallback: false } });
    expect(res.body.userMessage).toMatchObject({ role: 'user', content: 'How do I reset my password?', tokenCount: countTokens('How do I reset my password?') });

    // Without matching documents the answer says so, in the same voice.
    const plain = await c.send(id, cust, { content: 'What is the weather like in Paris?' });
    expect(plain.body.context).toEqual([]);
    expect(plain.body.message.content).toMatch(/weather paris/);
    expect(plain.body.message.content).not.toContain('Sources:');

    // The same state and requests give the same bytes.
    await door.emulator.reset();
    const again = await c.thread(cust, 'rel_help');
    expect(again).toBe(id);
    expect((await c.send(again, cust, { content: 'How do I reset my password?' })).text).toBe(res.text);
  });

  it('hides a thread from every other subject (404), and other workspaces’ releases', async () => {
    const id = await c.thread(cust, 'rel_help');
    const other = external('cust-2');
    for (const res of [
      await c.get(`/api/v1/chat/threads/${id}`, other),
      await c.get(`/api/v1/chat/threads/${id}/messages`, other),
      await c.send(id, other, { content: 'hello there' }),
      await c.patch(`/api/v1/chat/threads/${id}`, other, { archived: true }),
      await c.get(`/api/v1/chat/threads/${id}`, alice),
      await c.get(`/api/v1/chat/threads/${id}`, anonymous('session-12345')),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Thread not found', requestId: expect.any(String) } });
    }
    expect((await c.get('/api/v1/chat/threads', other)).body).toEqual({ data: [], hasMore: false, total: 0 });
    const foreign = await c.post('/api/v1/chat/threads', { 'x-api-key': OTHER_KEY, 'x-external-user-id': 'x' }, { releaseId: 'rel_help' });
    expect(foreign.status).toBe(404);
    // A public thread can be read by others, but only its owner writes to it.
    await c.patch(`/api/v1/chat/threads/${id}`, cust, { visibility: 'public' });
    expect((await c.get(`/api/v1/chat/threads/${id}`, other)).status).toBe(200);
    expect((await c.send(id, other, { content: 'hello there' })).status).toBe(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const id = await c.thread(cust, 'rel_help');
    await c.send(id, cust, { content: 'How do I reset my password?' });
    const otherThread = await c.thread(cust, 'rel_help');
    const foreignMessage = (await c.send(otherThread, cust, { content: 'Where are invoices?' })).body.message.id as string;
    const quota = async () => (await c.get('/api/v1/quota', cust)).body.usage;
    const before = { thread: (await c.get(`/api/v1/chat/threads/${id}`, cust)).body, usage: await quota() };
    const cases: [unknown, string][] = [
      [{ content: '' }, 'body.content'],
      [{ content: '   ' }, 'body.content'],
      [{}, 'body.content'],
      [{ content: 'hi', replyTo: foreignMessage }, 'body.replyTo'],
      [{ content: 'hi', override: { model: 'gpt-4o' } }, 'body.override'],
      [{ content: 'hi', assistantName: 'nobody' }, 'body.assistantName'],
      [{ content: 'hi', stream: 'yes' }, 'body.stream'],
      [{ content: 'hi', temperature: 0.5 }, 'body.temperature'],
    ];
    for (const [body, path] of cases) {
      const res = await c.send(id, cust, body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const badCreate = await c.post('/api/v1/chat/threads', cust, { releaseId: 'rel_help', visibility: 'secret' });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.error.details.issues[0].path).toBe('body.visibility');
    expect((await c.post('/api/v1/chat/threads', cust, { title: 'no release' })).status).toBe(400);
    expect((await c.patch(`/api/v1/chat/threads/${id}`, cust, { visibility: 'everyone' })).status).toBe(400);
    expect((await c.get(`/api/v1/chat/threads/${id}`, cust)).body).toEqual(before.thread);
    expect(await quota()).toEqual(before.usage);
    expect((await c.get('/api/v1/chat/threads', cust)).body.total).toBe(2);
  });

  it('takes a replyTo of the same thread and keeps it on the user message', async () => {
    const id = await c.thread(cust, 'rel_help');
    const first = await c.send(id, cust, { content: 'How do I reset my password?' });
    const second = await c.send(id, cust, { content: 'And when does the link expire?', replyTo: first.body.message.id, attachments: [{ name: 'shot.png' }] });
    expect(second.status).toBe(200);
    expect(second.body.userMessage.metadata).toEqual({ replyTo: first.body.message.id, attachments: [{ name: 'shot.png' }] });
  });

  it('lets anonymous sessions chat where the release allows it, and opens ephemeral threads', async () => {
    const visitor = anonymous('visitor-0001');
    const id = await c.thread(visitor, 'rel_help');
    expect((await c.send(id, visitor, { content: 'How do I reset my password?' })).status).toBe(200);
    const required = await c.post('/api/v1/chat/threads', visitor, { releaseId: 'rel_required' });
    expect(required.status).toBe(401);
    expect(required.body.error.code).toBe('UNAUTHORIZED');
    expect((await c.post('/api/v1/chat/threads', alice, { releaseId: 'rel_required' })).status).toBe(201);

    const opened = await c.post('/api/v1/chat/anonymous', {}, { releaseId: 'rel_anon', title: 'Quick question' });
    expect(opened.status).toBe(201);
    expect(opened.body.anonymousSessionId).toMatch(/^anon_[0-9A-Za-z]{32}$/);
    const session = anonymous(opened.body.anonymousSessionId);
    expect(ChatThreadSchema.parse(opened.body.thread).ownerId).toBe(opened.body.anonymousSessionId);
    const reply = await c.send(opened.body.thread.id, session, { content: 'Do you have invoices?' });
    expect(reply.status).toBe(200);
    const mine = await c.post('/api/v1/chat/anonymous', visitor, { releaseId: 'rel_help' });
    expect(mine.body.anonymousSessionId).toBe('visitor-0001');
    const refused = await c.post('/api/v1/chat/anonymous', {}, { releaseId: 'rel_required' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    // Ephemeral: gone after 24 hours of emulator time (its transcript stays for the workspace).
    await door.emulator.clock.advance(DAY);
    expect((await c.get(`/api/v1/chat/threads/${opened.body.thread.id}`, session)).status).toBe(404);
    expect((await c.get(`/api/v1/transcripts/${opened.body.thread.id}`, { 'x-api-key': CHAT_KEY })).status).toBe(200);
  });

  it('enforces the tier quota per end user: 429 when the day is used up, open again the next day', async () => {
    const id = await c.thread(cust, 'rel_help');
    for (let i = 0; i < 3; i++) expect((await c.send(id, cust, { content: `Question ${i} about invoices` })).status).toBe(200);
    const refused = await c.send(id, cust, { content: 'One more about invoices' });
    expect(refused.status).toBe(429);
    const midnight = Date.parse('2026-05-05T00:00:00.000Z');
    // A tier quota is the SDK's QuotaExceededError (code QUOTA_EXCEEDED), typed as the embed client reads it.
    expect(refused.body).toMatchObject({
      error: {
        code: 'QUOTA_EXCEEDED',
        message: 'Daily message quota exceeded for your tier',
        details: { type: 'daily_quota_exceeded', limit: 3, remaining: 0, resetAt: midnight / 1000, retryAfter: (midnight - Date.parse(CHAT_NOW)) / 1000 },
        requestId: expect.any(String),
      },
    });
    expect(refused.headers.get('retry-after')).toBe(String((midnight - Date.parse(CHAT_NOW)) / 1000));
    expect((await c.get(`/api/v1/chat/threads/${id}`, cust)).body.messageCount).toBe(6);
    // Another end user of the same key has their own quota.
    expect((await c.send(await c.thread(external('cust-2'), 'rel_help'), external('cust-2'), { content: 'invoices?' })).status).toBe(200);
    await door.emulator.clock.set(midnight);
    expect((await c.send(id, cust, { content: 'Next day, invoices again' })).status).toBe(200);
    expect((await c.get('/api/v1/quota', cust)).body.usage).toMatchObject({ messagesThisMonth: 4, messagesToday: 1 });
  });

  it('refuses a message longer than the tier’s maxTokensPerMessage', async () => {
    const id = await c.thread(cust, 'rel_help');
    const long = 'invoice '.repeat(61).trim();
    const res = await c.send(id, cust, { content: long });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({
      issues: [{ path: 'body.content', message: `${countTokens(long)} tokens; at most 60 per message` }],
      tokens: countTokens(long),
      maxTokensPerMessage: 60,
    });
    expect((await c.get(`/api/v1/chat/threads/${id}`, cust)).body.messageCount).toBe(0);
  });

  it('closes the terms gate (403 TERMS_NOT_ACCEPTED) until the current version is accepted, across a publish', async () => {
    const id = await c.thread(alice, 'rel_terms');
    expect((await c.send(id, alice, { content: 'Hello there' })).status).toBe(200);
    const bobThread = await c.thread(bob, 'rel_terms');
    const gated = await c.send(bobThread, bob, { content: 'Hello there' });
    expect(gated.status).toBe(403);
    expect(gated.body).toEqual({
      error: {
        code: 'TERMS_NOT_ACCEPTED',
        message: expect.any(String),
        details: { required: true, tosId: 'tos_main', version: 1, title: 'Terms', content: 'Be nice.' },
        requestId: expect.any(String),
      },
    });
    const key = { 'x-api-key': CHAT_KEY };
    expect((await c.patch('/api/v1/terms/tos_main', key, { content: 'Be nicer.' })).status).toBe(200);
    expect((await c.post('/api/v1/terms/tos_main/publish', key, {})).status).toBe(200);
    const again = await c.send(id, alice, { content: 'Hello again' });
    expect(again.status).toBe(403);
    expect(again.body.error.details).toMatchObject({ required: true, version: 2, content: 'Be nicer.' });
    expect((await c.post('/api/v1/terms/accept', alice, { tosId: 'tos_main', version: 2 })).status).toBe(200);
    expect((await c.send(id, alice, { content: 'Hello again' })).status).toBe(200);
    expect((await c.get(`/api/v1/chat/threads/${id}`, alice)).body.messageCount).toBe(4);
  });

  it('falls back along fallbackAssistants when the primary fails, and answers 503 when all fail', async () => {
    const id = await c.thread(cust, 'rel_fallback');
    const res = await c.send(id, cust, { content: 'Hello there' });
    expect(res.status).toBe(200);
    expect(res.body.message.metadata.assistant).toEqual({
      id: 'backup-2',
      finetune: true,
      fallback: true,
      attempts: [
        { id: 'primary-model', error: 'model_unavailable', retryable: true },
        { id: 'backup-1', error: 'model_unavailable', retryable: true },
      ],
    });
    // Unknown models are priced at the default $1 / $3 per million tokens.
    expect(res.body.usage.estimatedCostUsd).toBeCloseTo((res.body.usage.promptTokens * 1 + res.body.usage.completionTokens * 3) / 1e6, 12);
    const chosen = await c.send(id, cust, { content: 'Hello there', assistantName: 'backup-2' });
    expect(chosen.body.message.metadata.assistant).toMatchObject({ id: 'backup-2', fallback: false, attempts: [] });
    const down = await c.thread(cust, 'rel_down');
    const failed = await c.send(down, cust, { content: 'Hello there' });
    expect(failed.status).toBe(503);
    expect(failed.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { attempts: [{ id: 'm1' }, { id: 'm2' }] } });
    expect((await c.get(`/api/v1/chat/threads/${down}`, cust)).body.messageCount).toBe(0);
  });

  it('answers 402 with the x402 details on a paid release until a payment is sent', async () => {
    const id = await c.thread(cust, 'rel_pay');
    const res = await c.send(id, cust, { content: 'Hello there' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      error: {
        code: 'payment_required',
        message: 'Payment required: send an x-payment header',
        details: {
          x402Version: '1',
          amountUsd: 0.05,
          amountMicro: 50000,
          network: 'base-sepolia',
          asset: 'USDC',
          recipient: '0xabc0000000000000000000000000000000000def',
          resource: `/api/v1/chat/threads/${id}/messages`,
          facilitatorUrl: 'https://x402.org/facilitator',
          // The x402 protocol's PaymentRequirements for the same price (coinbase/x402 specs v1), which
          // the server SDK and stock x402 clients sign for.
          accepts: [
            {
              scheme: 'exact',
              network: 'base-sepolia',
              maxAmountRequired: '50000',
              asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
              payTo: '0xabc0000000000000000000000000000000000def',
              resource: `/api/v1/chat/threads/${id}/messages`,
              description: 'A chat message',
              mimeType: 'application/json',
              maxTimeoutSeconds: 300,
              extra: { name: 'USDC', version: '2' },
            },
          ],
        },
        requestId: expect.any(String),
      },
    });
    const pay = (p: unknown) => ({ ...cust, 'x-payment': btoa(JSON.stringify(p)) });
    expect((await c.send(id, pay({ x402Version: '1', network: 'base', amountMicro: 50000 }), { content: 'Hello there' })).status).toBe(402);
    expect((await c.send(id, pay({ x402Version: '1', network: 'base-sepolia', amountMicro: 49999 }), { content: 'Hello there' })).status).toBe(402);
    const paid = await c.send(id, pay({ x402Version: '1', network: 'base-sepolia', amountMicro: 50000, payer: '0x1' }), { content: 'Hello there' });
    expect(paid.status).toBe(200);
    expect(paid.body.message.metadata.payment).toEqual({ amountMicro: 50000, network: 'base-sepolia', payer: '0x1' });
  });

  it('takes an override only on a release pinned to a provider key, and honours maxTokens', async () => {
    const id = await c.thread(cust, 'rel_byok');
    const plain = await c.send(id, cust, { content: 'How do I reset my password?' });
    expect(plain.body.usage.completionTokens).toBe(12);
    expect(plain.body.message.metadata).toMatchObject({ model: 'gpt-4o', finishReason: 'length' });
    const over = await c.send(id, cust, { content: 'How do I reset my password?', override: { model: 'gpt-4.1-mini', maxTokens: 5 } });
    expect(over.body.message.metadata).toMatchObject({ model: 'gpt-4.1-mini', finishReason: 'length' });
    expect(over.body.usage.completionTokens).toBe(5);
  });

  it('takes embed access tokens, bound to the release they were issued for', async () => {
    const login = await c.post('/embed/login', {}, { apikey: CHAT_KEY, userId: 'cust-embed', membershipTier: 'free' });
    const validated = await c.post('/embed/validate-login', {}, { refreshToken: login.body.refreshToken, origin: 'https://acme.example', releaseId: 'rel_help' });
    const embed = bearer(validated.body.accessToken);
    const id = await c.thread(embed, 'rel_help');
    const sent = await c.send(id, embed, { content: 'How do I reset my password?' });
    expect(sent.status).toBe(200);
    // The same end user through the key sees the same thread.
    expect((await c.get(`/api/v1/chat/threads/${id}`, external('cust-embed'))).status).toBe(200);
    const elsewhere = await c.post('/api/v1/chat/threads', embed, { releaseId: 'rel_anon' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.code).toBe('FORBIDDEN');
  });

  it('archives threads: a send is 409 until unarchived, and lists filter by archived', async () => {
    const id = await c.thread(cust, 'rel_help', { title: 'Old' });
    const patched = await c.patch(`/api/v1/chat/threads/${id}`, cust, { archived: true, title: 'Older', visibility: 'shared' });
    expect(patched.body).toMatchObject({ archived: true, title: 'Older', visibility: 'shared' });
    expect((await c.send(id, cust, { content: 'Hello there' })).status).toBe(409);
    expect((await c.get('/api/v1/chat/threads', cust)).body.data).toEqual([]);
    expect((await c.get('/api/v1/chat/threads?archived=true', cust)).body.data.map((t: { id: string }) => t.id)).toEqual([id]);
    await c.patch(`/api/v1/chat/threads/${id}`, cust, { archived: false });
    expect((await c.send(id, cust, { content: 'Hello there' })).status).toBe(200);
    // Shared threads are readable by other end users of the same workspace.
    expect((await c.get(`/api/v1/chat/threads/${id}`, external('cust-9'))).status).toBe(200);
  });
});

describe.each(DRIVERS)('chat built-in scenarios on %s', (driver) => {
  const call = async (emulator: Emulator, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await emulator.fetch(
      new Request(`http://emulator.test${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('payment-required: 402 with the x402 details on the paid release, the free one answers', async () => {
    const emulator = await sharedEmulator(driver, { scenario: 'payment-required' });
    const user = { 'x-api-key': keyOf(emulator, 'key_full'), 'x-external-user-id': 'buyer-1' };
    const paid = (await call(emulator, '/api/v1/chat/threads', user, { releaseId: 'rel_premium' })).body.id;
    const refused = await call(emulator, `/api/v1/chat/threads/${paid}/messages`, user, { content: 'Hello' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.details).toMatchObject({ amountUsd: 0.01, amountMicro: 10000, network: 'base-sepolia', asset: 'USDC' });
    const free = (await call(emulator, '/api/v1/chat/threads', user, { releaseId: 'rel_help' })).body.id;
    expect((await call(emulator, `/api/v1/chat/threads/${free}/messages`, user, { content: 'Hello' })).status).toBe(200);
  });

  it('quota-exceeded: free end users get 429, premium ones chat', async () => {
    const emulator = await sharedEmulator(driver, { scenario: 'quota-exceeded' });
    const free = { 'x-api-key': keyOf(emulator, 'key_full'), 'x-external-user-id': 'free-1' };
    const thread = (await call(emulator, '/api/v1/chat/threads', free, { releaseId: 'rel_help' })).body.id;
    const refused = await call(emulator, `/api/v1/chat/threads/${thread}/messages`, free, { content: 'Hello' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { type: 'monthly_quota_exceeded', limit: 0, remaining: 0 } });
    expect((await call(emulator, '/api/v1/quota', free)).body.exceeded).toBe(true);
    const premium = { ...free, 'x-external-user-id': 'premium-1', 'x-external-user-tier': 'premium' };
    const other = (await call(emulator, '/api/v1/chat/threads', premium, { releaseId: 'rel_help' })).body.id;
    expect((await call(emulator, `/api/v1/chat/threads/${other}/messages`, premium, { content: 'Hello' })).status).toBe(200);
  });
});
