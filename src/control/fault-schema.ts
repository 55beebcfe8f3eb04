// The fault rule of contract section 4: which requests it hits (method, path glob) and what it does
// to them (latency, an error answer, a dropped connection), how often and with what probability.
import { z } from 'zod';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export const FaultRuleSchema = z
  .object({
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS))
      .optional(),
    path: z.string().min(1).max(500).startsWith('/', 'A path glob starts with /'),
    status: z.number().int().min(400).max(599).optional(),
    code: z.string().max(64).regex(/^[A-Z][A-Z0-9_]*$/, 'An error code is upper case letters, digits and _').optional(),
    message: z.string().min(1).max(500).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    networkError: z.boolean().optional(),
    times: z.number().int().positive().optional(),
    probability: z.number().gt(0).max(1).optional(),
    /** Seconds a 429 or 503 answer asks the client to wait (`Retry-After`); default 1. */
    retryAfterSec: z.number().int().min(0).max(86_400).optional(),
    /** The window limit a RATE_LIMITED answer reports (`RateLimit-Limit`, `details.limit`); default 60. */
    limit: z.number().int().positive().max(1_000_000).optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const answers = rule.status !== undefined || rule.code !== undefined;
    if (rule.networkError && answers) {
      ctx.addIssue({ code: 'custom', path: ['networkError'], message: 'A network error sends no answer: drop status and code' });
    }
    if (!answers && !rule.networkError && !rule.delayMs) {
      ctx.addIssue({ code: 'custom', path: [], message: 'A rule needs an effect: status, code, delayMs or networkError' });
    }
  });

export type FaultRuleInput = z.input<typeof FaultRuleSchema>;
export type FaultRule = z.output<typeof FaultRuleSchema>;

/** A rule as listed: its id, its fields, how often it fired, and `times` still left (when limited). */
export const FaultViewSchema = z.object({
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
});

export type FaultView = z.infer<typeof FaultViewSchema>;

export const FaultListSchema = z.object({ data: z.array(FaultViewSchema), hasMore: z.boolean(), total: z.number().int() });

export const FaultParamsSchema = z.object({ faultId: z.string().min(1) }).strict();
