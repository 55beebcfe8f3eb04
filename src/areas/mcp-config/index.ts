// The mcp-config area as a module of the list: a release's tool-server config for MCP clients (no
// tables of its own), reached with a workspace key or an end-user or platform token.
import { defineArea } from '../../core/area.js';
import { mcpConfigRoutes } from './routes.js';

export const mcpConfigArea = defineArea({
  name: 'mcp-config',
  uses: ['releases', 'api-keys', 'embed-auth', 'oauth', 'workspaces'],
  create: () => ({}),
  routes: (_api, ctx) => {
    const embedAuth = ctx.area('embed-auth').service;
    return mcpConfigRoutes({
      releases: ctx.area('releases'),
      limiter: ctx.rateLimiter,
      now: () => ctx.clock.now(),
      keyWorkspace: async (secret) => {
        const key = await ctx.area('api-keys').findBySecret(secret);
        return key?.status === 'active' ? key.workspaceId : undefined;
      },
      tokenValid: async (token) => {
        if (typeof (await embedAuth.fromToken(token)) === 'string') return false;
        const verified = await ctx.signer().verify(token);
        const jti = typeof verified === 'string' ? undefined : verified.claims.jti;
        return !(typeof jti === 'string' && (await ctx.area('oauth').store.isRevoked(jti)));
      },
      tokenWorkspaces: async (token) => {
        const endUser = await embedAuth.fromToken(token);
        if (typeof endUser === 'string') return undefined;
        if (endUser.workspaceId !== undefined) return [endUser.workspaceId];
        return endUser.userId !== undefined ? ctx.area('workspaces').workspacesOf(endUser.userId) : [];
      },
    });
  },
});
