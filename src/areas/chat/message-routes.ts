// Chat message routes: list a thread's messages, and send one (SendMessageOptions), answered as a
// ChatResponse or, with `stream: true`, as server-sent ChatStreamChunk events.
import { ChatResponseSchema } from '../../types/chat.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import { jsonResponse } from '../../core/json-response.js';
import { endUserOf, type ChatAccess } from './access.js';
import { MessageListQuerySchema, MessageListSchema, SendMessageSchema, ThreadParamsSchema } from './schema.js';
import type { ChatResult, ChatService } from './send.js';
import { chatStreamResponse } from './streaming.js';
import type { ChatThreadStore } from './thread-store.js';
import { CHAT_TAG } from './thread-routes.js';

export interface MessageRouteDeps {
  access: ChatAccess;
  threads: ChatThreadStore;
  chat: ChatService;
}

/** The JSON answer of a send: the spec's ChatResponse, plus the stored user message. */
export function chatResponse(result: ChatResult) {
  return { message: result.message, usage: result.usage, context: result.context, userMessage: result.userMessage };
}

export function messageRoutes(deps: MessageRouteDeps): RouteDef[] {
  const { access, threads, chat } = deps;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/chat/threads/:threadId/messages',
      tag: CHAT_TAG,
      summary: 'A page of a thread’s messages, oldest first (limit, cursor)',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      params: ThreadParamsSchema,
      query: MessageListQuerySchema,
      response: MessageListSchema,
      handler: async ({ principal, params, query }) => {
        const { thread } = await access.thread(endUserOf(principal), params.threadId, 'read');
        const offset = Number(query.cursor ?? 0);
        const data = await threads.messages(thread.id, query.limit, offset);
        const hasMore = offset + data.length < thread.messageCount;
        return { data, hasMore, ...(hasMore && { nextCursor: String(offset + data.length) }), total: thread.messageCount };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/chat/threads/:threadId/messages',
      tag: CHAT_TAG,
      summary: 'Send a message and get the assistant’s reply (ChatResponse); stream: true answers text/event-stream',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      params: ThreadParamsSchema,
      body: SendMessageSchema,
      response: ChatResponseSchema,
      handler: async ({ principal, params, body, request }) => {
        const user = endUserOf(principal);
        const { thread, release } = await access.thread(user, params.threadId, 'write');
        const result = await chat.send(
          { principal: user, thread, release, resource: new URL(request.url).pathname, paymentHeader: request.headers.get('x-payment') },
          body,
        );
        if (!result.payment) return body.stream ? chatStreamResponse(thread.id, result) : chatResponse(result);
        // A paid send answers the x402 settlement in X-PAYMENT-RESPONSE.
        const response = body.stream ? chatStreamResponse(thread.id, result) : jsonResponse(chatResponse(result), 200);
        response.headers.set('X-PAYMENT-RESPONSE', result.payment.responseHeader);
        return response;
      },
    }),
  ];
}
