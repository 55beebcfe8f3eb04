// Usage counted per user on the emulator clock, in hour, day and month windows (UTC), and the
// QuotaStatus derived from it (the real tierConfig's usage and remaining; -1 remaining = unlimited).
import type { StoreDeps } from '../../core/services.js';
import { isLimited, UNLIMITED, type TierLimits } from './tiers.js';

export interface Usage {
  messagesThisMonth: number;
  messagesToday: number;
  messagesThisHour: number;
}

export interface QuotaStatus {
  tier: string;
  usage: Usage & { currentConversationLength: number };
  remaining: Usage;
  exceeded: boolean;
}

function periods(now: number): { hour: string; day: string; month: string } {
  const iso = new Date(now).toISOString();
  return { hour: `hour:${iso.slice(0, 13)}`, day: `day:${iso.slice(0, 10)}`, month: `month:${iso.slice(0, 7)}` };
}

const left = (limit: number, used: number) => (isLimited(limit) ? Math.max(0, limit - used) : UNLIMITED);

export class UsageStore {
  constructor(private readonly deps: StoreDeps) {}

  async usage(subject: string): Promise<Usage> {
    const { hour, day, month } = periods(this.deps.clock.now());
    const rows = await this.deps.storage.all<{ period: string; count: number }>(
      'SELECT period, count FROM usage_counters WHERE subject = ? AND period IN (?, ?, ?)',
      [subject, hour, day, month],
    );
    const count = (period: string) => Number(rows.find((r) => r.period === period)?.count ?? 0);
    return { messagesThisMonth: count(month), messagesToday: count(day), messagesThisHour: count(hour) };
  }

  /** Counts `n` messages for a subject in this hour's, today's and this month's windows. */
  async record(subject: string, n = 1): Promise<void> {
    const { hour, day, month } = periods(this.deps.clock.now());
    for (const period of [hour, day, month]) {
      await this.deps.storage.run(
        `INSERT INTO usage_counters (subject, period, count) VALUES (?, ?, ?)
         ON CONFLICT (subject, period) DO UPDATE SET count = usage_counters.count + ?`,
        [subject, period, n, n],
      );
    }
  }

  /** The status of a subject's quota; `conversationLength` is the messages of the thread at hand (0 outside one). */
  async quota(subject: string, tier: string, limits: TierLimits, conversationLength = 0): Promise<QuotaStatus> {
    const usage = await this.usage(subject);
    const remaining = {
      messagesThisMonth: left(limits.messagesPerMonth, usage.messagesThisMonth),
      messagesToday: left(limits.messagesPerDay, usage.messagesToday),
      messagesThisHour: left(limits.messagesPerHour, usage.messagesThisHour),
    };
    const exceeded = remaining.messagesThisMonth === 0 || remaining.messagesToday === 0 || remaining.messagesThisHour === 0;
    return { tier, usage: { ...usage, currentConversationLength: conversationLength }, remaining, exceeded };
  }
}
