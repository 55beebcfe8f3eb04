// The api-keys area as a module of the list: workspace API keys (the core's key auth reads them) and
// the key routes, which also revoke the end-user sessions a key opened (embed-auth).
import { defineArea } from '../../core/area.js';
import { apiKeyRoutes } from './routes.js';
import { loadApiKeys, type ApiKeyDoc } from './scenario.js';
import { ApiKeyStore } from './store.js';
import { API_KEYS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'api-keys': ApiKeyStore;
  }
}

export const apiKeysArea = defineArea({
  name: 'api-keys',
  tables: API_KEYS_TABLES,
  create: (ctx) => new ApiKeyStore(ctx.deps),
  // embed-auth is mounted after this area; routes are built once every area is.
  routes: (keys, ctx) => apiKeyRoutes(keys, ctx.area('embed-auth').sessions),
  builtin: { step: 'workspace', load: (ws: { apiKeys: ApiKeyDoc[] }, at, keys, ctx) => loadApiKeys(ws.apiKeys, at, keys, ctx.ids) },
});
