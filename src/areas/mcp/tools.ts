// The tools a tool server offers, as data: name, description, input shape (zod) and what each does,
// through the other areas' own APIs (rag-search's context retrieval, rag's files and targets,
// chat's send service), so a tool answers what the matching HTTP route answers.
import { z } from 'zod';
import type { AreaContext } from '../../core/area.js';
import type { EndUserPrincipal } from '../../core/route.js';
import { toIso } from '../../core/services.js';
import { groupNotFound, targetNotFound, type TargetRow } from '../rag-targets/public.js';
import type { ReleaseRecord } from '../releases/public.js';
import type { McpCaller } from './access.js';
import { mcpReleaseNotFound } from './errors.js';
import { servesMcp } from './access.js';
import { EmulatorError, notFound } from '../../core/errors.js';

/** Where a call acts: the workspace, and the release when the server or the arguments name one. */
export interface ToolScope {
  workspaceId: string;
  release?: ReleaseRecord;
  caller: McpCaller | undefined;
}

export interface ToolDef {
  name: string;
  description: string;
  /** The tool's own arguments (the account server adds `workspaceId`, and `releaseId` where `needsRelease`). */
  input: z.ZodRawShape;
  /** Acts on one release (chat, get_release): the account server asks for its id. */
  needsRelease?: boolean;
  /** Its result is already an MCP tool result (a remote server's), passed on as it is. */
  raw?: boolean;
  run(args: Record<string, unknown>, scope: ToolScope): Promise<unknown>;
}

const releaseDoc = (r: ReleaseRecord) => ({
  _id: r.id,
  id: r.id,
  title: r.name,
  name: r.name,
  status: r.status,
  workspaceId: r.workspaceId,
  description: r.doc?.description ?? null,
  ragIndexes: collectionsOf(r).map((id) => ({ id })),
  mcpConfig: r.mcpConfig ?? null,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
});

function collectionsOf(release: ReleaseRecord): string[] {
  const ids = release.config.ragCollectionIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

function needRelease(scope: ToolScope): ReleaseRecord {
  if (!scope.release) throw mcpReleaseNotFound();
  return scope.release;
}

/** Who chats through a tool: a signed-in user as themself, anyone else under the tool server's own subject. */
function chatPrincipal(caller: McpCaller | undefined, release: ReleaseRecord): EndUserPrincipal {
  if (caller?.kind === 'user' && caller.userId) return { kind: 'endUser', via: 'platform', subject: caller.subject, userId: caller.userId };
  return { kind: 'endUser', via: 'anonymous', subject: `mcp:${caller?.subject ?? 'anonymous'}:${release.id}` };
}

export function toolDefs(ctx: AreaContext): ToolDef[] {
  const rag = () => ctx.area('rag');
  return [
    {
      name: 'rag_search',
      description:
        'Retrieves the chunks most similar to `query`, as POST /api/v1/rag/context does: in a collection (`collectionId`), a group (`groupId`), or else the release\'s own RAG indexes. `topK` is capped at 50.',
      input: {
        query: z.string().min(1).max(4000),
        collectionId: z.string().min(1).max(200).optional(),
        groupId: z.string().min(1).max(200).optional(),
        topK: z.number().int().min(1).max(1000).optional(),
      },
      run: async (args, scope) => {
        const { targets } = rag();
        const search = ctx.area('rag-search');
        const query = args.query as string;
        const topK = args.topK as number | undefined;
        if (typeof args.collectionId === 'string') {
          const target = await targets.row(scope.workspaceId, args.collectionId);
          if (!target) throw targetNotFound();
          return { ...(await search.context([target], query, topK)), collectionId: target.id, collectionTitle: target.title };
        }
        if (typeof args.groupId === 'string') {
          const group = await targets.group(scope.workspaceId, args.groupId);
          if (!group) throw groupNotFound();
          const members = await rowsOf(scope.workspaceId, group.targetIds);
          return { ...(await search.context(members, query, topK)), groupId: group.id, groupName: group.name, vectors: members.map((t) => ({ _id: t.id, title: t.title })) };
        }
        const ids = scope.release ? collectionsOf(scope.release) : (await targets.rows(scope.workspaceId)).map((t) => t.id);
        const members = await rowsOf(scope.workspaceId, ids);
        return { ...(await search.context(members, query, topK)), vectors: members.map((t) => ({ _id: t.id, title: t.title })) };
      },
    },
    {
      name: 'rag_list_files',
      description: 'Lists the RAG files of the workspace (optionally of one collection, or by status ready | processing | error).',
      input: {
        collectionId: z.string().min(1).max(200).optional(),
        status: z.enum(['ready', 'processing', 'error']).optional(),
      },
      run: async (args, scope) => {
        const { files } = rag();
        const rows = await files.list(scope.workspaceId, {
          ...(typeof args.collectionId === 'string' && { targetId: args.collectionId }),
          ...(typeof args.status === 'string' && { status: args.status as 'ready' | 'processing' | 'error' }),
        });
        const records = await files.records(rows, false);
        return { files: records, total: records.length };
      },
    },
    {
      name: 'list_vector_indexes',
      description: 'Lists the vector indexes (RAG collections) of the workspace with their file and chunk counts.',
      input: {},
      run: async (_args, scope) => {
        const { targets } = rag();
        const rows = await targets.rows(scope.workspaceId);
        const indexes = [];
        for (const row of rows) indexes.push(await targets.record(row));
        return { vectorIndexes: indexes, total: indexes.length };
      },
    },
    {
      name: 'chat',
      description: 'Sends `message` to the release and answers its reply, stored in a thread (give `threadId` to continue one).',
      input: { message: z.string().min(1).max(20000), threadId: z.string().min(1).max(200).optional() },
      needsRelease: true,
      run: async (args, scope) => {
        const release = needRelease(scope);
        const chat = ctx.area('chat');
        const principal = chatPrincipal(scope.caller, release);
        let thread = typeof args.threadId === 'string' ? await chat.threads.get(args.threadId) : undefined;
        if (typeof args.threadId === 'string' && (!thread || thread.releaseId !== release.id || thread.ownerSubject !== principal.subject || thread.metadata.channel !== 'mcp')) {
          throw notFound('Thread');
        }
        thread ??= await chat.threads.create({
          workspaceId: release.workspaceId,
          releaseId: release.id,
          ownerSubject: principal.subject,
          kind: principal.via === 'platform' ? 'user' : 'anonymous',
          transcriptTitle: `Tool-server chat with ${release.name}`,
          visibility: 'private',
          metadata: { channel: 'mcp' },
        });
        const result = await chat.service.send(
          { principal, thread, release, resource: `/${release.workspaceId}/mcp`, paymentHeader: null },
          { content: args.message as string, contentType: 'text' } as Parameters<typeof chat.service.send>[1],
        );
        return {
          threadId: thread.id,
          messageId: result.message.id,
          reply: result.message.content,
          context: result.context.map((c) => ({ ...c })),
          usage: result.usage,
        };
      },
    },
    {
      name: 'get_release',
      description: 'Reads the release this tool server speaks for (its title, status, RAG indexes and MCP configuration).',
      input: {},
      needsRelease: true,
      run: async (_args, scope) => releaseDoc(needRelease(scope)),
    },
  ];

  async function rowsOf(workspaceId: string, ids: string[]): Promise<TargetRow[]> {
    const out: TargetRow[] = [];
    for (const id of ids) {
      const row = await rag().targets.row(workspaceId, id);
      if (row) out.push(row);
    }
    return out;
  }
}

/** The account server's own tools: what the signed-in user can reach. */
export function accountToolDefs(ctx: AreaContext): ToolDef[] {
  return [
    {
      name: 'list_workspaces',
      description: 'Lists the workspaces you are a member of.',
      input: {},
      run: async (_args, scope) => {
        const workspaces = [];
        for (const id of scope.caller?.workspaces ?? []) {
          const ws = await ctx.area('workspaces').get(id);
          if (ws) workspaces.push({ _id: ws.id, id: ws.id, name: ws.name, slug: ws.slug });
        }
        return { workspaces, total: workspaces.length };
      },
    },
    {
      name: 'list_releases',
      description: 'Lists the releases of a workspace, with whether each serves MCP.',
      input: {},
      run: async (_args, scope) => {
        const releases = (await ctx.area('releases').list(scope.workspaceId)).filter((r) => r.doc?.deprecatedAt === undefined);
        return { releases: releases.map((r) => ({ ...releaseDoc(r), servesMcp: servesMcp(r) })), total: releases.length };
      },
    },
  ];
}

/** What a tool error says: an EmulatorError's code and message; anything else stays generic. */
export function toolErrorText(err: unknown): string {
  if (err instanceof EmulatorError) return JSON.stringify({ error: { code: err.code, message: err.message, ...(err.details !== undefined && { details: err.details }) } });
  return JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
}
