// The compliance area: data-subject export and deletion requests over what the chat, transcripts,
// feedback, terms and embed-auth areas hold about a person (clock job `compliance.process`).
import { defineArea } from '../../core/area.js';
import { complianceRoutes } from './routes.js';
import { ComplianceStore, JOB_PROCESS } from './store.js';
import { COMPLIANCE_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    compliance: ComplianceStore;
  }
}

export const complianceArea = defineArea({
  name: 'compliance',
  tables: COMPLIANCE_TABLES,
  uses: ['transcripts', 'export'],
  create: (ctx) => new ComplianceStore(ctx.deps, ctx.events, (workspaceId, id) => ctx.area('transcripts').delete(workspaceId, id)),
  routes: (store, ctx) => complianceRoutes(store, () => ctx.clock.now()),
  jobs: (store) => ({ [JOB_PROCESS]: (payload) => store.process(payload) }),
});
