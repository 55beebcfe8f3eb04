// Analytics answers folded from the SQL rows: messages per day per release, tokens and cost (stored
// usage, else counted with chat's tokenizer and priced with its table), top questions, feedback
// ratio, flag counts. Every fold walks rows in the SQL's order and sorts by explicit keys: the same
// stored data answers the same bytes on both drivers.
import { DEFAULT_MODEL, loadTokenizer, usageOf } from '../chat/public.js';
import type {
  AnalyticsSummary,
  ChatMetrics,
  FeedbackRatio,
  FlagCounts,
  MessagesPerDay,
  TokenUsage,
  TopQuestions,
} from '../../types/flaggers-analytics.js';
import { parseJson } from '../../core/services.js';
import type { AnalyticsQueries, Scope } from './queries.js';
import { dayOf, DAY_MS, dollars, rangeOut, ratio } from './range.js';

interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  estimatedCostUsd: number;
}

type Figures = Usage & { replies: number };
const zero = (): Figures => ({ replies: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0, estimatedCostUsd: 0 });

function add(into: Figures, usage: Usage): void {
  into.replies += 1;
  into.promptTokens += usage.promptTokens;
  into.completionTokens += usage.completionTokens;
  into.totalTokens += usage.totalTokens;
  into.estimatedCostUsd += usage.estimatedCostUsd;
}

const rounded = (f: Figures): Figures => ({ ...f, estimatedCostUsd: dollars(f.estimatedCostUsd) });

/** A stored `usage` object, when the reply carries a whole one. */
function storedUsage(value: unknown): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const u = value as Record<string, unknown>;
  const n = (k: string) => (typeof u[k] === 'number' ? (u[k] as number) : undefined);
  const [p, c, t, cost] = [n('promptTokens'), n('completionTokens'), n('totalTokens'), n('estimatedCostUsd')];
  return p === undefined || c === undefined ? undefined : { promptTokens: p, completionTokens: c, totalTokens: t ?? p + c, estimatedCostUsd: cost ?? 0 };
}

/** A user prompt as top questions count it: Unicode-normalized, lower case, spaces collapsed, no trailing punctuation. */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.,;:\u2026]+$/u, '');
}

export class AnalyticsService {
  constructor(
    private readonly queries: AnalyticsQueries,
    /** The model each release of the workspace names in its config (for replies that stored none). */
    private readonly releaseModels: (workspaceId: string) => Promise<Map<string, string>>,
  ) {}

  async messages(scope: Scope): Promise<MessagesPerDay> {
    const rows = await this.queries.messagesPerDay(scope);
    const data = rows.map((r) => ({
      date: dayOf(r.day_n * DAY_MS),
      releaseId: r.release_id,
      messages: r.user_n + r.assistant_n,
      userMessages: r.user_n,
      assistantMessages: r.assistant_n,
      threads: r.threads,
    }));
    const sum = (k: 'userMessages' | 'assistantMessages') => data.reduce((n, d) => n + d[k], 0);
    const totals = { messages: sum('userMessages') + sum('assistantMessages'), userMessages: sum('userMessages'), assistantMessages: sum('assistantMessages'), threads: await this.queries.threadCount(scope) };
    return { range: rangeOut(scope), totals, data };
  }

  async tokens(scope: Scope): Promise<TokenUsage> {
    const replies = await this.queries.replies(scope);
    const models = await this.releaseModels(scope.workspaceId);
    const totals = zero();
    const byDay = new Map<string, Figures & { date: string; releaseId: string }>();
    const byModel = new Map<string, Figures>();
    const tokenizer = replies.length > 0 ? await loadTokenizer() : undefined;
    for (const r of replies) {
      const metadata = parseJson<Record<string, unknown>>(r.metadata, {});
      const model = typeof metadata.model === 'string' ? metadata.model : (models.get(r.releaseId) ?? DEFAULT_MODEL);
      const usage =
        storedUsage(metadata.usage) ??
        usageOf(model, r.prompt === null ? 0 : tokenizer!.count(r.prompt), r.tokenCount > 0 ? r.tokenCount : tokenizer!.count(r.content));
      add(totals, usage);
      const date = dayOf(r.at);
      const key = `${date}\u0000${r.releaseId}`;
      const day = byDay.get(key) ?? { date, releaseId: r.releaseId, ...zero() };
      add(day, usage);
      byDay.set(key, day);
      const perModel = byModel.get(model) ?? zero();
      add(perModel, usage);
      byModel.set(model, perModel);
    }
    const data = [...byDay.values()].sort((a, b) => (a.date === b.date ? (a.releaseId < b.releaseId ? -1 : 1) : a.date < b.date ? -1 : 1)).map((d) => ({ ...d, ...rounded(d) }));
    const models_ = [...byModel.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([model, f]) => ({ model, ...rounded(f) }));
    return { range: rangeOut(scope), totals: rounded(totals), data, byModel: models_ };
  }

  async topQuestions(scope: Scope, limit: number): Promise<TopQuestions> {
    const prompts = await this.queries.prompts(scope);
    const seen = new Map<string, { question: string; count: number; last: number; releaseIds: Set<string> }>();
    for (const p of prompts) {
      const question = normalizeQuestion(p.content);
      if (!question) continue;
      const entry = seen.get(question) ?? { question, count: 0, last: 0, releaseIds: new Set<string>() };
      entry.count += 1;
      entry.last = Math.max(entry.last, p.at);
      entry.releaseIds.add(p.releaseId);
      seen.set(question, entry);
    }
    const ranked = [...seen.values()].sort((a, b) => b.count - a.count || b.last - a.last || (a.question < b.question ? -1 : 1));
    return {
      range: rangeOut(scope),
      totalQuestions: prompts.length,
      distinctQuestions: seen.size,
      data: ranked.slice(0, limit).map((e) => ({ question: e.question, count: e.count, lastAskedAt: new Date(e.last).toISOString(), releaseIds: [...e.releaseIds].sort() })),
    };
  }

  async feedback(scope: Scope): Promise<FeedbackRatio> {
    const rows = await this.queries.feedback(scope);
    const figures = (r: { positive: number; negative: number; neutral: number; total: number }) => ({ ...r, ratio: ratio(r.positive, r.positive + r.negative) });
    const sum = (k: 'positive' | 'negative' | 'neutral' | 'total') => rows.reduce((n, r) => n + r[k], 0);
    return {
      range: rangeOut(scope),
      totals: figures({ positive: sum('positive'), negative: sum('negative'), neutral: sum('neutral'), total: sum('total') }),
      byRelease: rows.map(({ releaseId, ...r }) => ({ releaseId, ...figures(r) })),
    };
  }

  async flags(scope: Scope): Promise<FlagCounts> {
    const rows = await this.queries.flags(scope);
    const byFlagger = new Map<string, { flaggerId: string; title: string | null; count: number }>();
    const byTag = new Map<string, number>();
    for (const r of rows) {
      const entry = byFlagger.get(r.flaggerId) ?? { flaggerId: r.flaggerId, title: r.title, count: 0 };
      entry.count += 1;
      entry.title = r.title;
      byFlagger.set(r.flaggerId, entry);
      for (const tag of parseJson<string[]>(r.tags, [])) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
    }
    return {
      range: rangeOut(scope),
      total: rows.length,
      byFlagger: [...byFlagger.values()].sort((a, b) => b.count - a.count || (a.flaggerId < b.flaggerId ? -1 : 1)),
      byTag: [...byTag.entries()].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1)),
    };
  }

  async summary(scope: Scope): Promise<AnalyticsSummary> {
    const [messages, tokens, feedback, flags] = [await this.messages(scope), await this.tokens(scope), await this.feedback(scope), await this.flags(scope)];
    return { range: rangeOut(scope), messages: messages.totals, tokens: tokens.totals, feedback: feedback.totals, flags: { total: flags.total } };
  }

  /** Replies per release, how many a fallback assistant answered and how many hit the token limit. */
  async chatMetrics(scope: Scope): Promise<ChatMetrics> {
    const byRelease = new Map<string, ChatMetrics['data'][number]>();
    for (const r of await this.queries.replies(scope)) {
      const metadata = parseJson<Record<string, unknown>>(r.metadata, {});
      const entry = byRelease.get(r.releaseId) ?? { releaseId: r.releaseId, replies: 0, fallbackReplies: 0, truncatedReplies: 0, latencyMs: null };
      entry.replies += 1;
      if ((metadata.assistant as { fallback?: unknown } | undefined)?.fallback === true) entry.fallbackReplies += 1;
      if (metadata.finishReason === 'length') entry.truncatedReplies += 1;
      byRelease.set(r.releaseId, entry);
    }
    return { range: rangeOut(scope), data: [...byRelease.values()].sort((a, b) => (a.releaseId < b.releaseId ? -1 : 1)) };
  }
}
