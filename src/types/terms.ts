// Terms of service (spec section 2): the terms gate a caller sees and the accept input.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema } from './common.js';

/** The terms gate of a release for the caller; also the `details` of a 403 TERMS_NOT_ACCEPTED. */
export const TermsGateSchema = lazySchema(() => z.object({
  required: z.boolean(),
  tosId: IdSchema.optional(),
  /** The current published version. */
  version: z.number().check(z.int(), z.positive()).optional(),
  title: z.string().optional(),
  /** Markdown body. */
  content: z.string().optional(),
}));
export type TermsGate = z.infer<typeof TermsGateSchema>;

/** Body of a terms accept; `anonymousSessionId` is required when there is no authenticated user (checked by the route). */
export const TermsAcceptInputSchema = lazySchema(() => z.object({
  tosId: IdSchema,
  version: z.number().check(z.int(), z.positive()),
  anonymousSessionId: z.string().min(1).optional(),
  releaseId: IdSchema.optional(),
}));
export type TermsAcceptInput = z.infer<typeof TermsAcceptInputSchema>;
