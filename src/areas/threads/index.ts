// The threads area (spec tag `threads`): the admin view of a workspace's chat threads (kept in the
// chat area's tables, reached through its store) and thread prefixes as versioned documents.
import { defineArea } from '../../core/area.js';
import type { ChatThreadStore } from '../chat/public.js';
import { prefixRoutes } from './prefix-routes.js';
import { ThreadPrefixStore } from './prefix-store.js';
import { ThreadsSectionSchema, loadThreads, type ThreadsHandle, type ThreadsSection } from './scenario.js';
import { threadRoutes } from './thread-routes.js';
import { THREADS_TABLES } from './tables.js';

export interface ThreadsApi {
  threads: ChatThreadStore;
  prefixes: ThreadPrefixStore;
}

declare module '../../core/area.js' {
  interface AreaApis {
    threads: ThreadsApi;
  }
}

declare module '../../core/handles.js' {
  interface WorkspaceHandle {
    /** Present when the scenario gives the workspace a `threads` section. */
    threads?: ThreadsHandle;
  }
}

export const threadsArea = defineArea<ThreadsApi, ThreadsSection>({
  name: 'threads',
  tables: THREADS_TABLES,
  uses: ['chat', 'releases'],
  create: (ctx) => ({ threads: ctx.area('chat').threads, prefixes: new ThreadPrefixStore(ctx.deps) }),
  // Thread prefixes live under their own path, so no route of one table shadows the other.
  routes: (api, ctx) => [...prefixRoutes(api.prefixes), ...threadRoutes(api.threads, () => ctx.clock.now())],
  scenario: {
    key: 'threads',
    schema: ThreadsSectionSchema,
    load: async (section, { workspaceId, handle, ownerId }, api, ctx) => {
      handle.threads = await loadThreads(workspaceId, section, { threads: api.threads, prefixes: api.prefixes, releases: ctx.area('releases'), ownerId });
    },
  },
  // A clone carries the prefixes (new ids, same history); threads are end users' conversations and stay.
  onWorkspaceClone: async (fromId, toId, api) => {
    for (const prefix of await api.prefixes.list(fromId)) {
      const versions = ((await api.prefixes.versions(fromId, prefix._id)) ?? []).reverse().map((v) => v.prefix);
      await api.prefixes.create(toId, { title: prefix.title, prefix: prefix.prefix, history: versions.slice(0, -1), draft: prefix.draft, createdBy: null });
    }
  },
});
