// A2A through every door on every driver: the discovery card (no auth, never limited), JSON-RPC
// message/send and message/stream (parsed with a real SSE parser), JSON-RPC errors, the per-IP limit.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { A2A_PER_MINUTE } from '../../src/areas/a2a/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHAT_KEY, chatScenario } from '../support/chat-scenario.js';
import type { Json } from '../support/chat-client.js';

const message = (text: string, extra: Json = {}) => ({ kind: 'message', role: 'user', messageId: 'm-1', parts: [{ kind: 'text', text }], ...extra });

describe.each(MATRIX)('a2a: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: chatScenario });
  const rpc = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await door.fetch('/api/v1/a2a', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
  };
  const send = (text: string, params: Json = {}, id: string | number = 1) =>
    rpc({ jsonrpc: '2.0', id, method: 'message/send', params: { message: message(text), metadata: { releaseId: 'rel_help' }, ...params } });

  it('serves the agent card without auth and without a rate limit', async () => {
    for (let i = 0; i < A2A_PER_MINUTE + 5; i++) {
      const res = await door.fetch('/api/v1/a2a/agent-card.json');
      expect(res.status).toBe(200);
      if (i === 0) {
        const card = (await res.json()) as Json;
        expect(card).toMatchObject({
          name: expect.any(String),
          url: `${door.baseUrl}/api/v1/a2a`,
          capabilities: { streaming: true },
          defaultInputModes: ['text/plain'],
          skills: [{ id: 'chat' }],
        });
      } else await res.arrayBuffer();
    }
  });

  it('answers message/send with one agent message, and continues the conversation by contextId', async () => {
    const res = await send('How do I reset my password?');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { kind: 'message', role: 'agent', parts: [{ kind: 'text' }] } });
    const first = res.body.result;
    expect(first.parts[0].text).toContain('Sources:\n[1] Password reset guide (https://docs.acme.example/password-reset)');
    expect(first.metadata.usage.totalTokens).toBeGreaterThan(0);
    const next = await rpc({ jsonrpc: '2.0', id: 'two', method: 'message/send', params: { message: message('When do invoices come?', { contextId: first.contextId }) } });
    expect(next.body.result.contextId).toBe(first.contextId);
    // The conversation is kept as a transcript of the release's workspace.
    const transcript = (await (await door.fetch(`/api/v1/transcripts/${first.contextId}`, { headers: { 'x-api-key': CHAT_KEY } })).json()) as Json;
    expect(transcript.messages.map((m: Json) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('streams message/stream as JSON-RPC results over server-sent events', async () => {
    const plain = (await send('How do I reset my password?')).body.result;
    await door.emulator.reset();
    const res = await door.fetch('/api/v1/a2a', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'message/stream', params: { message: message('How do I reset my password?'), metadata: { releaseId: 'rel_help' } } }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e) });
    parser.feed(await res.text());
    const results = events.map((e) => JSON.parse(e.data) as Json);
    expect(results.every((r) => r.jsonrpc === '2.0' && r.id === 7)).toBe(true);
    const kinds = results.map((r) => r.result.kind);
    expect(kinds[0]).toBe('status-update');
    expect(kinds.at(-1)).toBe('status-update');
    const artifacts = results.filter((r) => r.result.kind === 'artifact-update').map((r) => r.result);
    expect(artifacts.map((a) => a.artifact.parts[0].text).join('')).toBe(plain.parts[0].text);
    expect(artifacts.at(-1).lastChunk).toBe(true);
    const final = results.at(-1)!.result;
    expect(final).toMatchObject({ final: true, status: { state: 'completed' } });
    expect(final.status.message).toEqual(plain);
  });

  it('answers JSON-RPC error objects for bad calls, never the envelope', async () => {
    expect((await rpc('{not json')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    const invalid = await rpc({ jsonrpc: '1.0', id: 3, method: 'message/send' });
    expect(invalid.status).toBe(200);
    expect(invalid.body).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'Invalid Request' } });
    expect((await rpc([{ jsonrpc: '2.0', id: 1, method: 'message/send' }])).body.error.code).toBe(-32600);
    expect((await rpc({ jsonrpc: '2.0', id: 4, method: 'tasks/get', params: {} })).body).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32601, message: 'Method not found: tasks/get' },
    });
    const params = await rpc({ jsonrpc: '2.0', id: 5, method: 'message/send', params: { message: { role: 'user', parts: [] } } });
    expect(params.body.error.code).toBe(-32602);
    expect(params.body.error.data.issues.map((i: Json) => i.path)).toEqual(expect.arrayContaining(['message.messageId', 'message.parts']));
    expect((await send('hi', { metadata: { releaseId: 'rel_nope' } })).body.error.code).toBe(-32602);
    expect((await send('hi', { metadata: { releaseId: 'rel_required' } })).body.error.code).toBe(-32602);
    expect((await send('hi', { message: message('hi', { contextId: 'nope' }) })).body.error.code).toBe(-32602);
    const paid = await send('hi', { metadata: { releaseId: 'rel_pay' } });
    expect(paid.body.error).toMatchObject({ code: -32000, data: { code: 'payment_required', details: { amountMicro: 50000 } } });
    // A failed call wrote nothing: no transcript appeared.
    const list = (await (await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': CHAT_KEY } })).json()) as Json;
    expect(list.pagination.total).toBe(0);
  });

  it('limits calls per client address, with the rate-limit headers', async () => {
    for (let i = 0; i < A2A_PER_MINUTE; i++) {
      const res = await rpc({ jsonrpc: '2.0', id: i, method: 'nope' });
      expect(res.status).toBe(200);
    }
    const limited = await rpc({ jsonrpc: '2.0', id: 99, method: 'nope' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32029, message: 'Rate limit exceeded', data: { limit: A2A_PER_MINUTE, remaining: 0, resetAt: expect.any(Number), retryAfter: 60 } },
    });
    expect(limited.headers.get('retry-after')).toBe('60');
    // Another address is not affected, and the window ends on the emulator clock.
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'nope' }, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
    await door.emulator.clock.advance(60_000);
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'nope' })).status).toBe(200);
  });
});
