// The RAG retrieval routes (spec section 4): full-text search and context retrieval by
// collectionId or groupId.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { RagFileStore } from '../rag-files/public.js';
import type { RagTargetStore, TargetRow } from '../rag-targets/public.js';
import { fileNotFound, groupNotFound, targetNotFound } from './errors.js';
import { ContextBodySchema, SEARCH_DEFAULT_LIMIT, SearchQuerySchema, SearchResultSchema } from './schema.js';
import type { RagSearchStore } from './store.js';
import { RagContextResultSchema } from '../../types/rag.js';

const TAG = 'rag';
const READ = { kind: 'apiKey', permission: 'rag:read', feature: 'rag' } as const;

export function ragSearchRoutes(search: RagSearchStore, targets: RagTargetStore, files: RagFileStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/search',
      tag: TAG,
      summary: 'Full-text search over chunks of completed files (q required; limit or topK default 10, max 100)',
      auth: READ,
      emulatorDefined: true,
      query: SearchQuerySchema,
      response: SearchResultSchema,
      handler: async ({ principal, query }) => {
        const workspaceId = workspaceOf(principal);
        if (query.collectionId !== undefined && !(await targets.row(workspaceId, query.collectionId))) throw targetNotFound();
        if (query.fileId !== undefined && !(await files.row(workspaceId, query.fileId))) throw fileNotFound();
        return search.search(workspaceId, query.q, query.limit ?? query.topK ?? SEARCH_DEFAULT_LIMIT, {
          ...(query.fileId !== undefined && { fileId: query.fileId }),
          ...(query.collectionId !== undefined && { targetId: query.collectionId }),
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/context',
      tag: TAG,
      summary: 'Context retrieval: the chunks most similar to `query` in a collection or a group of them',
      auth: READ,
      realClient: 'divinci-ai/fulcrum server/services/divinci-rag-client.ts (getDivinciContext: groupId, topK capped at 50)',
      // Retrieval only reads; it need not hold a write transaction.
      transactional: false,
      body: ContextBodySchema,
      response: RagContextResultSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        if (body.collectionId !== undefined) {
          const target = await targets.row(workspaceId, body.collectionId);
          if (!target) throw targetNotFound();
          const result = await search.context([target], body.query, body.topK);
          return { ...result, collectionId: target.id, collectionTitle: target.title };
        }
        const group = await targets.group(workspaceId, body.groupId as string);
        if (!group) throw groupNotFound();
        const members: TargetRow[] = [];
        for (const id of group.targetIds) {
          const row = await targets.row(workspaceId, id);
          if (row) members.push(row);
        }
        const result = await search.context(members, body.query, body.topK);
        return { ...result, groupId: group.id, groupName: group.name, vectors: members.map((t) => ({ _id: t.id, title: t.title })) };
      },
    }),
  ];
}
