// Rate-limit request shapes (emulator-defined): a workspace asks for a key's per-minute and
// per-day limits; a platform admin approves or denies.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export const RequestStatusSchema = lazySchema(() => z.enum(REQUEST_STATUSES));

export const CreateRateLimitRequestSchema = lazySchema(() => z
  .strictObject({
    keyId: z.string().check(z.minLength(1), z.maxLength(200)),
    requestsPerMinute: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)).optional(),
    requestsPerDay: z.number().check(z.int(), z.gte(1), z.lte(1_000_000_000)).optional(),
    reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.requestsPerMinute === undefined && value.requestsPerDay === undefined) {
      ctx.addIssue({ code: 'custom', path: ['requestsPerMinute'], message: 'Ask for requestsPerMinute, requestsPerDay or both' });
    }
  }));
export type CreateRateLimitRequestInput = z.infer<typeof CreateRateLimitRequestSchema>;

export const DecideSchema = lazySchema(() => z
  .strictObject({ status: z.enum(['approved', 'denied']), reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)).optional() }));
export type DecideInput = z.infer<typeof DecideSchema>;

export const RequestListQuerySchema = lazySchema(() => PageQuerySchema.extend({ status: RequestStatusSchema.optional() }));
export const WorkspaceParamsSchema = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const RequestParamsSchema = lazySchema(() => z.object({ requestId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const RateLimitRequestSchema = lazySchema(() => z.object({
  id: z.string(),
  keyId: z.string(),
  workspaceId: z.string(),
  requestsPerMinute: z.number().int().nullable(),
  requestsPerDay: z.number().int().nullable(),
  status: RequestStatusSchema,
  reason: z.string().nullable(),
  requestedBy: z.string().optional(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().optional(),
  decidedBy: z.string().optional(),
  decisionReason: z.string().optional(),
}));
export type RateLimitRequest = z.infer<typeof RateLimitRequestSchema>;

export const RateLimitRequestListSchema = lazySchema(() => pageSchema(RateLimitRequestSchema));
