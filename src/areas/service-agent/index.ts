// The service-agent area as a module of the list: routes only, over the transcripts and workspaces areas.
import { defineArea } from '../../core/area.js';
import { serviceAgentRoutes } from './routes.js';

export const serviceAgentArea = defineArea({
  name: 'service-agent',
  uses: ['transcripts', 'workspaces'],
  create: () => ({}),
  routes: (_api, ctx) => serviceAgentRoutes(ctx.area('transcripts'), ctx.area('workspaces'), ctx.clock),
});
