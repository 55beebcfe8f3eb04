// Landing-page chat through every door on every driver: requests signed with the release's shared
// HMAC by a server-side proxy; API keys always refused; stale timestamps refused on the emulator clock.
import { createHmac } from 'node:crypto';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHAT_KEY, CHAT_NOW, LANDING_SECRET, chatScenario } from '../support/chat-scenario.js';
import type { Json } from '../support/chat-client.js';

const nowSec = Date.parse(CHAT_NOW) / 1000;
const sign = (timestamp: string, body: string, secret = LANDING_SECRET) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

describe.each(MATRIX)('landing-page chat: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: chatScenario });
  const landing = async (payload: Json, opts: { timestamp?: string; signature?: string; headers?: Record<string, string>; release?: string } = {}) => {
    const body = JSON.stringify(payload);
    const timestamp = opts.timestamp ?? String(nowSec);
    const res = await door.fetch(`/api/v1/chat/landing/${opts.release ?? 'rel_landing'}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-landing-timestamp': timestamp,
        'x-landing-signature': opts.signature ?? sign(timestamp, body),
        ...opts.headers,
      },
      body,
    });
    const text = await res.text();
    return { status: res.status, text, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as Json };
  };

  it('chats with a correctly signed request, even on a release that requires sign-in, and continues the thread', async () => {
    const first = await landing({ sessionId: 'visitor-42', content: 'How do I reset my password?' });
    expect(first.status).toBe(200);
    expect(first.body.thread).toMatchObject({ releaseId: 'rel_landing', ownerId: 'landing:rel_landing:visitor-42', messageCount: 2 });
    expect(first.body.message.role).toBe('assistant');
    expect(first.body.usage.totalTokens).toBe(first.body.usage.promptTokens + first.body.usage.completionTokens);
    const next = await landing({ sessionId: 'visitor-42', threadId: first.body.thread.id, content: 'Thanks!' });
    expect(next.body.thread).toMatchObject({ id: first.body.thread.id, messageCount: 4 });
    // Another visitor cannot continue it.
    expect((await landing({ sessionId: 'visitor-43', threadId: first.body.thread.id, content: 'hi' })).status).toBe(404);
    // The conversation is a transcript of the workspace.
    const transcript = (await (await door.fetch(`/api/v1/transcripts/${first.body.thread.id}`, { headers: { 'x-api-key': CHAT_KEY } })).json()) as Json;
    expect(transcript.messageCount).toBe(4);
  });

  it('streams when asked', async () => {
    const body = JSON.stringify({ sessionId: 'visitor-42', content: 'How do I reset my password?', stream: true });
    const res = await door.fetch('/api/v1/chat/landing/rel_landing', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-landing-timestamp': String(nowSec), 'x-landing-signature': sign(String(nowSec), body) },
      body,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events: EventSourceMessage[] = [];
    createParser({ onEvent: (e) => events.push(e) }).feed(await res.text());
    const chunks = events.map((e) => JSON.parse(e.data) as Json);
    const done = chunks.at(-1)!;
    expect(done.type).toBe('done');
    expect(chunks.filter((ch) => ch.type === 'delta').map((ch) => ch.content).join('')).toBe(done.message.content);
  });

  it('always refuses an API key, and refuses bad or stale signatures with 401', async () => {
    const payload = { sessionId: 'visitor-42', content: 'hello' };
    const keyed = await landing(payload, { headers: { 'x-api-key': CHAT_KEY } });
    expect(keyed.status).toBe(403);
    expect(keyed.body.error.code).toBe('FORBIDDEN');
    expect((await landing(payload, { signature: sign(String(nowSec), JSON.stringify(payload), 'wrong-secret') })).status).toBe(401);
    expect((await landing(payload, { signature: 'abc' })).status).toBe(401);
    // The signature covers the body: a changed body fails.
    const tampered = await door.fetch('/api/v1/chat/landing/rel_landing', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-landing-timestamp': String(nowSec), 'x-landing-signature': sign(String(nowSec), JSON.stringify(payload)) },
      body: JSON.stringify({ ...payload, content: 'changed' }),
    });
    expect(tampered.status).toBe(401);
    const missing = await door.fetch('/api/v1/chat/landing/rel_landing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    expect(missing.status).toBe(401);
    // Five minutes either way of the emulator clock is fine; beyond that the request is stale.
    expect((await landing(payload, { timestamp: String(nowSec - 300) })).status).toBe(200);
    expect((await landing(payload, { timestamp: String(nowSec + 300) })).status).toBe(200);
    const stale = await landing(payload, { timestamp: String(nowSec - 301) });
    expect(stale.status).toBe(401);
    expect(stale.body.error.code).toBe('UNAUTHORIZED');
    await door.emulator.clock.advance(301_000);
    expect((await landing(payload)).status).toBe(401);
  });

  it('answers 403 on a release without a landing secret, 404 on an unknown one, 400 on bad bodies', async () => {
    expect((await landing({ sessionId: 'visitor-42', content: 'hi' }, { release: 'rel_help' })).status).toBe(403);
    expect((await landing({ sessionId: 'visitor-42', content: 'hi' }, { release: 'rel_nope' })).status).toBe(404);
    const bad = await landing({ sessionId: 'x', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: Json) => i.path).sort()).toEqual(['body.content', 'body.sessionId']);
  });
});
