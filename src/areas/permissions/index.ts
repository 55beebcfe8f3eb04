// The permissions area as a module of the list: resource grants to users and groups, and their routes.
import { defineArea } from '../../core/area.js';
import { permissionRoutes } from './routes.js';
import { PermissionStore } from './store.js';
import { PERMISSIONS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    permissions: PermissionStore;
  }
}

export const permissionsArea = defineArea({
  name: 'permissions',
  tables: PERMISSIONS_TABLES,
  uses: ['groups'],
  create: (ctx) => new PermissionStore(ctx.deps),
  routes: (store, ctx) => permissionRoutes(store, ctx.area('groups')),
  builtin: {
    step: 'identity',
    load: async (ws: { permissions: Parameters<PermissionStore['grant']>[1][] }, { workspaceId }, permissions) => {
      for (const grant of ws.permissions) await permissions.grant(workspaceId, grant);
    },
  },
});
