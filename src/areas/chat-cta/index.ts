// The chat-cta area as a module of the list: release CTA cards, their versions and form submissions,
// and their routes (which check the caller's thread through chat's access rules).
import { defineArea } from '../../core/area.js';
import { ctaRoutes } from './routes.js';
import { CtaStore } from './store.js';
import { CHAT_CTA_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'chat-cta': CtaStore;
  }
}

export const chatCtaArea = defineArea({
  name: 'chat-cta',
  tables: CHAT_CTA_TABLES,
  uses: ['releases'],
  create: (ctx) => new CtaStore(ctx.deps, ctx.area('releases')),
  // chat is mounted after this area (its sends show the cards); routes are built once every area is.
  routes: (ctas, ctx) => {
    const { access, threads } = ctx.area('chat');
    return ctaRoutes({ ctas, releases: ctx.area('releases'), access, threads });
  },
});
