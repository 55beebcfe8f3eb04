// Fixed-window rate limits on the emulator clock. Counters belong to one emulator instance and
// travel with its snapshots.
import { EmulatorError } from './errors.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends, epoch ms. */
  resetAt: number;
}

export type RateLimiterState = Record<string, { windowStart: number; count: number }>;

export class RateLimiter {
  private windows = new Map<string, { windowStart: number; count: number }>();

  /** Counts one request against `bucket` and says whether it is within `limit` per window. */
  hit(bucket: string, limit: number, windowMs: number, now: number): RateDecision {
    const windowStart = now - (now % windowMs);
    return this.hitWindow(bucket, limit, windowStart, windowStart + windowMs);
  }

  /** The same against a window given by its bounds (a calendar month has no fixed length). */
  hitWindow(bucket: string, limit: number, windowStart: number, windowEnd: number): RateDecision {
    let entry = this.windows.get(bucket);
    if (!entry || entry.windowStart !== windowStart) {
      entry = { windowStart, count: 0 };
      this.windows.set(bucket, entry);
    }
    entry.count++;
    return {
      allowed: entry.count <= limit,
      limit,
      remaining: Math.max(0, limit - entry.count),
      resetAt: windowEnd,
    };
  }

  state(): RateLimiterState {
    return Object.fromEntries([...this.windows].map(([k, v]) => [k, { ...v }]));
  }

  restore(state: RateLimiterState): void {
    this.windows = new Map(Object.entries(state).map(([k, v]) => [k, { ...v }]));
  }
}

/** The month monthWindow answered last. */
let lastMonth: [start: number, end: number] = [0, 0];

/** The UTC calendar month around `now`: its first instant and the first of the next month. */
export function monthWindow(now: number): [start: number, end: number] {
  // Asked on every keyed call, mostly at an instant inside the month asked last.
  if (now >= lastMonth[0] && now < lastMonth[1]) return [lastMonth[0], lastMonth[1]];
  const at = new Date(now);
  lastMonth = [Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1), Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)];
  return [lastMonth[0], lastMonth[1]];
}

/** The headers of contract section 6, for any decision (sent on success too). */
export function rateLimitHeaders(decision: RateDecision, now: number): Record<string, string> {
  const resetIn = Math.max(0, Math.ceil((decision.resetAt - now) / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(resetIn),
  };
  if (!decision.allowed) headers['Retry-After'] = String(resetIn);
  return headers;
}

export function rateLimitedError(decision: RateDecision, now: number, message = 'Rate limit exceeded'): EmulatorError {
  const retryAfter = Math.max(0, Math.ceil((decision.resetAt - now) / 1000));
  return new EmulatorError(
    'RATE_LIMITED',
    message,
    { limit: decision.limit, remaining: decision.remaining, resetAt: Math.ceil(decision.resetAt / 1000), retryAfter },
    rateLimitHeaders(decision, now),
  );
}

/** The kinds of quota refusals the client libraries tell apart by `details.type`. */
export type QuotaType = 'monthly_quota_exceeded' | 'daily_quota_exceeded' | 'hourly_quota_exceeded';

/**
 * A workspace or release quota ran out (not a per-key rate window): 429 `QUOTA_EXCEEDED`, the
 * SDK's QuotaExceededError, with the rate-limit details plus `type`, and the same headers.
 */
export function quotaExceededError(decision: RateDecision, now: number, message: string, type: QuotaType): EmulatorError {
  const retryAfter = Math.max(0, Math.ceil((decision.resetAt - now) / 1000));
  return new EmulatorError(
    'QUOTA_EXCEEDED',
    message,
    { limit: decision.limit, remaining: decision.remaining, resetAt: Math.ceil(decision.resetAt / 1000), retryAfter, type },
    rateLimitHeaders(decision, now),
  );
}

/** Of several decisions, the one a client should see: a refusal first, else the least remaining. */
export function tightest(decisions: RateDecision[]): RateDecision | undefined {
  let shown: RateDecision | undefined;
  for (const decision of decisions) shown = tighter(shown, decision);
  return shown;
}

/**
 * Of the decision shown so far and a later one, the one `tightest` shows: a refusal before an
 * allowance, then the least remaining; on a tie the earlier one (as a stable sort would keep it).
 */
export function tighter(shown: RateDecision | undefined, next: RateDecision): RateDecision {
  if (shown === undefined) return next;
  if (shown.allowed !== next.allowed) return next.allowed ? shown : next;
  return next.remaining < shown.remaining ? next : shown;
}
