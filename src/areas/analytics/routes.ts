// The analytics and metrics routes (emulator-defined paths; no spec tag of their own, so under
// `workspaces`): aggregates of the caller's workspace over a date range on the emulator clock.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { EmulatorError, notFound } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import {
  AnalyticsSummarySchema,
  ChatMetricsSchema,
  FeedbackRatioSchema,
  FlagCountsSchema,
  MessagesPerDaySchema,
  RagMetricsSchema,
  TokenUsageSchema,
  TopQuestionsSchema,
} from '../../types/flaggers-analytics.js';
import type { AnalyticsQueries, Scope } from './queries.js';
import { RangeQuerySchema, rangeOf, type RangeQuery } from './range.js';
import { ragMetrics } from './rag-metrics.js';
import type { AnalyticsService } from './service.js';

/** The SDK's `analytics:read` scope (REAL-WIRE section 9), or any member's Bearer token. */
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'analytics:read' };

export interface AnalyticsRouteDeps {
  service: AnalyticsService;
  queries: AnalyticsQueries;
  now(): number;
  /** The workspace's `settings.analyticsEnabled` (unset = on). */
  analyticsEnabled(workspaceId: string): Promise<boolean>;
  /** The workspace's releases: whether each exists, and which turned `config.metrics` off. */
  releases(workspaceId: string): Promise<{ id: string; metrics: boolean }[]>;
}

const TopQuestionsQuerySchema = lazySchema(() => RangeQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(10) }));
const RagMetricsQuerySchema = lazySchema(() => RangeQuerySchema.omit({ releaseId: true }).extend({ collectionId: z.string().min(1).max(200).optional() }));

export function analyticsRoutes(deps: AnalyticsRouteDeps): RouteDef[] {
  const { service } = deps;
  const common = { tag: 'workspaces', emulatorDefined: true, auth: read } as const;

  /** The rows a query covers; refuses a workspace that turned analytics off and a release it does not have. */
  const scopeOf = async (workspaceId: string, query: RangeQuery, analytics = true): Promise<Scope> => {
    if (analytics && !(await deps.analyticsEnabled(workspaceId))) {
      throw new EmulatorError('FORBIDDEN', 'Analytics are turned off for this workspace (settings.analyticsEnabled is false)');
    }
    const releases = await deps.releases(workspaceId);
    if (query.releaseId !== undefined && !releases.some((r) => r.id === query.releaseId)) throw notFound('Release');
    const excluded = releases.filter((r) => !r.metrics).map((r) => r.id);
    return { workspaceId, ...rangeOf(query, deps.now()), releaseId: query.releaseId, excluded };
  };

  const aggregate = <S extends z.ZodType>(path: string, summary: string, response: S, answer: (scope: Scope) => Promise<z.infer<S>>) =>
    defineRoute({
      ...common,
      method: 'GET',
      path,
      summary,
      query: RangeQuerySchema,
      response,
      handler: async ({ principal, query }) => answer(await scopeOf(workspaceOf(principal), query)),
    });

  return [
    aggregate('/api/v1/analytics/summary', 'Totals over the range: messages, threads, tokens and cost, feedback, flags', AnalyticsSummarySchema, (s) => service.summary(s)),
    aggregate('/api/v1/analytics/messages', 'Messages per UTC day per release (user, assistant, active threads)', MessagesPerDaySchema, (s) => service.messages(s)),
    aggregate('/api/v1/analytics/tokens', 'Tokens and estimated cost of the replies, per day per release and per model', TokenUsageSchema, (s) => service.tokens(s)),
    aggregate('/api/v1/analytics/feedback', 'Feedback votes: positive, negative, withdrawn, and the positive ratio', FeedbackRatioSchema, (s) => service.feedback(s)),
    aggregate('/api/v1/analytics/flags', 'Flags raised, per flagger and per tag', FlagCountsSchema, (s) => service.flags(s)),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/analytics/top-questions',
      summary: 'The most asked user prompts (normalized), with counts (`limit`, default 10)',
      query: TopQuestionsQuerySchema,
      response: TopQuestionsSchema,
      handler: async ({ principal, query }) => service.topQuestions(await scopeOf(workspaceOf(principal), query), query.limit),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/metrics/rag',
      summary: 'RAG pipeline metrics per vector index: outcomes, failure rate, upload-to-completed and stage durations',
      query: RagMetricsQuerySchema,
      response: RagMetricsSchema,
      handler: async ({ principal, query }) => {
        const workspaceId = workspaceOf(principal);
        if (query.collectionId !== undefined && (await deps.queries.targets(workspaceId, query.collectionId)).length === 0) throw notFound('Vector index');
        return ragMetrics(deps.queries, workspaceId, rangeOf(query, deps.now()), query.collectionId);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/metrics/chat',
      summary: 'Chat reply metrics per release: replies, fallback answers, replies cut at the token limit',
      query: RangeQuerySchema,
      response: ChatMetricsSchema,
      handler: async ({ principal, query }) => service.chatMetrics(await scopeOf(workspaceOf(principal), query, false)),
    }),
  ];
}
