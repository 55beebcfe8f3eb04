// The terms routes (contract route table, CLI `terms` group): management by workspace members and
// keys; the gate and accept for end users, anonymous sessions included.
import { defineRoute, workspaceOf, type Principal, type RouteDef } from '../../core/route.js';
import { paginate } from '../workspaces/public.js';
import {
  AcceptAnswerSchema,
  AcceptTermsSchema,
  CreateTermsSchema,
  GateQuerySchema,
  ReleaseAcceptParamsSchema,
  ReleaseAcceptSchema,
  TermsAnswerSchema,
  TermsGateSchema,
  TermsListQuerySchema,
  TermsListSchema,
  TermsParamsSchema,
  UpdateTermsSchema,
} from './schema.js';
import type { TermsService } from './service.js';
import type { TermsStore } from './store.js';

const TAG = 'terms';

function creatorOf(principal: Principal): string | undefined {
  if (principal.kind === 'user') return principal.userId;
  if (principal.kind === 'apiKey') return principal.keyId;
  return undefined;
}

export function termsRoutes(store: TermsStore, service: TermsService): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/terms',
      tag: TAG,
      summary: 'List the workspace’s terms documents (filter `releaseId`; `limit`, `cursor`)',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      query: TermsListQuerySchema,
      response: TermsListSchema,
      handler: async ({ principal, query }) => {
        const all = await store.list(workspaceOf(principal), query.releaseId);
        return paginate(await Promise.all(all.map((t) => service.answer(t))), query);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/terms',
      tag: TAG,
      summary: 'Create a terms draft, optionally attached to a release (unpublished until its first publish)',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      body: CreateTermsSchema,
      response: TermsAnswerSchema,
      status: 201,
      handler: async ({ principal, body }) => service.answer(await service.create(workspaceOf(principal), body, creatorOf(principal))),
    }),
    // Before /terms/:tosId, so `gate` is not read as an id.
    defineRoute({
      method: 'GET',
      path: '/api/v1/terms/gate',
      tag: TAG,
      summary: 'The terms gate of a release for the caller',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      query: GateQuerySchema,
      response: TermsGateSchema,
      handler: ({ principal, query }) => service.gateFor(principal, query.releaseId),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/terms/accept',
      tag: TAG,
      summary: 'Accept the current version of terms (a stale version answers 409); an anonymous visitor names their session in x-anonymous-session-id or body anonymousSessionId',
      auth: { kind: 'endUser', anonymous: true, anonymousBodyField: 'anonymousSessionId' },
      emulatorDefined: true,
      body: AcceptTermsSchema,
      response: AcceptAnswerSchema,
      handler: ({ principal, body }) => service.accept(principal, body),
    }),
    defineRoute({
      method: 'POST',
      path: '/white-label-release/:releaseId/terms-of-service/accept',
      tag: TAG,
      summary: 'A landing visitor accepts the release’s current terms for their anonymous session (no headers); their chats with that sessionId then pass the gate',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/divinci-landing-template src/worker.ts (handleTermsAccept)',
      params: ReleaseAcceptParamsSchema,
      body: ReleaseAcceptSchema,
      response: AcceptAnswerSchema,
      handler: ({ params, body }) => {
        const visitor: Principal = { kind: 'endUser', via: 'anonymous', subject: `anon:${body.anonymousSessionId}`, anonymousSessionId: body.anonymousSessionId };
        return service.accept(visitor, { tosId: body.tosId, version: body.version, releaseId: params.releaseId });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/terms/:tosId',
      tag: TAG,
      summary: 'Get a terms document: its draft and published versions',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      params: TermsParamsSchema,
      response: TermsAnswerSchema,
      handler: async ({ principal, params }) => service.answer(await service.get(workspaceOf(principal), params.tosId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/terms/:tosId',
      tag: TAG,
      summary: 'Change the draft (title, content) or the release it is attached to',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: TermsParamsSchema,
      body: UpdateTermsSchema,
      response: TermsAnswerSchema,
      handler: async ({ principal, params, body }) => service.answer(await service.update(workspaceOf(principal), params.tosId, body)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/terms/:tosId/publish',
      tag: TAG,
      summary: 'Publish the draft as the next version; every end user must accept again',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: TermsParamsSchema,
      response: TermsAnswerSchema,
      handler: async ({ principal, params }) => service.answer(await service.publish(workspaceOf(principal), params.tosId)),
    }),
  ];
}
