// The feedback area as a module of the list: message feedback from users and key holders, and the
// anonymous landing-page feedback (read against chat's threads and the landing settings).
import { defineArea } from '../../core/area.js';
import { anonymousFeedbackRoutes } from './anonymous-routes.js';
import { feedbackRoutes } from './routes.js';
import { FeedbackStore } from './store.js';
import { FEEDBACK_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    feedback: FeedbackStore;
  }
}

export const feedbackArea = defineArea({
  name: 'feedback',
  tables: FEEDBACK_TABLES,
  uses: ['releases', 'users'],
  create: (ctx) => new FeedbackStore(ctx.deps, (event) => ctx.events.emit(event)),
  // embed-auth and chat are mounted after this area; routes are built once every area is.
  routes: (store, ctx) => {
    const releases = ctx.area('releases');
    return [
      ...feedbackRoutes({
        store,
        releases,
        emailOf: async (user) => {
          if (user.userId !== undefined) return (await ctx.area('users').get(user.userId))?.email ?? null;
          if (user.apiKeyUserId !== undefined) return (await ctx.area('embed-auth').sessions.userById(user.apiKeyUserId))?.email ?? null;
          return null;
        },
      }),
      ...anonymousFeedbackRoutes({ store, releases, threads: ctx.area('chat').threads, settings: () => ctx.settings().landing }),
    ];
  },
});
