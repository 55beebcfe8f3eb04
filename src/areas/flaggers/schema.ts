// The flaggers routes' path and query shapes (bodies and answers are public: src/types/flaggers-analytics.ts).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

/** A point in time as a query gives it: epoch milliseconds, an ISO 8601 date-time, or a date (UTC midnight). */
export const TimeParamSchema = lazySchema(() => z.union([
  z.string().regex(/^\d{1,15}$/).transform(Number),
  z.iso.datetime({ offset: true }).transform((v) => Date.parse(v)),
  z.iso.date().transform((v) => Date.parse(`${v}T00:00:00.000Z`)),
]));

export const FlaggerParamsSchema = lazySchema(() => z.object({ flaggerId: Id }));

const Bool = lazySchema(() => z.enum(['true', 'false']).transform((v) => v === 'true'));

export const FlaggerListQuerySchema = lazySchema(() => PageQuerySchema.extend({ enabled: Bool.optional() }));

export const FlagListQuerySchema = lazySchema(() => PageQuerySchema.extend({
  flaggerId: Id.optional(),
  threadId: Id.optional(),
  releaseId: Id.optional(),
  since: TimeParamSchema.optional(),
  until: TimeParamSchema.optional(),
}));

export const FlaggerDeletedSchema = lazySchema(() => z.object({ status: z.literal('ok'), _id: z.string() }));
