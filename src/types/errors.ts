// Errors and payments (spec section 7): the error envelope, library error data and the typed `details` shapes.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Stable code names the spec mentions (the complete list is not shown; `code` fields stay plain strings). */
export const KnownErrorCodeSchema = lazySchema(() => z.enum([
  'UNAUTHORIZED',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'rate_limited',
  'payment_required',
  'TERMS_NOT_ACCEPTED',
  /** A workspace or release quota (the SDK's QuotaExceededError), told apart from RATE_LIMITED by code. */
  'QUOTA_EXCEEDED',
]));
export type KnownErrorCode = z.infer<typeof KnownErrorCodeSchema>;

/** The `error` member of the envelope. */
export const ErrorBodySchema = lazySchema(() => z.object({
  code: z.string().min(1),
  message: z.string(),
  details: z.unknown().optional(),
  documentation: z.url().optional(),
  /**
   * Names the request; the same id is in the answer's `x-request-id` header. Taken from real
   * clients: the SDK's errors carry `requestId` (https://sdk.divinci.ai/getting-started/error-handling/).
   * The emulator always sends it; optional here so envelopes of older servers still parse.
   */
  requestId: z.string().optional(),
}));
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `{ error: { code, message, details?, documentation?, requestId } }`: the body of every non-2xx answer. */
export const ErrorEnvelopeSchema = lazySchema(() => z.object({ error: ErrorBodySchema }));
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The envelope with typed `details`, e.g. `errorEnvelope(RateLimitDetailsSchema)`. */
export function errorEnvelope<T extends z.ZodType>(details: T) {
  return z.object({ error: ErrorBodySchema.extend({ details }) });
}

/** Error data as the client libraries expose it. */
export const LibraryErrorDataSchema = lazySchema(() => z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  requestId: z.string().optional(),
}));
export type LibraryErrorData = z.infer<typeof LibraryErrorDataSchema>;

/** `details` of a 429. */
export const RateLimitDetailsSchema = lazySchema(() => z.object({
  limit: z.number().check(z.int(), z.nonnegative()),
  remaining: z.number().check(z.int(), z.nonnegative()),
  /** Unix timestamp (seconds). */
  resetAt: z.number().check(z.int(), z.nonnegative()),
  /** Seconds. */
  retryAfter: z.number().check(z.int(), z.nonnegative()),
}));
export type RateLimitDetails = z.infer<typeof RateLimitDetailsSchema>;

/**
 * Which quota refused: the client libraries read it as `context.type` (REAL-WIRE sections 6 and 9).
 * `conversation_length_exceeded` (a tier's maxConversationLength) is emulator-defined.
 */
export const QuotaTypeSchema = lazySchema(() => z.enum(['monthly_quota_exceeded', 'daily_quota_exceeded', 'hourly_quota_exceeded', 'conversation_length_exceeded']));
export type QuotaType = z.infer<typeof QuotaTypeSchema>;

/**
 * `details` of a 429 `QUOTA_EXCEEDED` (taken from real clients): the rate-limit details and the
 * quota's `type`; a tier quota adds `tier` and `usage`. A conversation-length refusal never resets
 * (`resetAt` and `retryAfter` null).
 */
export const QuotaExceededDetailsSchema = lazySchema(() => RateLimitDetailsSchema.extend({
  type: QuotaTypeSchema,
  resetAt: z.number().check(z.int(), z.nonnegative()).nullable(),
  retryAfter: z.number().check(z.int(), z.nonnegative()).nullable(),
  tier: z.string().optional(),
  usage: z.record(z.string(), z.number().check(z.int(), z.nonnegative())).optional(),
}));
export type QuotaExceededDetails = z.infer<typeof QuotaExceededDetailsSchema>;

export const PaymentNetworkSchema = lazySchema(() => z.enum(['base', 'base-sepolia']));
export type PaymentNetwork = z.infer<typeof PaymentNetworkSchema>;

/** `details` of a payment-required answer (x402). */
export const PaymentRequiredDetailsSchema = lazySchema(() => z.object({
  x402Version: z.string(),
  amountUsd: z.number().nonnegative(),
  amountMicro: z.number().nonnegative(),
  network: PaymentNetworkSchema,
  asset: z.literal('USDC'),
  recipient: z.string(),
  resource: z.string(),
  facilitatorUrl: z.string(),
  /** The x402 protocol's `PaymentRequirements` for the same price (what a stock x402 client signs for). */
  accepts: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Why the payment sent was refused (an x402 `invalidReason`). */
  reason: z.string().optional(),
}));
export type PaymentRequiredDetails = z.infer<typeof PaymentRequiredDetailsSchema>;

/** One field-level problem; `path` is dotted with `[i]` for array indexes, e.g. `workspaces[0].apiKeys[1].secret`. */
export const FieldValidationErrorSchema = lazySchema(() => z.object({
  path: z.string(),
  message: z.string(),
}));
export type FieldValidationError = z.infer<typeof FieldValidationErrorSchema>;

/** `details` of a 400 VALIDATION_ERROR. Extra members may accompany `issues` (e.g. `availableSlugs`). */
export const ValidationErrorDetailsSchema = lazySchema(() => z
  .object({
    issues: z.array(FieldValidationErrorSchema),
  })
  .catchall(z.unknown()));
export type ValidationErrorDetails = z.infer<typeof ValidationErrorDetailsSchema>;

/** `details` of the 400 `Invalid tier` answer of /embed/login. */
export const InvalidTierDetailsSchema = lazySchema(() => ValidationErrorDetailsSchema.extend({
  availableSlugs: z.array(z.string()),
}));
export type InvalidTierDetails = z.infer<typeof InvalidTierDetailsSchema>;
