// The tiers area as a module of the list: the usage counters behind the embed tier quotas (its public
// API) and the quota route, which asks embed-auth for the caller's tier.
import { defineArea } from '../../core/area.js';
import { quotaRoutes } from './routes.js';
import { TIERS_TABLES } from './tables.js';
import { UsageStore } from './usage-store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    /** Usage counters behind the tier quotas. */
    tiers: UsageStore;
  }
}

export const tiersArea = defineArea({
  name: 'tiers',
  tables: TIERS_TABLES,
  create: (ctx) => new UsageStore(ctx.deps, (event) => ctx.events.emit(event)),
  routes: (_usage, ctx) => quotaRoutes(ctx.area('embed-auth').service, ctx.area('releases')),
});
