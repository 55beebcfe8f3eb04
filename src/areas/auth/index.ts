// The auth area (POST /api/v1/auth/validate-key) as a module of the list: its failure and lockout
// tables, the lockout store (its public API) and its route, over the api-keys and workspaces areas.
import { defineArea } from '../../core/area.js';
import { validateKeyRoutes } from './routes.js';
import { LockoutStore } from './store.js';
import { AUTH_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    auth: LockoutStore;
  }
}

export const authArea = defineArea({
  name: 'auth',
  tables: AUTH_TABLES,
  uses: ['api-keys', 'workspaces'],
  create: (ctx) => new LockoutStore(ctx.deps),
  routes: (lockouts, ctx) =>
    validateKeyRoutes({
      clock: ctx.clock,
      keys: ctx.area('api-keys'),
      workspaces: ctx.area('workspaces'),
      lockouts,
      limiter: ctx.rateLimiter,
      policy: () => ctx.settings().validateKey,
    }),
});
