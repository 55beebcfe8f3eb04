// A2A routes (spec section 4): the discovery card (no auth, never rate limited) and the JSON-RPC
// 2.0 endpoint with `message/send` (one JSON answer) and `message/stream` (server-sent events),
// limited per client address. Errors here are JSON-RPC error objects, not the envelope (contract 7).
import { EmulatorError, type ErrorCode } from '../../core/errors.js';
import { jsonResponse } from '../../core/json-response.js';
import { MINUTE_MS, rateLimitHeaders, type RateLimiter } from '../../core/rate-limiter.js';
import { defineRoute, type EndUserPrincipal, type RouteDef } from '../../core/route.js';
import { zodIssues } from '../../core/validation.js';
import type { ReleaseStore } from '../releases/store.js';
import { deltas } from '../chat/reply-generator.js';
import type { ChatResult, ChatService } from '../chat/send.js';
import { sseResponse } from '../chat/streaming.js';
import type { ChatThreadStore, ThreadRecord } from '../chat/thread-store.js';
import { agentCard } from './agent-card.js';
import { A2A_METHODS, A2A_PER_MINUTE, JSON_RPC, JsonRpcEnvelopeSchema, MessageSendParamsSchema, type MessageSendParams } from './schema.js';

type RpcId = string | number | null;

export interface A2aDeps {
  releases: ReleaseStore;
  threads: ChatThreadStore;
  chat: ChatService;
  limiter: RateLimiter;
  now(): number;
  /** Runs a send in one transaction: a failed call writes nothing. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const rpcError = (id: RpcId, code: number, message: string, data?: unknown, status = 200, headers: Record<string, string> = {}) =>
  jsonResponse({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } }, status, headers);

/** A service error as JSON-RPC: bad input is invalid params; anything else a server error naming the wire code. */
function fromEmulatorError(err: EmulatorError): RpcError {
  const code: ErrorCode = err.code;
  if (code === 'VALIDATION_ERROR') return new RpcError(JSON_RPC.INVALID_PARAMS, err.message, err.details);
  return new RpcError(JSON_RPC.SERVER_ERROR, err.message, { code, ...(err.details !== undefined && { details: err.details }) });
}

function agentMessage(thread: ThreadRecord, result: ChatResult) {
  return {
    kind: 'message',
    role: 'agent',
    messageId: result.message.id,
    contextId: thread.id,
    taskId: result.message.id,
    parts: [{ kind: 'text', text: result.message.content }],
    metadata: { usage: result.usage, context: result.context, assistant: result.message.metadata?.assistant },
  };
}

export function a2aRoutes(deps: A2aDeps): RouteDef[] {
  /** The conversation: the thread named by contextId, or a new A2A thread on the named release. */
  async function converse(params: MessageSendParams, request: Request): Promise<{ thread: ThreadRecord; result: ChatResult }> {
    const contextId = params.message.contextId;
    const releaseId = params.metadata?.releaseId ?? new URL(request.url).searchParams.get('releaseId') ?? undefined;
    let thread = contextId === undefined ? undefined : await deps.threads.get(contextId);
    if (contextId !== undefined && (!thread || thread.kind !== 'a2a')) throw new RpcError(JSON_RPC.INVALID_PARAMS, 'Unknown contextId', { path: 'params.message.contextId' });
    const release = await deps.releases.get(thread?.releaseId ?? releaseId ?? '');
    if (!release || (thread === undefined && releaseId === undefined)) {
      throw new RpcError(JSON_RPC.INVALID_PARAMS, 'Name an existing release in params.metadata.releaseId', { path: 'params.metadata.releaseId' });
    }
    if (release.authMode === 'required' || release.status === 'archived') {
      throw new RpcError(JSON_RPC.INVALID_PARAMS, 'This release does not take anonymous agent calls', { path: 'params.metadata.releaseId' });
    }
    thread ??= await deps.threads.create({
      workspaceId: release.workspaceId,
      releaseId: release.id,
      ownerSubject: 'a2a',
      kind: 'a2a',
      transcriptTitle: `Agent call to ${release.name}`,
      visibility: 'private',
      metadata: { channel: 'a2a' },
    });
    const caller: EndUserPrincipal = { kind: 'endUser', via: 'anonymous', subject: `a2a:${thread.id}` };
    const content = params.message.parts.map((p) => p.text).join('\n');
    const result = await deps.chat.send(
      { principal: caller, thread, release, resource: new URL(request.url).pathname, paymentHeader: request.headers.get('x-payment') },
      { content, metadata: { a2aMessageId: params.message.messageId } },
    );
    return { thread, result };
  }

  function streamAnswer(id: RpcId, thread: ThreadRecord, result: ChatResult): Response {
    const taskId = result.message.id;
    const base = { taskId, contextId: thread.id };
    const pieces = deltas(result.message.content);
    const events = [
      { kind: 'status-update', ...base, status: { state: 'working', timestamp: result.userMessage.timestamp }, final: false },
      ...pieces.map((text, i) => ({
        kind: 'artifact-update',
        ...base,
        artifact: { artifactId: `${taskId}-reply`, parts: [{ kind: 'text', text }] },
        append: i > 0,
        lastChunk: i === pieces.length - 1,
      })),
      { kind: 'status-update', ...base, status: { state: 'completed', message: agentMessage(thread, result), timestamp: result.message.timestamp }, final: true },
    ];
    return sseResponse(events.map((result) => ({ event: 'message', data: { jsonrpc: '2.0', id, result } })));
  }

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/a2a/agent-card.json',
      tag: 'a2a',
      summary: 'Unsigned agent-to-agent discovery document; deliberately not rate limited',
      auth: { kind: 'none' },
      emulatorDefined: true,
      handler: ({ request }) => agentCard(request),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/a2a',
      tag: 'a2a',
      summary: 'JSON-RPC 2.0: message/send (one JSON answer) and message/stream (server-sent events); rate limited per IP',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: JsonRpcEnvelopeSchema, mediaTypes: ['application/json'] },
      transactional: false,
      handler: async ({ request, clientIp }) => {
        const now = deps.now();
        const decision = deps.limiter.hit(`a2a:${clientIp}`, A2A_PER_MINUTE, MINUTE_MS, now);
        const headers = rateLimitHeaders(decision, now);
        if (!decision.allowed) {
          const retryAfter = Math.max(0, Math.ceil((decision.resetAt - now) / 1000));
          const data = { limit: decision.limit, remaining: 0, resetAt: Math.ceil(decision.resetAt / 1000), retryAfter };
          return rpcError(null, JSON_RPC.RATE_LIMITED, 'Rate limit exceeded', data, 429, headers);
        }
        let raw: unknown;
        try {
          raw = JSON.parse(await request.text());
        } catch {
          return rpcError(null, JSON_RPC.PARSE_ERROR, 'Parse error', undefined, 200, headers);
        }
        const envelope = JsonRpcEnvelopeSchema.safeParse(raw);
        if (!envelope.success) {
          const id = raw && typeof raw === 'object' && 'id' in raw && (typeof raw.id === 'string' || typeof raw.id === 'number') ? raw.id : null;
          return rpcError(id, JSON_RPC.INVALID_REQUEST, 'Invalid Request', { issues: zodIssues(envelope.error) }, 200, headers);
        }
        const { method, params } = envelope.data;
        const id = envelope.data.id ?? null;
        if (!(A2A_METHODS as readonly string[]).includes(method)) return rpcError(id, JSON_RPC.METHOD_NOT_FOUND, `Method not found: ${method}`, undefined, 200, headers);
        const parsed = MessageSendParamsSchema.safeParse(params);
        if (!parsed.success) return rpcError(id, JSON_RPC.INVALID_PARAMS, 'Invalid params', { issues: zodIssues(parsed.error) }, 200, headers);
        try {
          const { thread, result } = await deps.transaction(() => converse(parsed.data, request));
          if (method === 'message/stream') {
            const response = streamAnswer(id, thread, result);
            for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
            return response;
          }
          return jsonResponse({ jsonrpc: '2.0', id, result: agentMessage(thread, result) }, 200, headers);
        } catch (err) {
          const rpc = err instanceof RpcError ? err : err instanceof EmulatorError ? fromEmulatorError(err) : undefined;
          if (!rpc) throw err;
          return rpcError(id, rpc.code, rpc.message, rpc.data, 200, headers);
        }
      },
    }),
  ];
}
