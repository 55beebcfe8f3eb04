// The byok area as a module of the list: a workspace's own provider credentials, and their routes.
import { defineArea } from '../../core/area.js';
import { byokMountRoutes } from './mount-routes.js';
import { byokRoutes } from './routes.js';
import { ByokStore } from './store.js';
import { BYOK_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    byok: ByokStore;
  }
}

export const byokArea = defineArea({
  name: 'byok',
  tables: BYOK_TABLES,
  create: (ctx) => new ByokStore(ctx.deps),
  routes: (store) => [...byokRoutes(store), ...byokMountRoutes(store)],
  builtin: {
    step: 'identity',
    load: async (ws: { byok: Parameters<ByokStore['create']>[1][] }, { workspaceId }, byok) => {
      for (const credential of ws.byok) await byok.create(workspaceId, credential);
    },
  },
});
