// Rate-limit request shapes (emulator-defined): a workspace asks for a key's per-minute and
// per-day limits; a platform admin approves or denies.
import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export const RequestStatusSchema = z.enum(REQUEST_STATUSES);

export const CreateRateLimitRequestSchema = z
  .object({
    keyId: z.string().min(1).max(200),
    requestsPerMinute: z.number().int().min(1).max(1_000_000).optional(),
    requestsPerDay: z.number().int().min(1).max(1_000_000_000).optional(),
    reason: z.string().trim().min(1).max(2000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.requestsPerMinute === undefined && value.requestsPerDay === undefined) {
      ctx.addIssue({ code: 'custom', path: ['requestsPerMinute'], message: 'Ask for requestsPerMinute, requestsPerDay or both' });
    }
  });
export type CreateRateLimitRequestInput = z.infer<typeof CreateRateLimitRequestSchema>;

export const DecideSchema = z
  .object({ status: z.enum(['approved', 'denied']), reason: z.string().trim().min(1).max(2000).optional() })
  .strict();
export type DecideInput = z.infer<typeof DecideSchema>;

export const RequestListQuerySchema = PageQuerySchema.extend({ status: RequestStatusSchema.optional() });
export const WorkspaceParamsSchema = z.object({ workspaceId: z.string().min(1).max(200) });
export const RequestParamsSchema = z.object({ requestId: z.string().min(1).max(200) });

export const RateLimitRequestSchema = z.object({
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
});
export type RateLimitRequest = z.infer<typeof RateLimitRequestSchema>;

export const RateLimitRequestListSchema = pageSchema(RateLimitRequestSchema);
