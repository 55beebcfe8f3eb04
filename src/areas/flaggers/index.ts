// The flaggers area (spec: "custom flaggers" of the notification system): flaggers judge stored chat
// messages by deterministic rules, keep flags, tag the messages and raise `message.flagged`.
import { defineArea } from '../../core/area.js';
import { flaggerRoutes } from './routes.js';
import { FlaggerSectionSchema, loadFlaggers, type FlaggerSection } from './scenario.js';
import { FlaggerService } from './service.js';
import { FlaggerStore } from './store.js';
import { FLAGGER_TABLES } from './tables.js';

export interface FlaggersApi {
  store: FlaggerStore;
  service: FlaggerService;
}

declare module '../../core/area.js' {
  interface AreaApis {
    flaggers: FlaggersApi;
  }
}

export const flaggersArea = defineArea<FlaggersApi, FlaggerSection>({
  name: 'flaggers',
  tables: FLAGGER_TABLES,
  uses: ['releases', 'chat'],
  create: (ctx) => {
    const store = new FlaggerStore(ctx.deps);
    const service = new FlaggerService({
      store,
      events: ctx.events,
      tagMessage: (messageId, flag) => ctx.area('chat').threads.tagMessage(messageId, flag),
      releaseNotifies: async (workspaceId, releaseId) => (await ctx.area('releases').get(releaseId, workspaceId))?.config.notifications !== false,
    });
    ctx.events.on((event) => service.onEvent(event));
    return { store, service };
  },
  routes: ({ store, service }, ctx) =>
    flaggerRoutes({ store, service, hasRelease: async (workspaceId, releaseId) => (await ctx.area('releases').get(releaseId, workspaceId)) !== undefined }),
  scenario: { key: 'flaggers', schema: FlaggerSectionSchema, load: (section, at, { store }) => loadFlaggers(section, at.workspaceId, store) },
  onWorkspaceClone: (fromId, toId, { store }) => store.cloneWorkspace(fromId, toId),
});
