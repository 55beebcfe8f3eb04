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
    // A2A 0.3: a task's stream opens with the Task object (submitted), then status and artifact updates.
    expect(kinds[0]).toBe('task');
    expect(results[0]!.result).toMatchObject({ id: plain.taskId, contextId: plain.contextId, status: { state: 'submitted' } });
    expect(kinds[1]).toBe('status-update');
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
    expect((await rpc({ jsonrpc: '2.0', id: 4, method: 'tasks/list', params: {} })).body).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32601, message: 'Method not found: tasks/list' },
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

// A2A 0.3 (https://a2a-protocol.org/v0.3.0/specification/): the card at the well-known path, the
// default agent release, stored tasks (tasks/get, tasks/cancel), errors inside a stream as SSE frames.
describe.each(MATRIX)('a2a 0.3 tasks: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: chatScenario });
  const rpc = async (body: unknown) => {
    const res = await door.fetch('/api/v1/a2a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as Json;
  };

  it('serves the 0.3 card at /.well-known/agent-card.json, URLs on the served origin', async () => {
    const res = await door.fetch('/.well-known/agent-card.json');
    expect(res.status).toBe(200);
    const card = (await res.json()) as Json;
    expect(card).toMatchObject({
      protocolVersion: '0.3.0',
      url: `${door.baseUrl}/api/v1/a2a`,
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [{ url: `${door.baseUrl}/api/v1/a2a`, transport: 'JSONRPC' }],
      capabilities: { streaming: true },
    });
    expect(await (await door.fetch('/api/v1/a2a/agent-card.json')).json()).toEqual(card);
  });

  it('sends a call naming no release to the default agent release, and keeps its task', async () => {
    const sent = await rpc({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: message('How do I reset my password?') } });
    const reply = sent.result;
    expect(reply).toMatchObject({ kind: 'message', role: 'agent', taskId: expect.any(String), contextId: expect.any(String) });
    expect(reply.parts[0].text).toContain('Password reset guide');
    const task = (await rpc({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: reply.taskId } })).result;
    expect(task).toMatchObject({ kind: 'task', id: reply.taskId, contextId: reply.contextId, status: { state: 'completed', message: reply }, metadata: { releaseId: 'rel_help' } });
    expect(task.history.map((m: Json) => m.role)).toEqual(['user', 'agent']);
    expect(task.artifacts[0].parts[0].text).toBe(reply.parts[0].text);
    expect((await rpc({ jsonrpc: '2.0', id: 3, method: 'tasks/get', params: { id: reply.taskId, historyLength: 1 } })).result.history).toEqual([reply]);
    expect((await rpc({ jsonrpc: '2.0', id: 4, method: 'tasks/cancel', params: { id: reply.taskId } })).error).toMatchObject({ code: -32002 });
    expect((await rpc({ jsonrpc: '2.0', id: 5, method: 'tasks/get', params: { id: 'nope' } })).error).toMatchObject({ code: -32001 });
    expect((await rpc({ jsonrpc: '2.0', id: 6, method: 'tasks/pushNotificationConfig/get', params: { id: reply.taskId } })).error.code).toBe(-32003);
    const filePart = { kind: 'file', file: { uri: 'https://example.com/a.pdf', mimeType: 'application/pdf' } };
    expect((await rpc({ jsonrpc: '2.0', id: 8, method: 'message/send', params: { message: { ...message('x'), parts: [filePart] } } })).error.code).toBe(-32005);
    // tasks/resubscribe streams the task as it stands and, once it has ended, a final status update.
    const resubscribed = await door.fetch('/api/v1/a2a', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tasks/resubscribe', params: { id: reply.taskId } }),
    });
    const frames: EventSourceMessage[] = [];
    createParser({ onEvent: (e) => frames.push(e) }).feed(await resubscribed.text());
    expect(frames.map((f) => (JSON.parse(f.data) as Json).result.kind)).toEqual(['task', 'status-update']);
    expect(JSON.parse(frames[1]!.data).result).toMatchObject({ final: true, status: { state: 'completed' } });
  });

  it('follows settings.a2a.defaultReleaseId', async () => {
    await door.emulator.loadScenario({ ...chatScenario, settings: { ...(chatScenario as Json).settings, a2a: { defaultReleaseId: 'rel_anon' } } });
    const reply = (await rpc({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: message('hi') } })).result;
    expect((await rpc({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: reply.taskId } })).result.metadata.releaseId).toBe('rel_anon');
  });

  it('answers a non-blocking send with the submitted task, which runs when looked at or is canceled', async () => {
    const params = { message: message('How do I reset my password?'), configuration: { blocking: false } };
    const submitted = (await rpc({ jsonrpc: '2.0', id: 1, method: 'message/send', params })).result;
    expect(submitted).toMatchObject({ kind: 'task', status: { state: 'submitted' }, history: [{ role: 'user' }] });
    const done = (await rpc({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: submitted.id } })).result;
    expect(done.status.state).toBe('completed');
    expect(done.history.map((m: Json) => m.role)).toEqual(['user', 'agent']);
    const other = (await rpc({ jsonrpc: '2.0', id: 3, method: 'message/send', params: { ...params, message: message('again', { contextId: submitted.contextId }) } })).result;
    expect(other.contextId).toBe(submitted.contextId);
    const canceled = (await rpc({ jsonrpc: '2.0', id: 4, method: 'tasks/cancel', params: { id: other.id } })).result;
    expect(canceled).toMatchObject({ id: other.id, status: { state: 'canceled' }, history: [{ role: 'user' }] });
    expect((await rpc({ jsonrpc: '2.0', id: 5, method: 'tasks/get', params: { id: other.id } })).result.status.state).toBe('canceled');
    // A task that fails when it runs is `failed`, with the service error in its status message.
    const paid = (await rpc({ jsonrpc: '2.0', id: 6, method: 'message/send', params: { ...params, metadata: { releaseId: 'rel_pay' } } })).result;
    const failed = (await rpc({ jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { id: paid.id } })).result;
    expect(failed.status).toMatchObject({ state: 'failed', message: { role: 'agent', metadata: { error: { code: 'payment_required' } } } });
  });

  it('answers an error inside message/stream as an SSE frame holding the JSON-RPC error', async () => {
    const res = await door.fetch('/api/v1/a2a', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'message/stream', params: { message: message('hi'), metadata: { releaseId: 'rel_nope' } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events: EventSourceMessage[] = [];
    createParser({ onEvent: (e) => events.push(e) }).feed(await res.text());
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32602 } });
  });
});
