// The groups area as a module of the list: user groups of a workspace and their invitations (over
// the users area), and their routes.
import { defineArea } from '../../core/area.js';
import { groupRoutes } from './routes.js';
import { GroupStore } from './store.js';
import { GROUPS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    groups: GroupStore;
  }
}

export const groupsArea = defineArea({
  name: 'groups',
  tables: GROUPS_TABLES,
  uses: ['users'],
  create: (ctx) => new GroupStore(ctx.deps, ctx.area('users')),
  routes: (store) => groupRoutes(store),
  // Groups, provider credentials and grants load after what they refer to (users, releases, RAG targets).
  builtin: {
    step: 'identity',
    load: async (ws: { groups: { id?: string | undefined; name: string; description?: string | undefined; members: string[] }[] }, { workspaceId }, groups) => {
      for (const group of ws.groups) {
        const created = await groups.create(workspaceId, {
          ...(group.id !== undefined && { id: group.id }),
          name: group.name,
          ...(group.description !== undefined && { description: group.description }),
        });
        for (const email of group.members) await groups.invite(workspaceId, created.id, email);
      }
    },
  },
});
