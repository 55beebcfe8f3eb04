// The threads routes (emulator-defined; spec tag `threads`): a workspace's chat threads as an
// admin sees them — list with filters, read, retitle / archive / share / annotate, delete, and
// download one conversation as JSON Lines. The threads live in the chat area's store.
import { toIso } from '../../core/services.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import { AdminThreadListSchema, AdminThreadSchema, type AdminThread } from '../../types/threads.js';
import type { ChatThreadStore, ThreadRecord } from '../chat/public.js';
import { threadNotFound } from './errors.js';
import { docsList } from './paging.js';
import { ThreadExportQuerySchema, ThreadIdParamsSchema, ThreadListQuerySchema, ThreadUpdateSchema } from './schema.js';

const TAG = 'threads';
const BASE = '/api/v1/threads';
// Threads are conversations (each mirrors a transcript): the transcript scopes guard them.
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'transcript:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'transcript:write' };

export function adminThread(t: ThreadRecord): AdminThread {
  return {
    _id: t.id,
    id: t.id,
    ...(t.title !== null && { title: t.title }),
    releaseId: t.releaseId,
    ownerId: t.ownerId,
    workspaceId: t.workspaceId,
    kind: t.kind,
    messageCount: t.messageCount,
    ...(t.lastMessageAt !== null && { lastMessageAt: toIso(t.lastMessageAt) }),
    visibility: t.visibility,
    archived: t.archived,
    metadata: t.metadata,
    createdAt: toIso(t.createdAt),
    updatedAt: toIso(t.updatedAt),
  };
}

export function threadRoutes(threads: ChatThreadStore, now: () => number): RouteDef[] {
  /** The workspace's live thread; another workspace's, or an expired anonymous one, is not found. */
  const found = async (workspaceId: string, id: string): Promise<ThreadRecord> => {
    const thread = await threads.get(id);
    if (!thread || thread.workspaceId !== workspaceId || (thread.expiresAt !== null && thread.expiresAt <= now())) throw threadNotFound();
    return thread;
  };
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'The workspace’s chat threads, most recently active first: ?releaseId &ownerId &archived=true|false|all &visibility; `{docs, pagination}` and `data`',
      auth: read,
      emulatorDefined: true,
      query: ThreadListQuerySchema,
      response: AdminThreadListSchema,
      handler: async ({ principal, query }) => {
        const list = await threads.listWorkspace(workspaceOf(principal), query);
        return docsList(list.map(adminThread), query);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:threadId`,
      tag: TAG,
      summary: 'One chat thread of the workspace',
      auth: read,
      emulatorDefined: true,
      params: ThreadIdParamsSchema,
      response: AdminThreadSchema,
      handler: async ({ principal, params }) => adminThread(await found(workspaceOf(principal), params.threadId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: `${BASE}/:threadId`,
      tag: TAG,
      summary: 'Change a thread’s title, visibility, archived flag or metadata (an archived thread takes no new messages)',
      auth: write,
      emulatorDefined: true,
      params: ThreadIdParamsSchema,
      body: ThreadUpdateSchema,
      response: AdminThreadSchema,
      handler: async ({ principal, params, body }) => {
        const thread = await found(workspaceOf(principal), params.threadId);
        await threads.update(thread.id, body);
        return adminThread((await threads.get(thread.id)) as ThreadRecord);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:threadId`,
      tag: TAG,
      summary: 'Delete a thread and its messages (its transcript stays, under the transcripts routes)',
      auth: write,
      emulatorDefined: true,
      params: ThreadIdParamsSchema,
      handler: async ({ principal, params }) => {
        const thread = await found(workspaceOf(principal), params.threadId);
        await threads.remove(thread.id);
        return { _id: thread.id, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:threadId/export`,
      tag: TAG,
      summary: 'Download the thread’s messages, oldest first, one JSON object per line (?format=jsonl)',
      auth: read,
      emulatorDefined: true,
      params: ThreadIdParamsSchema,
      query: ThreadExportQuerySchema,
      mediaType: 'application/jsonl',
      handler: async ({ principal, params }) => {
        const thread = await found(workspaceOf(principal), params.threadId);
        const messages = await threads.messages(thread.id, Math.max(1, thread.messageCount), 0);
        return new Response(messages.map((m) => `${JSON.stringify(m)}\n`).join(''), {
          status: 200,
          headers: { 'content-type': 'application/jsonl; charset=utf-8', 'content-disposition': `attachment; filename="thread-${thread.id}.jsonl"` },
        });
      },
    }),
  ];
}
