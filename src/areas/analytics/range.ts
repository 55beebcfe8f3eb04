// The date range every analytics and metrics answer covers: `from` and `to` on the emulator clock
// (inclusive, epoch ms or ISO), last 30 days by default, counted in UTC days.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { TimeParamSchema } from '../flaggers/public.js';

export const DAY_MS = 86_400_000;
export const DEFAULT_RANGE_MS = 30 * DAY_MS;

export const RangeQuerySchema = lazySchema(() => z.object({
  from: TimeParamSchema.optional(),
  to: TimeParamSchema.optional(),
  interval: z.enum(['day']).default('day'),
  releaseId: z.string().min(1).max(200).optional(),
}));
export type RangeQuery = z.infer<typeof RangeQuerySchema>;

export interface Range {
  from: number;
  to: number;
}

/** The range a query asks for; `to` defaults to now and `from` to 30 days before `to`. */
export function rangeOf(query: { from?: number | undefined; to?: number | undefined }, now: number): Range {
  const to = query.to ?? now;
  const from = query.from ?? to - DEFAULT_RANGE_MS;
  if (from > to) throw validationError('Invalid query', [{ path: 'query.from', message: 'Must not be after `to`' }]);
  return { from, to };
}

export const rangeOut = (range: Range) => ({ from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString(), interval: 'day' as const });

/** The UTC calendar day of an epoch-ms time, as `YYYY-MM-DD`. */
export const dayOf = (ms: number): string => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** A ratio to 4 places (the same digits on every platform); null when nothing was counted. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

/** Sums of dollar amounts, rounded to a billionth of a dollar as chat's usage is. */
export const dollars = (usd: number): number => Math.round(usd * 1e9) / 1e9;
