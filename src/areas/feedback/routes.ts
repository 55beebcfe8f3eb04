// The feedback routes (spec section 2 "Feedback record"; tag feedback, emulator-defined paths): an
// end user's vote on a reply, and the workspace's admin read surface with read/unread marks.
import type { EndUserPrincipal } from '../../core/route.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { jsonResponse } from '../../core/json-response.js';
import { releaseForEndUser } from '../releases/public.js';
import type { ReleaseStore } from '../releases/public.js';
import { paginate } from '../workspaces/public.js';
import { feedbackNotFound } from './errors.js';
import { CreateFeedbackSchema, FeedbackAnswerSchema, FeedbackListQuerySchema, FeedbackListSchema, FeedbackParamsSchema } from './schema.js';
import type { FeedbackStore } from './store.js';

const TAG = 'feedback';

export interface FeedbackDeps {
  store: FeedbackStore;
  releases: ReleaseStore;
  /** The email of an end user, when the platform knows one (users and API-key users). */
  emailOf(user: EndUserPrincipal): Promise<string | null>;
}

/** The user id the read surface shows: the platform user, or the integrator's external user id. */
function userIdOf(user: EndUserPrincipal): string | null {
  return user.userId ?? user.externalUserId ?? null;
}

export function feedbackRoutes(deps: FeedbackDeps): RouteDef[] {
  const { store } = deps;
  const mark = (isRead: boolean) =>
    defineRoute({
      method: 'POST',
      path: `/api/v1/feedback/:feedbackId/${isRead ? 'read' : 'unread'}`,
      tag: TAG,
      summary: `Mark feedback as ${isRead ? 'read' : 'unread'}`,
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: FeedbackParamsSchema,
      response: FeedbackAnswerSchema,
      handler: async ({ principal, params }) => {
        const record = await store.markRead(params.feedbackId, workspaceOf(principal), isRead);
        if (!record) throw feedbackNotFound();
        return record;
      },
    });
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/feedback',
      tag: TAG,
      summary: 'Vote on a reply (-1, 1, or null to withdraw): 201 new, 200 when it replaces the caller’s earlier vote',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      body: CreateFeedbackSchema,
      response: FeedbackAnswerSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const { release, user } = await releaseForEndUser(deps.releases, principal, body.releaseId);
        const anonymous = user.via === 'anonymous';
        const { record, created } = await store.upsert({
          workspaceId: release.workspaceId,
          releaseId: release.id,
          messageRef: body.messageRef,
          subject: user.subject,
          sentiment: body.sentiment,
          ...(body.feedback !== undefined && { feedback: body.feedback }),
          source: anonymous ? 'anonymous' : 'authed',
          ...(body.chatId !== undefined && { chatId: body.chatId }),
          ...(body.userPrompt !== undefined && { userPrompt: body.userPrompt }),
          ...(body.responseExcerpt !== undefined && { responseExcerpt: body.responseExcerpt }),
          userId: anonymous ? null : userIdOf(user),
          email: anonymous ? null : await deps.emailOf(user),
        });
        return jsonResponse(record, created ? 201 : 200);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/feedback',
      tag: TAG,
      summary: 'The workspace’s feedback, newest first (filters `releaseId`, `isRead`; `limit`, `cursor`)',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      query: FeedbackListQuerySchema,
      response: FeedbackListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal), { releaseId: query.releaseId, isRead: query.isRead }), query),
    }),
    mark(true),
    mark(false),
  ];
}
