// Fixed one-minute windows on the emulator clock.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, RateLimiter, rateLimitHeaders, rateLimitedError, tighter, tightest } from './rate-limiter.js';

describe('rate limiter', () => {
  it('allows `limit` hits per fixed window, then refuses until the window ends', () => {
    const limiter = new RateLimiter();
    const t = 10 * MINUTE_MS + 15_000;
    expect(limiter.hit('k', 2, MINUTE_MS, t)).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: 11 * MINUTE_MS });
    expect(limiter.hit('k', 2, MINUTE_MS, t + 1).remaining).toBe(0);
    const refused = limiter.hit('k', 2, MINUTE_MS, t + 2);
    expect(refused.allowed).toBe(false);
    expect(limiter.hit('other', 2, MINUTE_MS, t).allowed).toBe(true);
    expect(limiter.hit('k', 2, MINUTE_MS, 11 * MINUTE_MS).allowed).toBe(true);
  });

  it('saves and restores its counters', () => {
    const limiter = new RateLimiter();
    limiter.hit('k', 1, MINUTE_MS, 0);
    const saved = limiter.state();
    limiter.hit('k', 1, MINUTE_MS, 0);
    limiter.restore(saved);
    expect(limiter.hit('k', 1, MINUTE_MS, 0).allowed).toBe(false);
    limiter.restore({});
    expect(limiter.hit('k', 1, MINUTE_MS, 0).allowed).toBe(true);
  });

  it('builds the headers and the 429 details of the contract', () => {
    const decision = { allowed: false, limit: 5, remaining: 0, resetAt: 120_000 };
    expect(rateLimitHeaders(decision, 90_500)).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '30',
      'Retry-After': '30',
    });
    const err = rateLimitedError(decision, 90_500);
    expect(err.status).toBe(429);
    expect(err.details).toEqual({ limit: 5, remaining: 0, resetAt: 120, retryAfter: 30 });
  });

  it('shows a refusal before the least remaining allowance', () => {
    const ok = { allowed: true, limit: 10, remaining: 3, resetAt: 0 };
    const low = { allowed: true, limit: 10, remaining: 1, resetAt: 0 };
    const no = { allowed: false, limit: 100, remaining: 0, resetAt: 0 };
    expect(tightest([ok, low])).toBe(low);
    expect(tightest([ok, no, low])).toBe(no);
    expect(tightest([])).toBeUndefined();
  });

  it('keeps the earlier of two equally tight decisions, as folding them one by one does', () => {
    const minute = { allowed: true, limit: 10, remaining: 2, resetAt: 60_000 };
    const feature = { allowed: true, limit: 5, remaining: 2, resetAt: 60_000 };
    const firstNo = { allowed: false, limit: 10, remaining: 0, resetAt: 60_000 };
    const laterNo = { allowed: false, limit: 5, remaining: 0, resetAt: 60_000 };
    expect(tightest([minute, feature])).toBe(minute);
    expect(tightest([firstNo, laterNo])).toBe(firstNo);
    expect(tighter(tighter(undefined, minute), feature)).toBe(minute);
    expect(tighter(tighter(tighter(undefined, minute), laterNo), firstNo)).toBe(laterNo);
  });
});
