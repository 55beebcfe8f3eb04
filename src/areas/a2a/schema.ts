// A2A (agent-to-agent) shapes after the A2A protocol 0.3: the JSON-RPC 2.0 envelope, the params of
// `message/send` / `message/stream` and of the `tasks/*` methods, the error codes, and the per-IP limit.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

/** Calls per minute from one client address (emulator-defined; the spec gives no number). */
export const A2A_PER_MINUTE = 60;
/** The A2A protocol version the card declares; stock 0.3 clients (and later) accept it. */
export const A2A_PROTOCOL_VERSION = '0.3.0';

export const JSON_RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  /** A service error (quota, terms, payment, unavailable assistants); `data.code` is the wire code. */
  SERVER_ERROR: -32000,
  /** A2A: no task with that id. */
  TASK_NOT_FOUND: -32001,
  /** A2A: the task is in a terminal state. */
  TASK_NOT_CANCELABLE: -32002,
  /** A2A: this agent sends no push notifications (the card says so). */
  PUSH_NOTIFICATION_NOT_SUPPORTED: -32003,
  /** A2A: the operation is not supported. */
  UNSUPPORTED_OPERATION: -32004,
  /** A2A: a part of a kind this agent does not read (it reads text parts only). */
  CONTENT_TYPE_NOT_SUPPORTED: -32005,
  /** A2A: no authenticated extended card (the card says so). */
  EXTENDED_CARD_NOT_CONFIGURED: -32007,
  /** The per-IP limit: answered with HTTP 429. */
  RATE_LIMITED: -32029,
} as const;

export const A2A_METHODS = [
  'message/send',
  'message/stream',
  'tasks/get',
  'tasks/cancel',
  'tasks/resubscribe',
  'tasks/pushNotificationConfig/set',
  'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/list',
  'tasks/pushNotificationConfig/delete',
  'agent/getAuthenticatedExtendedCard',
] as const;
export type A2aMethod = (typeof A2A_METHODS)[number];

/** Task states of A2A 0.3; `completed`, `canceled`, `failed` and `rejected` are terminal. */
export type TaskState = 'submitted' | 'working' | 'input-required' | 'completed' | 'canceled' | 'failed' | 'rejected' | 'auth-required' | 'unknown';
export const TERMINAL_STATES: readonly TaskState[] = ['completed', 'canceled', 'failed', 'rejected'];

export const JsonRpcEnvelopeSchema = lazySchema(() => z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().min(1),
  id: z.union([z.string(), z.number().int(), z.null()]).optional(),
  params: z.unknown().optional(),
}));

const Metadata = lazySchema(() => z.record(z.string(), z.unknown()));
const TextPart = lazySchema(() => z.object({ kind: z.literal('text'), text: z.string().check(z.minLength(1), z.maxLength(100_000)), metadata: Metadata.optional() }));

export const MessageSendParamsSchema = lazySchema(() => z.object({
  message: z.object({
    kind: z.literal('message').optional(),
    role: z.literal('user'),
    messageId: z.string().check(z.minLength(1), z.maxLength(200)),
    contextId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    taskId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    referenceTaskIds: z.array(z.string().max(200)).max(20).optional(),
    parts: z.array(TextPart).min(1).max(20),
    metadata: Metadata.optional(),
    extensions: z.array(z.string()).optional(),
  }),
  metadata: z.object({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)).optional() }).catchall(z.unknown()).optional(),
  configuration: z
    .object({
      /** false: answer at once with the submitted task; it runs when next looked at (tasks/get). */
      blocking: z.boolean().optional(),
      historyLength: z.number().check(z.int(), z.gte(0)).optional(),
      acceptedOutputModes: z.array(z.string()).optional(),
    })
    .catchall(z.unknown())
    .optional(),
}));
export type MessageSendParams = z.infer<typeof MessageSendParamsSchema>;

/** `tasks/get` (TaskQueryParams). */
export const TaskQueryParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)), historyLength: z.number().check(z.int(), z.gte(0)).optional(), metadata: Metadata.optional() }));
/** `tasks/cancel` and `tasks/resubscribe` (TaskIdParams). */
export const TaskIdParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)), metadata: Metadata.optional() }));
