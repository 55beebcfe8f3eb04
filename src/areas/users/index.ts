// The users area as a module of the list: the platform users table and its store (no routes of its
// own; the scenario's users load through it).
import { defineArea } from '../../core/area.js';
import { UserStore } from './store.js';
import { USERS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    users: UserStore;
  }
}

export const usersArea = defineArea({
  name: 'users',
  tables: USERS_TABLES,
  create: (ctx) => new UserStore(ctx.deps),
});
