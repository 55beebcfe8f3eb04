// The releases part of the workspace mount `/white-label/{ws}/…` (REAL-WIRE section 8): read,
// update (the whole release echoed back) and deprecate a release, and create the chat resources a
// release points at. A member's Bearer token only: API keys get 403 (the real mount never opted in).
import { forbidden } from '../../core/errors.js';
import { defineRoute, workspaceOf, type Principal, type RouteDef } from '../../core/route.js';
import { MessagePrefixCreateSchema, MountParamsSchema, MountReleaseParamsSchema, MountUpdateSchema, StarterCreateSchema, WelcomeCreateSchema } from './mount-schema.js';
import { ReleaseAnswerSchema } from './schema.js';
import type { ReleaseService } from './service.js';
import { releaseOut, type ReleaseStore } from './store.js';

const TAG = 'releases';
const CHAT_RESOURCES = 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/release-chat-resources.ts (ensureReleaseChatResources)';
const read = { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'release:read' } as const;
const write = { kind: 'workspace', level: 'write', param: 'workspaceId', permission: 'release:write' } as const;

/** The workspace mount is for signed-in members; API keys are refused there (REAL-WIRE.md section 8). */
function member(principal: Principal): string {
  if (principal.kind === 'apiKey') throw forbidden('The /white-label workspace mount takes a user’s Bearer token, not an API key');
  return principal.kind === 'user' ? principal.userId : '';
}

export function releaseMountRoutes(releases: ReleaseStore, service: ReleaseService): RouteDef[] {
  const resources = releases.chatResources;
  return [
    defineRoute({
      method: 'GET',
      path: '/white-label/:workspaceId/release/:releaseId',
      tag: TAG,
      summary: 'One release on the workspace mount (the document fields, with its chat-resource references)',
      auth: read,
      realClient: `${CHAT_RESOURCES}; orchestrator/src/landing.ts (configureDemoRelease)`,
      params: MountReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => {
        member(principal);
        return releaseOut(await service.get(workspaceOf(principal), params.releaseId));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/release/:releaseId/update',
      tag: TAG,
      summary: 'Update a release from the whole release read back (GET-merge-POST): known fields as PATCH takes them, read-only and unknown keys dropped',
      auth: write,
      realClient: `${CHAT_RESOURCES}; orchestrator/src/landing.ts (configureDemoRelease, hardenDemoRelease)`,
      params: MountReleaseParamsSchema,
      body: MountUpdateSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params, body }) => {
        member(principal);
        return releaseOut(await service.update(workspaceOf(principal), params.releaseId, body));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/white-label/:workspaceId/release/:releaseId/deprecate',
      tag: TAG,
      summary: 'Withdraw a release (a GET on the mount, as the real one is): archived, gone from listings and the public bootstrap',
      auth: write,
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/teardown.ts (deprecate)',
      params: MountReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => {
        member(principal);
        return releaseOut(await service.deprecate(workspaceOf(principal), params.releaseId));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/conversation-starter',
      tag: TAG,
      summary: 'Create conversation starters `{starters: string[1..3]}` → `_id`; a release points at them as `conversationStarter: {id}`',
      auth: write,
      realClient: CHAT_RESOURCES,
      params: MountParamsSchema,
      body: StarterCreateSchema,
      handler: async ({ principal, body }) => resources.create(workspaceOf(principal), 'conversation-starter', { starters: body.starters }, member(principal)),
    }),
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/chat-welcome-message',
      tag: TAG,
      summary: 'Create a welcome message `{message, active}` → `_id` (`active` defaults to false; an inactive one does not render)',
      auth: write,
      realClient: CHAT_RESOURCES,
      params: MountParamsSchema,
      body: WelcomeCreateSchema,
      handler: async ({ principal, body }) => resources.create(workspaceOf(principal), 'chat-welcome-message', body, member(principal)),
    }),
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/message-prefix',
      tag: TAG,
      summary: 'Create a message prefix `{prefix: string, isActive}` → `_id`; a release points at it as `msgPrefix: {id}` and chat applies it',
      auth: write,
      realClient: CHAT_RESOURCES,
      params: MountParamsSchema,
      body: MessagePrefixCreateSchema,
      handler: async ({ principal, body }) => resources.create(workspaceOf(principal), 'message-prefix', body, member(principal)),
    }),
  ];
}
