// The file-upload rate limiter (spec section 4): per API key when a workspace key is used,
// honouring the key's own upload limit, otherwise per user with per-tier defaults.
import { MINUTE_MS, rateLimitedError, type RateLimiter } from '../../core/rate-limiter.js';
import type { Principal } from '../../core/route.js';

export interface UploadLimits {
  /** Uploads per minute for a workspace key without its own limit. */
  perKeyPerMinute: number;
  /** Per-key custom upload limits, by key id (uploads per minute). */
  keys: Record<string, number>;
  /** Per-user defaults by membership tier (uploads per minute); a missing tier is unlimited. */
  tiers: Partial<Record<string, number>>;
}

export class UploadLimiter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: () => UploadLimits,
    private readonly now: () => number,
  ) {}

  /** Counts one upload request; throws RATE_LIMITED when the caller's window is full. */
  hit(principal: Principal): void {
    const limits = this.limits();
    let bucket: string;
    let limit: number | undefined;
    if (principal.kind === 'apiKey') {
      bucket = `upload:key:${principal.keyId}`;
      limit = limits.keys[principal.keyId] ?? limits.perKeyPerMinute;
    } else if (principal.kind === 'user') {
      const tier = typeof principal.claims.tier === 'string' ? principal.claims.tier : 'free';
      bucket = `upload:user:${principal.userId}`;
      limit = limits.tiers[tier];
    } else return;
    if (limit === undefined) return;
    const now = this.now();
    const decision = this.limiter.hit(bucket, limit, MINUTE_MS, now);
    if (!decision.allowed) throw rateLimitedError(decision, now, 'File upload rate limit exceeded');
  }
}
