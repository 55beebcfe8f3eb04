// The members area as a module of the list: workspace membership management over the workspaces and
// users areas (no tables of its own), and its routes.
import { defineArea } from '../../core/area.js';
import { memberRoutes } from './routes.js';
import { MemberStore } from './store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    members: MemberStore;
  }
}

export const membersArea = defineArea({
  name: 'members',
  uses: ['workspaces', 'users'],
  create: (ctx) => new MemberStore(ctx.deps, ctx.area('workspaces'), ctx.area('users')),
  routes: (store) => memberRoutes(store),
});
