// Usage counted per user on the emulator clock, in day and month windows (UTC), and the
// QuotaStatus derived from it.
import type { StoreDeps } from '../../core/services.js';
import type { TierLimits } from './tiers.js';

export interface Usage {
  messagesThisMonth: number;
  messagesToday: number;
}

export interface QuotaStatus {
  tier: string;
  usage: Usage;
  remaining: Usage;
  exceeded: boolean;
}

function periods(now: number): { day: string; month: string } {
  const iso = new Date(now).toISOString();
  return { day: `day:${iso.slice(0, 10)}`, month: `month:${iso.slice(0, 7)}` };
}

export class UsageStore {
  constructor(private readonly deps: StoreDeps) {}

  async usage(subject: string): Promise<Usage> {
    const { day, month } = periods(this.deps.clock.now());
    const rows = await this.deps.storage.all<{ period: string; count: number }>(
      'SELECT period, count FROM usage_counters WHERE subject = ? AND period IN (?, ?)',
      [subject, day, month],
    );
    const count = (period: string) => Number(rows.find((r) => r.period === period)?.count ?? 0);
    return { messagesThisMonth: count(month), messagesToday: count(day) };
  }

  /** Counts `n` messages for a subject in today's and this month's windows. */
  async record(subject: string, n = 1): Promise<void> {
    const { day, month } = periods(this.deps.clock.now());
    for (const period of [day, month]) {
      await this.deps.storage.run(
        `INSERT INTO usage_counters (subject, period, count) VALUES (?, ?, ?)
         ON CONFLICT (subject, period) DO UPDATE SET count = usage_counters.count + ?`,
        [subject, period, n, n],
      );
    }
  }

  async quota(subject: string, tier: string, limits: TierLimits): Promise<QuotaStatus> {
    const usage = await this.usage(subject);
    const remaining = {
      messagesThisMonth: Math.max(0, limits.messagesPerMonth - usage.messagesThisMonth),
      messagesToday: Math.max(0, limits.messagesPerDay - usage.messagesToday),
    };
    return { tier, usage, remaining, exceeded: remaining.messagesThisMonth === 0 || remaining.messagesToday === 0 };
  }
}
