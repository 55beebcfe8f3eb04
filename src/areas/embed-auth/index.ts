// The embed-auth area as a module of the list: end-user sessions and the end-user auth service (the
// core's end-user auth), over keys, workspaces, releases, tier usage and users; and its routes.
import { defineArea } from '../../core/area.js';
import { embedAuthRoutes } from './routes.js';
import { EmbedAuth } from './service.js';
import { EmbedAuthStore } from './store.js';
import { EMBED_AUTH_TABLES } from './tables.js';

export interface EmbedAuthAreaApi {
  service: EmbedAuth;
  sessions: EmbedAuthStore;
}

declare module '../../core/area.js' {
  interface AreaApis {
    'embed-auth': EmbedAuthAreaApi;
  }
}

export const embedAuthArea = defineArea({
  name: 'embed-auth',
  tables: EMBED_AUTH_TABLES,
  uses: ['api-keys', 'workspaces', 'releases', 'tiers', 'users'],
  create: (ctx): EmbedAuthAreaApi => {
    const sessions = new EmbedAuthStore(ctx.deps);
    const service = new EmbedAuth({
      clock: ctx.clock,
      ids: ctx.ids,
      signer: () => ctx.signer(),
      keys: ctx.area('api-keys'),
      workspaces: ctx.area('workspaces'),
      releases: ctx.area('releases'),
      sessions,
      usage: ctx.area('tiers'),
      users: ctx.area('users'),
    });
    return { service, sessions };
  },
  routes: ({ service }) => embedAuthRoutes(service),
});
