// A2A (agent-to-agent) shapes: the JSON-RPC 2.0 envelope, the `message/send` and `message/stream`
// params (after the A2A protocol's Message), the error codes, and the per-IP limit.
import { z } from 'zod';

/** Calls per minute from one client address (emulator-defined; the spec gives no number). */
export const A2A_PER_MINUTE = 60;
export const A2A_PROTOCOL_VERSION = '0.2.6';

export const JSON_RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  /** A service error (quota, terms, payment, unavailable assistants); `data.code` is the wire code. */
  SERVER_ERROR: -32000,
  /** The per-IP limit: answered with HTTP 429. */
  RATE_LIMITED: -32029,
} as const;

export const A2A_METHODS = ['message/send', 'message/stream'] as const;

export const JsonRpcEnvelopeSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().min(1),
  id: z.union([z.string(), z.number().int(), z.null()]).optional(),
  params: z.unknown().optional(),
});

const TextPart = z.object({ kind: z.literal('text'), text: z.string().min(1).max(100_000), metadata: z.record(z.string(), z.unknown()).optional() });

export const MessageSendParamsSchema = z.object({
  message: z.object({
    kind: z.literal('message').optional(),
    role: z.literal('user'),
    messageId: z.string().min(1).max(200),
    contextId: z.string().min(1).max(200).optional(),
    parts: z.array(TextPart).min(1).max(20),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  metadata: z.object({ releaseId: z.string().min(1).max(200).optional() }).catchall(z.unknown()).optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
});
export type MessageSendParams = z.infer<typeof MessageSendParamsSchema>;
