// The one error model: wire codes, their HTTP statuses, and the envelope every non-2xx answer uses.
import { jsonResponse } from './json-response.js';

/** Every wire code the emulator answers with, and its HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  /** Lower case, as the spec names it (section 7's stable codes). */
  payment_required: 402,
  FORBIDDEN: 403,
  TERMS_NOT_ACCEPTED: 403,
  /** Landing-page chat: a bad, missing or stale X-Landing-Page-Sig, or a tampered signed transcript (real wire, lower case). */
  landing_page_sig_invalid: 403,
  NOT_FOUND: 404,
  /** An `x-emulator-world` header naming no world of this emulator (docs/worlds.md). */
  WORLD_NOT_FOUND: 404,
  /** The HTTP door's answer to a request that did not arrive whole in time (Node's requestTimeout). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** A connector of a third-party kind (google-drive, notion, slack, confluence): the emulator never leaves the machine to authorize it. */
  CONNECTOR_NOT_AUTHORIZED: 409,
  /** A download past its expiry (exports, compliance exports). */
  GONE: 410,
  /** A body declared past the transport limit (core/validation.ts MAX_BODY_BYTES): refused unread. */
  PAYLOAD_TOO_LARGE: 413,
  /** Request headers (or the request line) past Node's header limit: answered by the HTTP door. */
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  /** A resource busy with other work (www-rag: the host is being crawled); the real service answers 423. */
  LOCKED: 423,
  RATE_LIMITED: 429,
  /** A workspace or release quota (not a per-key rate window): the SDK's QuotaExceededError. */
  QUOTA_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorEnvelope {
  /** `requestId` names the request (also sent as `x-request-id`): the SDK's error `requestId`. */
  error: { code: string; message: string; details?: unknown; documentation?: string; requestId?: string };
}

/** The only error type routes and stores throw on purpose; anything else becomes INTERNAL_ERROR. */
export class EmulatorError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: unknown, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'EmulatorError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
}

export const validationError = (message: string, issues: ValidationIssue[] = [], extra: Record<string, unknown> = {}) =>
  new EmulatorError('VALIDATION_ERROR', message, { issues, ...extra });

export const notFound = (what: string) => new EmulatorError('NOT_FOUND', `${what} not found`);

export const unauthorized = (message = 'Authentication required') => new EmulatorError('UNAUTHORIZED', message);

export const forbidden = (message = 'Insufficient permissions') => new EmulatorError('FORBIDDEN', message);

export const conflict = (message: string, details?: unknown) => new EmulatorError('CONFLICT', message, details);

/**
 * Builds the JSON answer for any thrown value; unknown errors leak nothing of their internals.
 * The core stamps `requestId` on envelopes built without one.
 */
export function errorResponse(err: unknown, requestId?: string): Response {
  const known = err instanceof EmulatorError ? err : new EmulatorError('INTERNAL_ERROR', 'Internal server error');
  const body: ErrorEnvelope = { error: { code: known.code, message: known.message } };
  if (known.details !== undefined) body.error.details = known.details;
  if (requestId !== undefined) body.error.requestId = requestId;
  return jsonResponse(body, known.status, known.headers);
}
