// The rate-limit-requests area as a module of the list: its table, its store (its public API) and
// its routes; the users area gives the platform-admin check.
import { defineArea } from '../../core/area.js';
import { rateLimitRequestRoutes } from './routes.js';
import { RateLimitRequestStore } from './store.js';
import { RATE_LIMIT_REQUESTS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'rate-limit-requests': RateLimitRequestStore;
  }
}

export const rateLimitRequestsArea = defineArea({
  name: 'rate-limit-requests',
  tables: RATE_LIMIT_REQUESTS_TABLES,
  uses: ['users'],
  create: (ctx) => new RateLimitRequestStore(ctx.deps),
  routes: (store, ctx) => rateLimitRequestRoutes(store, ctx.area('users')),
});
