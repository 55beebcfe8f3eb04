// The workspace chat mount (spec tag `workspaces/:workspaceId/chat`): chat completions for members'
// tokens and the workspace's keys, answered by chat's reply generator, fine-tunes included.
import { defineArea } from '../../core/area.js';
import { workspaceChatRoutes } from './routes.js';

export const workspaceChatArea = defineArea<null>({
  name: 'workspaces/:workspaceId/chat',
  uses: ['chat', 'releases', 'fine-tune'],
  create: () => null,
  routes: (_api, ctx) =>
    workspaceChatRoutes({
      chat: ctx.area('chat'),
      releases: ctx.area('releases'),
      // Strict resolution throws when the fine-tune is unknown or untrained.
      resolveFineTune: async (workspaceId, model) => (await ctx.area('fine-tune').resolveModel(workspaceId, model, true))?.model ?? model,
    }),
});
