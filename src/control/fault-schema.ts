// The fault rule of contract section 4: which requests it hits (method, path glob) and what it does
// to them (latency, an error answer, a dropped connection), how often and with what probability.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export const FaultRuleSchema = lazySchema(() => z
  .strictObject({
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS))
      .optional(),
    path: z.string().check(z.minLength(1), z.maxLength(500)).startsWith('/', 'A path glob starts with /'),
    status: z.number().check(z.int(), z.gte(400), z.lte(599)).optional(),
    code: z.string().check(z.maxLength(64), z.regex(/^[A-Z][A-Z0-9_]*$/, 'An error code is upper case letters, digits and _')).optional(),
    message: z.string().check(z.minLength(1), z.maxLength(500)).optional(),
    delayMs: z.number().check(z.int(), z.gte(0), z.lte(120_000)).optional(),
    networkError: z.boolean().optional(),
    times: z.number().check(z.int(), z.positive()).optional(),
    probability: z.number().gt(0).max(1).optional(),
    /** Seconds a 429 or 503 answer asks the client to wait (`Retry-After`); default 1. */
    retryAfterSec: z.number().check(z.int(), z.gte(0), z.lte(86_400)).optional(),
    /** The window limit a RATE_LIMITED answer reports (`RateLimit-Limit`, `details.limit`); default 60. */
    limit: z.number().check(z.int(), z.positive(), z.lte(1_000_000)).optional(),
  })
  .superRefine((rule, ctx) => {
    const answers = rule.status !== undefined || rule.code !== undefined;
    if (rule.networkError && answers) {
      ctx.addIssue({ code: 'custom', path: ['networkError'], message: 'A network error sends no answer: drop status and code' });
    }
    if (!answers && !rule.networkError && !rule.delayMs) {
      ctx.addIssue({ code: 'custom', path: [], message: 'A rule needs an effect: status, code, delayMs or networkError' });
    }
  }));

export type FaultRuleInput = z.input<typeof FaultRuleSchema>;
export type FaultRule = z.output<typeof FaultRuleSchema>;

/** A rule as listed: its id, its fields, how often it fired, and `times` still left (when limited). */
export const FaultViewSchema = lazySchema(() => z.object({
  id: z.string(),
  method: z.enum(METHODS).optional(),
  path: z.string(),
  status: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  delayMs: z.number().int().optional(),
  networkError: z.boolean().optional(),
  times: z.number().int().optional(),
  probability: z.number().optional(),
  retryAfterSec: z.number().int().optional(),
  limit: z.number().int().optional(),
  hits: z.number().int(),
}));

export type FaultView = z.infer<typeof FaultViewSchema>;

export const FaultListSchema = lazySchema(() => z.object({ data: z.array(FaultViewSchema), hasMore: z.boolean(), total: z.number().int() }));

export const FaultParamsSchema = lazySchema(() => z.strictObject({ faultId: z.string().min(1) }));
