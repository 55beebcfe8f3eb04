// The workspaces area as a module of the list: workspaces and their members' roles, and the
// workspace routes. The world wires its delete hook (the sweep of every area's rows) after mounting.
import { defineArea } from '../../core/area.js';
import { workspaceRoutes } from './routes.js';
import { WorkspaceStore } from './store.js';
import { WORKSPACES_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    workspaces: WorkspaceStore;
  }
}

export const workspacesArea = defineArea({
  name: 'workspaces',
  tables: WORKSPACES_TABLES,
  create: (ctx) => new WorkspaceStore(ctx.deps),
  routes: (store) => workspaceRoutes(store),
});
