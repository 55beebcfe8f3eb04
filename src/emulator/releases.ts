// The release areas (releases, terms of service, message feedback, tool-server config): their
// services and route tables, wired to the world in one place.
import { feedbackRoutes } from '../areas/feedback/routes.js';
import { mcpConfigRoutes } from '../areas/mcp-config/routes.js';
import { releaseRoutes } from '../areas/releases/routes.js';
import { ReleaseService } from '../areas/releases/service.js';
import { termsRoutes } from '../areas/terms/routes.js';
import { TermsService } from '../areas/terms/service.js';
import { DEFAULT_WORKSPACE_LIMITS } from '../areas/workspaces/schema.js';
import type { RouteDef } from '../core/route.js';
import type { World } from './world.js';

export function releaseAreaRoutes(world: World): RouteDef[] {
  const { stores } = world;
  const releaseService = new ReleaseService({
    releases: stores.releases,
    maxReleases: async (workspaceId) => {
      const ws = await stores.workspaces.get(workspaceId);
      return ws ? (ws.limits.maxReleases ?? DEFAULT_WORKSPACE_LIMITS.maxReleases) : undefined;
    },
    role: (workspaceId, userId) => stores.workspaces.role(workspaceId, userId),
  });
  return [
    ...releaseRoutes(stores.releases, releaseService),
    ...termsRoutes(stores.terms, new TermsService(stores.terms, stores.releases)),
    ...feedbackRoutes({
      store: stores.feedback,
      releases: stores.releases,
      emailOf: async (user) => {
        if (user.userId !== undefined) return (await stores.users.get(user.userId))?.email ?? null;
        if (user.apiKeyUserId !== undefined) return (await stores.embedSessions.userById(user.apiKeyUserId))?.email ?? null;
        return null;
      },
    }),
    ...mcpConfigRoutes({
      releases: stores.releases,
      limiter: world.rateLimiter,
      now: () => world.clock.now(),
      keyWorkspace: async (secret) => {
        const key = await stores.apiKeys.findBySecret(secret);
        return key?.status === 'active' ? key.workspaceId : undefined;
      },
      tokenValid: async (token) => {
        if (typeof (await world.embedAuth.fromToken(token)) === 'string') return false;
        const verified = await world.signer.verify(token);
        const jti = typeof verified === 'string' ? undefined : verified.claims.jti;
        return !(typeof jti === 'string' && (await stores.oauth.isRevoked(jti)));
      },
      tokenWorkspaces: async (token) => {
        const endUser = await world.embedAuth.fromToken(token);
        if (typeof endUser === 'string') return undefined;
        if (endUser.workspaceId !== undefined) return [endUser.workspaceId];
        return endUser.userId !== undefined ? stores.workspaces.workspacesOf(endUser.userId) : [];
      },
    }),
  ];
}
