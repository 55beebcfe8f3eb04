// Usage counted per user on the emulator clock, in hour, day and month windows (UTC), and the
// QuotaStatus derived from it (the real tierConfig's usage and remaining; -1 remaining = unlimited).
import type { ServiceEvent } from '../../core/area.js';
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

/** Usage at or past this share of a limit raises `quota.nearly-exhausted`, once per window. */
export const NEARLY_EXHAUSTED = 0.8;

/** What `record` needs to tell when a send crosses 80% of a limit. */
export interface QuotaWatch {
  workspaceId: string;
  tier: string;
  limits: TierLimits;
  /** The usage before this send. */
  before: Usage;
}

const WINDOWS = [
  ['messagesThisHour', 'messagesPerHour', 'hour'],
  ['messagesToday', 'messagesPerDay', 'day'],
  ['messagesThisMonth', 'messagesPerMonth', 'month'],
] as const;

export class UsageStore {
  constructor(
    private readonly deps: StoreDeps,
    /** Raises service events on the world's hub (`quota.nearly-exhausted`). */
    private readonly raise: (event: ServiceEvent) => Promise<void> = async () => undefined,
  ) {}

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
  async record(subject: string, n = 1, watch?: QuotaWatch): Promise<void> {
    const { hour, day, month } = periods(this.deps.clock.now());
    for (const period of [hour, day, month]) {
      await this.deps.storage.run(
        `INSERT INTO usage_counters (subject, period, count) VALUES (?, ?, ?)
         ON CONFLICT (subject, period) DO UPDATE SET count = usage_counters.count + ?`,
        [subject, period, n, n],
      );
    }
    if (watch) await this.watch(subject, n, watch);
  }

  /** Raises `quota.nearly-exhausted` for each window whose usage crosses 80% of its limit with this send (so once per window). */
  private async watch(subject: string, n: number, { workspaceId, tier, limits, before }: QuotaWatch): Promise<void> {
    for (const [used, limitKey, window] of WINDOWS) {
      const limit = limits[limitKey];
      if (!isLimited(limit)) continue;
      const threshold = Math.ceil(limit * NEARLY_EXHAUSTED);
      const after = before[used] + n;
      if (before[used] < threshold && after >= threshold) {
        await this.raise({
          workspaceId,
          kind: 'quota.nearly-exhausted',
          data: { subject, tier, window, limit, used: after, remaining: Math.max(0, limit - after), percent: Math.round((after / limit) * 100) },
          message: `${subject} used ${after} of ${limit} messages this ${window} (${tier} tier).`,
        });
      }
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
