// eventsource-parser (https://github.com/rexxars/eventsource-parser), unchanged, reading both of
// the emulator's streams as a browser or server client would: a chat send with `stream: true` and
// an A2A `message/stream`, piped through its EventSourceParserStream, through both doors.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { DOORS, ONE_DRIVER } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { chatScenario } from '../support/chat-scenario.js';
import { external, type Json } from '../support/chat-client.js';

async function events(res: Response): Promise<EventSourceMessage[]> {
  const out: EventSourceMessage[] = [];
  const stream = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

describe.each(DOORS)('eventsource-parser through the %s door', (doorName) => {
  const door = useDoor(ONE_DRIVER, doorName, { scenario: chatScenario });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    door.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers }, body: JSON.stringify(body) });

  it('reads a chat reply streamed with stream: true: start, deltas, done; deltas join to the reply', async () => {
    const who = external('cust-sse');
    const thread = (await (await post('/api/v1/chat/threads', { releaseId: 'rel_help' }, who)).json()) as Json;
    const res = await post(`/api/v1/chat/threads/${thread.id}/messages`, { content: 'How do I reset my password?', stream: true }, who);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const got = await events(res);
    const chunks = got.map((e) => JSON.parse(e.data) as Json);
    expect(got.map((e) => e.event)).toEqual(chunks.map((c) => c.type));
    expect(chunks[0]!.type).toBe('start');
    expect(chunks.at(-1)!.type).toBe('done');
    const text = chunks.filter((c) => c.type === 'delta').map((c) => c.content).join('');
    expect(text).toContain('Password reset guide');
  });

  it('reads an A2A message/stream: JSON-RPC results with the same id, the Task first, a final status last', async () => {
    const res = await post('/api/v1/a2a', {
      jsonrpc: '2.0',
      id: 'req-1',
      method: 'message/stream',
      params: { message: { kind: 'message', role: 'user', messageId: 'sse-1', parts: [{ kind: 'text', text: 'How do I reset my password?' }] } },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = (await events(res)).map((e) => JSON.parse(e.data) as Json);
    expect(frames.every((f) => f.jsonrpc === '2.0' && f.id === 'req-1' && 'result' in f)).toBe(true);
    expect(frames[0]!.result.kind).toBe('task');
    expect(frames.at(-1)!.result).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
  });

  it('reads an error inside an A2A stream as one SSE frame holding the JSON-RPC error', async () => {
    const res = await post('/api/v1/a2a', { jsonrpc: '2.0', id: 2, method: 'message/stream', params: { message: { role: 'user', parts: [] } } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const got = await events(res);
    expect(got).toHaveLength(1);
    expect(got[0]!.event).toBe('error');
    expect(JSON.parse(got[0]!.data)).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params' } });
  });
});
