// The a2a area as a module of the list: A2A tasks (one per agent call) and the agent routes, which
// answer through chat's send.
import { defineArea } from '../../core/area.js';
import { a2aRoutes } from './routes.js';
import { A2aTaskStore } from './task-store.js';
import { A2A_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    a2a: A2aTaskStore;
  }
}

export const a2aArea = defineArea({
  name: 'a2a',
  tables: A2A_TABLES,
  create: (ctx) => new A2aTaskStore(ctx.deps),
  // chat is mounted after this area; routes are built once every area is.
  routes: (tasks, ctx) => {
    const chat = ctx.area('chat');
    return a2aRoutes({
      releases: ctx.area('releases'),
      threads: chat.threads,
      chat: chat.service,
      tasks,
      defaultReleaseId: () => ctx.settings().a2a.defaultReleaseId,
      limiter: ctx.rateLimiter,
      now: () => ctx.clock.now(),
      transaction: (fn) => ctx.transaction(fn),
    });
  },
});
