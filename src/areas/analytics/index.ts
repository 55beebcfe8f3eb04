// The analytics area: analytics (messages, tokens and cost, top questions, feedback ratio, flags) and
// metrics (RAG pipeline, chat replies) computed by SQL from what the other areas stored.
import { defineArea } from '../../core/area.js';
import { AnalyticsQueries } from './queries.js';
import { analyticsRoutes } from './routes.js';
import { AnalyticsService } from './service.js';

declare module '../../core/area.js' {
  interface AreaApis {
    analytics: AnalyticsService;
  }
}

export const analyticsArea = defineArea({
  name: 'analytics',
  uses: ['workspaces', 'releases', 'chat', 'feedback', 'flaggers', 'rag'],
  create: (ctx) =>
    new AnalyticsService(new AnalyticsQueries(ctx.storage), async (workspaceId) => {
      const models = new Map<string, string>();
      for (const r of await ctx.area('releases').list(workspaceId)) if (typeof r.config.model === 'string') models.set(r.id, r.config.model);
      return models;
    }),
  routes: (service, ctx) =>
    analyticsRoutes({
      service,
      queries: new AnalyticsQueries(ctx.storage),
      now: () => ctx.clock.now(),
      analyticsEnabled: async (workspaceId) => (await ctx.area('workspaces').get(workspaceId))?.settings.analyticsEnabled !== false,
      releases: async (workspaceId) => (await ctx.area('releases').list(workspaceId)).map((r) => ({ id: r.id, metrics: r.config.metrics !== false })),
    }),
});
