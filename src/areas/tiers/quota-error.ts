// The quota refusal a chat send gets: 429 QUOTA_EXCEEDED with the real client's `type` and
// `retryAfter` in details (Examples embed/MembershipTiers.md "Quota Exceeded"), Retry-After set.
import { EmulatorError } from '../../core/errors.js';
import { isLimited, type TierLimits } from './tiers.js';
import type { QuotaStatus } from './usage-store.js';

export type QuotaType = 'monthly_quota_exceeded' | 'daily_quota_exceeded' | 'hourly_quota_exceeded' | 'conversation_length_exceeded';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function refusal(type: QuotaType, message: string, limit: number, resetAt: number | null, now: number, status: QuotaStatus): EmulatorError {
  const retryAfter = resetAt === null ? null : Math.max(0, Math.ceil((resetAt - now) / 1000));
  return new EmulatorError(
    'QUOTA_EXCEEDED',
    message,
    {
      type,
      tier: status.tier,
      limit,
      remaining: 0,
      resetAt: resetAt === null ? null : Math.ceil(resetAt / 1000),
      retryAfter,
      usage: status.usage,
    },
    retryAfter === null ? {} : { 'Retry-After': String(retryAfter) },
  );
}

/**
 * The refusal for a send, or undefined when it may go: the month first (the longest wait), then the
 * day, then the hour, then the conversation's length. A conversation at its length limit does not
 * reset with time: no Retry-After, `retryAfter` and `resetAt` null; the client starts a new thread.
 */
export function quotaRefusal(limits: TierLimits, status: QuotaStatus, now: number): EmulatorError | undefined {
  const date = new Date(now);
  if (status.remaining.messagesThisMonth === 0) {
    const resetAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    return refusal('monthly_quota_exceeded', 'Monthly message quota exceeded for your tier', limits.messagesPerMonth, resetAt, now, status);
  }
  if (status.remaining.messagesToday === 0) {
    return refusal('daily_quota_exceeded', 'Daily message quota exceeded for your tier', limits.messagesPerDay, now - (now % DAY_MS) + DAY_MS, now, status);
  }
  if (status.remaining.messagesThisHour === 0) {
    return refusal('hourly_quota_exceeded', 'Hourly message limit exceeded for your tier', limits.messagesPerHour, now - (now % HOUR_MS) + HOUR_MS, now, status);
  }
  if (isLimited(limits.maxConversationLength) && status.usage.currentConversationLength >= limits.maxConversationLength) {
    return refusal('conversation_length_exceeded', 'This conversation has reached the most messages your tier allows', limits.maxConversationLength, null, now, status);
  }
  return undefined;
}
