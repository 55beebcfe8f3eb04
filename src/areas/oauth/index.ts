// The oauth area as a module of the list: authorization codes, refresh tokens and revocations, the
// clients registered at run time (RFC 7591), and the OAuth routes; tokens are signed by the world's signer.
import { defineArea } from '../../core/area.js';
import { ClientRegistry } from './registration.js';
import { oauthRoutes } from './routes.js';
import { OAuthStore } from './store.js';
import { OAUTH_TABLES } from './tables.js';

export interface OAuthAreaApi {
  store: OAuthStore;
  /** OAuth clients registered at run time (RFC 7591). */
  clients: ClientRegistry;
}

declare module '../../core/area.js' {
  interface AreaApis {
    oauth: OAuthAreaApi;
  }
}

export const oauthArea = defineArea({
  name: 'oauth',
  tables: OAUTH_TABLES,
  uses: ['users'],
  create: (ctx): OAuthAreaApi => ({ store: new OAuthStore(ctx.deps, () => ctx.signer(), ctx.area('users')), clients: new ClientRegistry(ctx.deps) }),
  routes: ({ store, clients }, ctx) => oauthRoutes({ store, clients, settings: () => ctx.settings().oauth, signer: () => ctx.signer() }),
});
