// The config area as a module of the list: a workspace's configuration export and import, over the
// workspaces, members, api-keys, byok, groups and permissions areas (no tables of its own).
import { defineArea } from '../../core/area.js';
import { configRoutes } from './routes.js';
import { ConfigStore } from './store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    config: ConfigStore;
  }
}

export const configArea = defineArea({
  name: 'config',
  uses: ['workspaces', 'members', 'api-keys', 'byok', 'groups', 'permissions'],
  create: (ctx) =>
    new ConfigStore({
      clock: ctx.clock,
      workspaces: ctx.area('workspaces'),
      members: ctx.area('members'),
      apiKeys: ctx.area('api-keys'),
      byok: ctx.area('byok'),
      groups: ctx.area('groups'),
      permissions: ctx.area('permissions'),
    }),
  routes: (store) => configRoutes(store),
});
