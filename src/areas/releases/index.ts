// The releases area as a module of the list: releases (chat deployments) and their routes, with the
// per-workspace release limit and the caller's role read from the workspaces area.
import { defineArea } from '../../core/area.js';
import { DEFAULT_WORKSPACE_LIMITS } from '../workspaces/public.js';
import { releaseMountRoutes } from './mount-routes.js';
import { releaseRoutes } from './routes.js';
import { loadReleases, type ReleaseScenarioDoc } from './scenario.js';
import { ReleaseService } from './service.js';
import { ReleaseStore } from './store.js';
import { CHAT_RESOURCE_TABLES, RELEASES_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    releases: ReleaseStore;
  }
}

export const releasesArea = defineArea({
  name: 'releases',
  tables: [...RELEASES_TABLES, ...CHAT_RESOURCE_TABLES],
  uses: ['workspaces'],
  create: (ctx) => new ReleaseStore(ctx.deps),
  routes: (releases, ctx) => {
    const workspaces = ctx.area('workspaces');
    const service = new ReleaseService({
      releases,
      maxReleases: async (workspaceId) => {
        const ws = await workspaces.get(workspaceId);
        return ws ? (ws.limits.maxReleases ?? DEFAULT_WORKSPACE_LIMITS.maxReleases) : undefined;
      },
      role: (workspaceId, userId) => workspaces.role(workspaceId, userId),
      chatRefs: {
        resources: releases.chatResources,
        // The threads area mounts after this one: asked at request time.
        threadPrefixExists: async (workspaceId, id) => (await ctx.area<{ prefixes: { get(ws: string, id: string): Promise<unknown> } }>('threads').prefixes.get(workspaceId, id)) !== undefined,
      },
    });
    return [...releaseRoutes(releases, service), ...releaseMountRoutes(releases, service)];
  },
  builtin: { step: 'workspace', load: (ws: { releases: ReleaseScenarioDoc[] }, at, releases) => loadReleases(ws.releases, at, releases) },
});
