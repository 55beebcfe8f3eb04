// Chat thread routes: list, create, get and update the caller's threads, and open an ephemeral
// anonymous thread on a release that allows anonymous chat.
import { ChatThreadSchema } from '../../types/chat.js';
import { defineRoute, type EndUserPrincipal, type RouteDef } from '../../core/route.js';
import { validationError } from '../../core/errors.js';
import type { IdFactory } from '../../seed/ids.js';
import type { ReleaseRecord } from '../releases/public.js';
import { endUserOf, type ChatAccess } from './access.js';
import { anonymousNotAllowed } from './errors.js';
import {
  ANONYMOUS_THREAD_TTL_MS,
  AnonymousThreadAnswerSchema,
  AnonymousThreadSchema,
  CreateThreadSchema,
  ThreadListQuerySchema,
  ThreadListSchema,
  ThreadParamsSchema,
  UpdateThreadSchema,
  type CreateThreadInput,
} from './schema.js';
import type { ChatThreadStore } from './thread-store.js';
import { ownerIdOf, threadOut } from './thread-store.js';
import { loadTokenizer } from './usage.js';

export const CHAT_TAG = 'chat';
/** Same rule as the core's `x-anonymous-session-id` check. */
const ANONYMOUS_SESSION = /^[A-Za-z0-9_.:-]{8,128}$/;

export interface ThreadRouteDeps {
  access: ChatAccess;
  threads: ChatThreadStore;
  ids: IdFactory;
  now(): number;
}

/** Creates a thread (and its mirror transcript), with the system message first when one is given. */
export async function openThread(deps: ThreadRouteDeps, user: EndUserPrincipal, release: ReleaseRecord, input: CreateThreadInput) {
  const anonymous = user.via === 'anonymous';
  const thread = await deps.threads.create({
    workspaceId: release.workspaceId,
    releaseId: release.id,
    ownerSubject: user.subject,
    ownerId: ownerIdOf(user),
    kind: anonymous ? 'anonymous' : 'user',
    title: input.title,
    transcriptTitle: input.title ?? `Chat with ${release.name}`,
    visibility: input.visibility ?? 'private',
    metadata: input.metadata ?? {},
    expiresAt: anonymous ? deps.now() + ANONYMOUS_THREAD_TTL_MS : undefined,
  });
  if (input.systemMessage !== undefined) {
    const tokenizer = await loadTokenizer();
    await deps.threads.append(thread, { role: 'system', content: input.systemMessage, tokenCount: tokenizer.count(input.systemMessage), metadata: {} });
  }
  return threadOut((await deps.threads.get(thread.id))!);
}

export function threadRoutes(deps: ThreadRouteDeps): RouteDef[] {
  const { access, threads } = deps;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/chat/threads',
      tag: CHAT_TAG,
      summary: 'The caller’s threads, most recently active first (filters releaseId, archived true|false|all)',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      query: ThreadListQuerySchema,
      response: ThreadListSchema,
      handler: async ({ principal, query }) => {
        const user = endUserOf(principal);
        const offset = Number(query.cursor ?? 0);
        const { threads: rows, total } = await threads.list(user.subject, { releaseId: query.releaseId, archived: query.archived }, query.limit, offset);
        const hasMore = offset + rows.length < total;
        return { data: rows.map(threadOut), hasMore, ...(hasMore && { nextCursor: String(offset + rows.length) }), total };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/chat/threads',
      tag: CHAT_TAG,
      summary: 'Create a thread on a release (CreateChatOptions); it mirrors into the workspace’s transcripts under the same id',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      body: CreateThreadSchema,
      response: ChatThreadSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const user = endUserOf(principal);
        return openThread(deps, user, await access.release(user, body.releaseId), body);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/chat/threads/:threadId',
      tag: CHAT_TAG,
      summary: 'One thread: the caller’s own, a public one, or one shared in the caller’s workspace',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      params: ThreadParamsSchema,
      response: ChatThreadSchema,
      handler: async ({ principal, params }) => threadOut((await access.thread(endUserOf(principal), params.threadId, 'read')).thread),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/chat/threads/:threadId',
      tag: CHAT_TAG,
      summary: 'Rename, archive or unarchive, or change the visibility of the caller’s thread',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      params: ThreadParamsSchema,
      body: UpdateThreadSchema,
      response: ChatThreadSchema,
      handler: async ({ principal, params, body }) => {
        const { thread } = await access.thread(endUserOf(principal), params.threadId, 'write');
        await threads.update(thread.id, body);
        return threadOut((await threads.get(thread.id))!);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/chat/anonymous',
      tag: CHAT_TAG,
      summary: 'An ephemeral (24 h) thread on a release whose authMode is anonymous or optional; no token needed',
      auth: { kind: 'none' },
      emulatorDefined: true,
      body: AnonymousThreadSchema,
      response: AnonymousThreadAnswerSchema,
      status: 201,
      handler: async ({ request, body }) => {
        const given = request.headers.get('x-anonymous-session-id');
        if (given !== null && !ANONYMOUS_SESSION.test(given)) {
          throw validationError('Invalid anonymous session id', [{ path: 'headers.x-anonymous-session-id', message: '8 to 128 letters, digits, _ . : -' }]);
        }
        const session = given ?? deps.ids.token('anon', 32);
        const user: EndUserPrincipal = { kind: 'endUser', via: 'anonymous', subject: `anon:${session}`, anonymousSessionId: session };
        const release = await access.release(user, body.releaseId).catch((err: unknown) => {
          throw err instanceof Error && 'code' in err && err.code === 'UNAUTHORIZED' ? anonymousNotAllowed() : err;
        });
        return { thread: await openThread(deps, user, release, body), anonymousSessionId: session };
      },
    }),
  ];
}
