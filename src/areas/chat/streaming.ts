// Server-sent events for a streamed send: `start`, the retrieved `context`, the reply's `delta`s, then
// `done` with the whole message, usage and context. The exchange is stored before the first byte, so
// streaming only replays it.
import { deltas, type ContextEntry } from './reply-generator.js';
import type { ChatStreamChunk, StreamContextEntry } from './schema.js';
import type { ChatResult } from './send.js';

export const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };

/** A retrieved chunk in the stream's context-event shape: the file's title is its `originalName`. */
export function streamContextEntry(c: ContextEntry): StreamContextEntry {
  return {
    vectorId: c.vectorId,
    content: c.content,
    metadata: { originalName: c.title ?? c.source ?? '', ...(c.sourceUrl !== undefined && { sourceUrl: c.sourceUrl }), fileId: c.fileId, source: c.source },
    score: c.score,
  };
}

export function chatChunks(threadId: string, result: ChatResult): ChatStreamChunk[] {
  return [
    { type: 'start', threadId, userMessageId: result.userMessage.id, messageId: result.message.id },
    { type: 'context', context: result.context.map(streamContextEntry) },
    ...deltas(result.message.content).map((content, index): ChatStreamChunk => ({ type: 'delta', index, content })),
    { type: 'done', message: result.message, usage: result.usage, context: result.context.map((c) => ({ ...c })) },
  ];
}

/** One SSE event per item, written as the client pulls: a client that goes away stops the writing. */
export function sseResponse(events: { event: string; data: unknown }[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const item = events[next];
      if (!item) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`id: ${next}\nevent: ${item.event}\ndata: ${JSON.stringify(item.data)}\n\n`));
      next++;
    },
  });
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

export function chatStreamResponse(threadId: string, result: ChatResult): Response {
  return sseResponse(chatChunks(threadId, result).map((chunk) => ({ event: chunk.type, data: chunk })));
}
