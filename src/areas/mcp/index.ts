// The mcp area as a module of the list: the tool servers (account `/mcp`, tenant `/{whitelabelId}/mcp`)
// on the MCP SDK with each tenant's OAuth routes, the workspace switch, and mcp-servers (external
// tool servers registered on releases, discovered through the world's outbound fetch).
import { defineArea } from '../../core/area.js';
import { McpScenarioSchema, type McpScenario } from './schema.js';
import { serverRoutes } from './server-routes.js';
import { serversRoutes } from './servers-routes.js';
import { McpServerStore } from './servers-store.js';
import { settingsRoutes } from './settings-routes.js';
import { McpSettingsStore } from './settings-store.js';
import { MCP_TABLES } from './tables.js';
import { tenantOAuthRoutes } from './tenant-oauth-routes.js';

export interface McpAreaApi {
  settings: McpSettingsStore;
  servers: McpServerStore;
}

declare module '../../core/area.js' {
  interface AreaApis {
    mcp: McpAreaApi;
  }
}

export const mcpArea = defineArea<McpAreaApi, McpScenario>({
  name: 'mcp',
  tables: MCP_TABLES,
  uses: ['releases', 'api-keys', 'oauth', 'users', 'workspaces', 'rag', 'rag-search', 'chat'],
  create: (ctx) => ({ settings: new McpSettingsStore(ctx.deps), servers: new McpServerStore(ctx.deps) }),
  routes: (api, ctx) => [...settingsRoutes(api.settings), ...serverRoutes(ctx, api.settings, api.servers), ...tenantOAuthRoutes(ctx), ...serversRoutes(ctx, api.servers)],
  scenario: {
    key: 'mcp',
    schema: McpScenarioSchema,
    load: async (section, at, api) => {
      await api.settings.set(at.workspaceId, section.enabled, null, at.now);
    },
  },
  onWorkspaceClone: (fromId, toId, api) => api.settings.copy(fromId, toId),
});
