// A2A routes (spec section 4, A2A protocol 0.3): the discovery card at the A2A well-known path and
// under /api/v1/a2a (no auth, never rate limited), and the JSON-RPC 2.0 endpoint: `message/send`,
// `message/stream` (server-sent events), `tasks/get`, `tasks/cancel`, `tasks/resubscribe`, limited
// per client address. Errors are JSON-RPC error objects, never the envelope (contract 7); on a
// streaming method they arrive as an SSE frame, as stock A2A clients read them.
import { EmulatorError } from '../../core/errors.js';
import { jsonResponse } from '../../core/json-response.js';
import { MINUTE_MS, rateLimitHeaders, type RateLimiter } from '../../core/rate-limiter.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import { zodIssues } from '../../core/validation.js';
import { deltas } from '../chat/public.js';
import { sseResponse } from '../chat/public.js';
import { agentCard } from './agent-card.js';
import { A2aAgent, RpcError, fromEmulatorError, replyArtifact, type A2aAgentDeps, type Answered } from './agent.js';
import {
  A2A_METHODS,
  A2A_PER_MINUTE,
  JSON_RPC,
  JsonRpcEnvelopeSchema,
  MessageSendParamsSchema,
  TaskIdParamsSchema,
  TaskQueryParamsSchema,
  type A2aMethod,
} from './schema.js';
import { isTerminal, taskView, type TaskRecord } from './task-store.js';

type RpcId = string | number | null;

export interface A2aDeps extends A2aAgentDeps {
  limiter: RateLimiter;
  now(): number;
}

const errorBody = (id: RpcId, code: number, message: string, data?: unknown) => ({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } });

const rpcError = (id: RpcId, code: number, message: string, data?: unknown, status = 200, headers: Record<string, string> = {}) =>
  jsonResponse(errorBody(id, code, message, data), status, headers);

const STREAMING: readonly A2aMethod[] = ['message/stream', 'tasks/resubscribe'];

/** Parses params with a schema; a mismatch is JSON-RPC invalid params naming each field. */
function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof zodIssues>[0] } }, params: unknown): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new RpcError(JSON_RPC.INVALID_PARAMS, 'Invalid params', { issues: zodIssues(parsed.error) });
  return parsed.data;
}

/** Message params, refusing file and data parts the way A2A does (ContentTypeNotSupported) before any other check. */
function sendParams(params: unknown) {
  const parts: unknown = (params as { message?: { parts?: unknown } } | undefined)?.message?.parts;
  const kinds = Array.isArray(parts) ? parts.map((p: unknown) => (p !== null && typeof p === 'object' ? (p as { kind?: unknown }).kind : undefined)) : [];
  const other = kinds.find((k) => k === 'file' || k === 'data');
  if (other !== undefined) throw new RpcError(JSON_RPC.CONTENT_TYPE_NOT_SUPPORTED, 'Incompatible content types: this agent reads text parts only', { kind: other, accepted: ['text'] });
  return parse(MessageSendParamsSchema, params);
}

/** A2A 0.3 stream of a task lifecycle: the Task first, then status and artifact updates, the last one final. */
function turnEvents({ turn, result, task }: Answered): unknown[] {
  const base = { taskId: task.id, contextId: task.contextId };
  const pieces = deltas(result.message.content);
  const submitted: TaskRecord = { ...task, state: 'submitted', history: [turn.userMessage], artifacts: [], statusMessage: null, updatedAt: task.createdAt };
  return [
    taskView(submitted),
    { kind: 'status-update', ...base, status: { state: 'working', timestamp: result.userMessage.timestamp }, final: false },
    ...pieces.map((text, i) => ({
      kind: 'artifact-update',
      ...base,
      artifact: { ...replyArtifact(task.id, text), parts: [{ kind: 'text', text }] },
      append: i > 0,
      lastChunk: i === pieces.length - 1,
    })),
    { kind: 'status-update', ...base, status: { state: 'completed', message: task.statusMessage, timestamp: result.message.timestamp }, final: true },
  ];
}

/** `tasks/resubscribe`: the task as it stands, and a final status update once it has ended. */
function resubscribeEvents(task: TaskRecord): unknown[] {
  const view = taskView(task);
  return isTerminal(task.state) ? [view, { kind: 'status-update', taskId: task.id, contextId: task.contextId, status: view.status, final: true }] : [view];
}

export function a2aRoutes(deps: A2aDeps): RouteDef[] {
  const agent = new A2aAgent(deps);

  /** One call's results: a JSON value, or the events of a stream. */
  async function call(method: A2aMethod, params: unknown, request: Request): Promise<{ json: unknown } | { events: unknown[] }> {
    switch (method) {
      case 'message/send': {
        const p = sendParams(params);
        if (p.configuration?.blocking === false) return { json: taskView(await agent.submit(p, request), p.configuration.historyLength) };
        const answered = await agent.answer(p, request);
        return { json: answered.task.statusMessage };
      }
      case 'message/stream':
        return { events: turnEvents(await agent.answer(sendParams(params), request)) };
      case 'tasks/get': {
        const p = parse(TaskQueryParamsSchema, params);
        return { json: taskView(await agent.task(p.id), p.historyLength) };
      }
      case 'tasks/cancel':
        return { json: taskView(await agent.cancel(parse(TaskIdParamsSchema, params).id)) };
      case 'tasks/resubscribe':
        return { events: resubscribeEvents(await agent.task(parse(TaskIdParamsSchema, params).id)) };
      case 'tasks/pushNotificationConfig/set':
      case 'tasks/pushNotificationConfig/get':
      case 'tasks/pushNotificationConfig/list':
      case 'tasks/pushNotificationConfig/delete':
        throw new RpcError(JSON_RPC.PUSH_NOTIFICATION_NOT_SUPPORTED, 'Push Notification is not supported');
      case 'agent/getAuthenticatedExtendedCard':
        throw new RpcError(JSON_RPC.EXTENDED_CARD_NOT_CONFIGURED, 'Extended card not configured');
    }
  }

  const cardRoute = (path: string, summary: string, realClient?: string) =>
    defineRoute({
      method: 'GET',
      path,
      tag: 'a2a',
      summary,
      auth: { kind: 'none' },
      ...(realClient ? { realClient } : { emulatorDefined: true }),
      handler: ({ request }) => agentCard(request),
    });

  return [
    cardRoute(
      '/.well-known/agent-card.json',
      'A2A 0.3 agent card at the well-known path stock A2A clients read; deliberately not rate limited',
      'a2aproject/a2a-js src/client/card-resolver.ts (AGENT_CARD_PATH); A2A 0.3 specification, section 5.3',
    ),
    cardRoute('/api/v1/a2a/agent-card.json', 'Unsigned agent-to-agent discovery document; deliberately not rate limited'),
    defineRoute({
      method: 'POST',
      path: '/api/v1/a2a',
      tag: 'a2a',
      summary: 'A2A 0.3 JSON-RPC 2.0: message/send, message/stream (server-sent events), tasks/get, tasks/cancel, tasks/resubscribe; rate limited per IP',
      auth: { kind: 'none' },
      realClient: 'a2aproject/a2a-js src/client/transports/json_rpc_transport.ts; A2A 0.3 specification, section 7',
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
        const known = method as A2aMethod;
        const streaming = STREAMING.includes(known);
        try {
          const out = await call(known, params, request);
          if ('json' in out) return jsonResponse({ jsonrpc: '2.0', id, result: out.json }, 200, headers);
          return sseResponse(
            out.events.map((result) => ({ event: 'message', data: { jsonrpc: '2.0', id, result } })),
            headers,
          );
        } catch (err) {
          const rpc = err instanceof RpcError ? err : err instanceof EmulatorError ? fromEmulatorError(err) : undefined;
          if (!rpc) throw err;
          if (streaming) return sseResponse([{ event: 'error', data: errorBody(id, rpc.code, rpc.message, rpc.data) }], headers);
          return rpcError(id, rpc.code, rpc.message, rpc.data, 200, headers);
        }
      },
    }),
  ];
}
