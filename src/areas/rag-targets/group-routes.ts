// RAG groups: named sets of vector indexes that `POST /api/v1/rag/context {groupId}` searches
// together (real wire: fulcrum divinci-rag-client.ts). The CRUD routes are emulator-defined: no
// public client shows them. Membership is by vector id; an unknown id is a 400 naming it.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { RagGroupSchema } from '../../types/rag.js';
import { groupNotFound } from './errors.js';
import type { GroupInfo, RagTargetStore } from './store.js';

const TAG = 'rag';
const READ = { kind: 'apiKey', permission: 'rag:read', feature: 'rag' } as const;
const WRITE = { kind: 'apiKey', permission: 'rag:write', feature: 'rag' } as const;

const Name = lazySchema(() => z.string().trim().min(1).max(200));
const VectorIds = lazySchema(() => z.array(z.string().min(1).max(200)).max(500));
const CreateGroupSchema = lazySchema(() => z.object({ name: Name, vectorIds: VectorIds.optional() }).strict());
const UpdateGroupSchema = lazySchema(() => z.object({ name: Name.optional(), vectorIds: VectorIds.optional() }).strict());
const MembersSchema = lazySchema(() => z.object({ vectorIds: VectorIds.min(1) }).strict());
const GroupParams = lazySchema(() => z.object({ groupId: z.string().min(1).max(200) }));
const MemberParams = lazySchema(() => GroupParams.extend({ vectorId: z.string().min(1).max(200) }));
const GroupListSchema = lazySchema(() => z.object({ data: z.array(RagGroupSchema), hasMore: z.boolean(), total: z.number().int() }));

export function ragGroupRoutes(targets: RagTargetStore): RouteDef[] {
  const found = async (workspaceId: string, id: string) => {
    const group = await targets.group(workspaceId, id);
    if (!group) throw groupNotFound();
    return group;
  };
  /** Every id must be a vector of the workspace; checked before anything is written. */
  const checkVectors = async (workspaceId: string, ids: string[], field = 'body.vectorIds') => {
    const issues = [];
    for (const [i, id] of ids.entries()) {
      if (!(await targets.row(workspaceId, id))) issues.push({ path: `${field}[${i}]`, message: `Vector index "${id}" is not in this workspace` });
    }
    if (issues.length) throw validationError('Unknown vector ids', issues);
    return [...new Set(ids)];
  };
  const out = async (workspaceId: string, group: GroupInfo) => {
    const titles = await targets.titles(group.targetIds);
    const live = group.targetIds.filter((id) => titles.has(id));
    return {
      _id: group.id,
      id: group.id,
      name: group.name,
      workspaceId,
      vectorIds: live,
      vectors: live.map((id) => ({ _id: id, title: titles.get(id) as string })),
      createdAt: new Date(group.createdAt).toISOString(),
    };
  };
  const common = { tag: TAG, emulatorDefined: true } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/groups',
      summary: 'The workspace’s RAG groups (vector indexes searched together), oldest first',
      auth: READ,
      response: GroupListSchema,
      handler: async ({ principal }) => {
        const ws = workspaceOf(principal);
        const data = [];
        for (const group of await targets.groups(ws)) data.push(await out(ws, group));
        return { data, hasMore: false, total: data.length };
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/rag/groups',
      summary: 'Create a RAG group of vector indexes: {name, vectorIds?}',
      auth: WRITE,
      body: CreateGroupSchema,
      response: RagGroupSchema,
      handler: async ({ principal, body }) => {
        const ws = workspaceOf(principal);
        const vectorIds = await checkVectors(ws, body.vectorIds ?? []);
        const id = await targets.createGroup(ws, { name: body.name, targetIds: vectorIds });
        return out(ws, await found(ws, id));
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/groups/:groupId',
      summary: 'One RAG group with its vectors',
      auth: READ,
      params: GroupParams,
      response: RagGroupSchema,
      handler: async ({ principal, params }) => out(workspaceOf(principal), await found(workspaceOf(principal), params.groupId)),
    }),
    defineRoute({
      ...common,
      method: 'PATCH',
      path: '/api/v1/rag/groups/:groupId',
      summary: 'Rename a RAG group or replace its vectors',
      auth: WRITE,
      params: GroupParams,
      body: UpdateGroupSchema,
      response: RagGroupSchema,
      handler: async ({ principal, params, body }) => {
        const ws = workspaceOf(principal);
        const group = await found(ws, params.groupId);
        const targetIds = body.vectorIds === undefined ? undefined : await checkVectors(ws, body.vectorIds);
        await targets.updateGroup(group, { name: body.name, targetIds });
        return out(ws, await found(ws, group.id));
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/rag/groups/:groupId',
      summary: 'Delete a RAG group (its vectors stay)',
      auth: WRITE,
      params: GroupParams,
      handler: async ({ principal, params }) => {
        const group = await found(workspaceOf(principal), params.groupId);
        await targets.deleteGroup(group.id);
        return { status: 'ok', _id: group.id };
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/rag/groups/:groupId/vectors',
      summary: 'Add vector indexes to a RAG group: {vectorIds}',
      auth: WRITE,
      params: GroupParams,
      body: MembersSchema,
      response: RagGroupSchema,
      handler: async ({ principal, params, body }) => {
        const ws = workspaceOf(principal);
        const group = await found(ws, params.groupId);
        const added = await checkVectors(ws, body.vectorIds);
        await targets.updateGroup(group, { targetIds: [...new Set([...group.targetIds, ...added])] });
        return out(ws, await found(ws, group.id));
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/rag/groups/:groupId/vectors/:vectorId',
      summary: 'Remove one vector index from a RAG group',
      auth: WRITE,
      params: MemberParams,
      response: RagGroupSchema,
      handler: async ({ principal, params }) => {
        const ws = workspaceOf(principal);
        const group = await found(ws, params.groupId);
        if (!group.targetIds.includes(params.vectorId)) throw validationError('Not a vector of this group', [{ path: 'params.vectorId', message: `"${params.vectorId}" is not in the group` }]);
        await targets.updateGroup(group, { targetIds: group.targetIds.filter((id) => id !== params.vectorId) });
        return out(ws, await found(ws, group.id));
      },
    }),
  ];
}
