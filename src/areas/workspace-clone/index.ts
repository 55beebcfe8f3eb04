// The workspace-clone area as a module of the list: clone jobs (clock jobs `workspaces.clone.*`, the
// kinds stored before areas were modules) and their routes. The world runs every area's clone hook
// when a clone copies.
import { defineArea } from '../../core/area.js';
import { cloneRoutes } from './routes.js';
import { CloneJobStore } from './store.js';
import { WORKSPACE_CLONE_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'workspace-clone': CloneJobStore;
  }
}

export const workspaceCloneArea = defineArea({
  name: 'workspace-clone',
  tables: WORKSPACE_CLONE_TABLES,
  uses: ['workspaces', 'transcripts'],
  create: (ctx) => new CloneJobStore(ctx.deps, ctx.area('workspaces'), ctx.area('transcripts')),
  routes: (jobs, ctx) => cloneRoutes(jobs, ctx.area('workspaces')),
  jobPrefix: 'workspaces.clone',
  jobs: (jobs) => jobs.jobHandlers(),
});
