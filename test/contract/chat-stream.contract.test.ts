// Streamed sends through every door on every driver: parsed with a real SSE parser, the deltas
// join to exactly the non-streamed reply for the same thread state, the final chunk carries the
// same usage, and a client that drops the stream halfway leaves a consistent thread.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { ChatStreamChunkSchema, type ChatStreamChunk } from '../../src/areas/chat/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHAT_KEY, chatScenario } from '../support/chat-scenario.js';
import { chatClient, external } from '../support/chat-client.js';

async function readEvents(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  return events;
}

describe.each(MATRIX)('chat streaming: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: chatScenario });
  const c = chatClient(door);
  const cust = external('cust-stream');
  const stream = (threadId: string, body: Record<string, unknown>, signal?: AbortSignal) =>
    door.fetch(`/api/v1/chat/threads/${threadId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cust },
      body: JSON.stringify({ ...body, stream: true }),
      ...(signal && { signal }),
    });

  it('streams ChatStreamChunk events whose deltas join to the non-streamed reply, with the same usage', async () => {
    // Two turns, so the streamed reply depends on thread state too.
    const prompts = ['How do I reset my password?', 'When are invoices issued each month?'];
    const plainThread = await c.thread(cust, 'rel_help');
    const plain = [];
    for (const content of prompts) plain.push((await c.send(plainThread, cust, { content })).body);

    await door.emulator.reset();
    const streamedThread = await c.thread(cust, 'rel_help');
    expect(streamedThread).toBe(plainThread);
    for (const [i, content] of prompts.entries()) {
      const res = await stream(streamedThread, { content });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const events = await readEvents(res);
      const chunks: ChatStreamChunk[] = events.map((e) => ChatStreamChunkSchema.parse(JSON.parse(e.data)));
      expect(events.map((e) => e.event)).toEqual(chunks.map((ch) => ch.type));
      expect(events.map((e) => e.id)).toEqual(events.map((_, n) => String(n)));
      const [start, context, ...rest] = chunks;
      const done = rest.pop()!;
      expect(start).toEqual({ type: 'start', threadId: streamedThread, userMessageId: plain[i]!.userMessage.id, messageId: plain[i]!.message.id });
      // The retrieved sources come before any text (REAL-WIRE section 9, the SDK's `context` event).
      expect(context).toEqual({
        type: 'context',
        context: plain[i]!.context.map((c: Record<string, unknown>) => ({
          vectorId: c.vectorId,
          content: c.content,
          metadata: { originalName: c.title ?? c.source ?? '', ...(c.sourceUrl !== undefined && { sourceUrl: c.sourceUrl }), fileId: c.fileId, source: c.source },
          score: c.score,
        })),
      });
      expect(rest.length).toBeGreaterThan(3);
      expect(rest.every((ch) => ch.type === 'delta')).toBe(true);
      const text = rest.map((ch) => (ch.type === 'delta' ? ch.content : '')).join('');
      expect(text).toBe(plain[i]!.message.content);
      expect(done).toEqual({ type: 'done', message: plain[i]!.message, usage: plain[i]!.usage, context: plain[i]!.context });
    }
    // The streamed exchange is stored like any other.
    const messages = (await c.get(`/api/v1/chat/threads/${streamedThread}/messages`, cust)).body.data;
    expect(messages.map((m: { content: string }) => m.content)).toEqual([prompts[0], plain[0]!.message.content, prompts[1], plain[1]!.message.content]);
  });

  it('leaves a consistent thread when the client drops the stream halfway', async () => {
    const id = await c.thread(cust, 'rel_help');
    const client = new AbortController();
    const res = await stream(id, { content: 'How do I reset my password?' }, client.signal);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('event: start');
    // The client goes away after the first event.
    client.abort();
    await reader.read().catch(() => undefined);
    const thread = (await c.get(`/api/v1/chat/threads/${id}`, cust)).body;
    expect(thread.messageCount).toBe(2);
    const messages = (await c.get(`/api/v1/chat/threads/${id}/messages`, cust)).body.data;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1].content).toContain('Sources:');
    const transcript = (await c.get(`/api/v1/transcripts/${id}`, { 'x-api-key': CHAT_KEY })).body;
    expect(transcript.messageCount).toBe(2);
    expect((await c.get('/api/v1/quota', cust)).body.usage.messagesToday).toBe(1);
    // And the thread goes on.
    expect((await c.send(id, cust, { content: 'Thanks, and invoices?' })).status).toBe(200);
  });

  it('answers errors of a streamed send with the JSON envelope, not a stream', async () => {
    const id = await c.thread(cust, 'rel_pay');
    const res = await stream(id, { content: 'Hello there' });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payment_required');
  });
});
