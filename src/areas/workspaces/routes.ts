// The workspaces routes (contract section 7, emulator-defined): list and create with a Bearer
// token; get, update and delete by members whose role allows it, or the workspace's full-access key.
import { defineRoute, workspaceOf, type Principal, type RouteDef } from '../../core/route.js';
import { ownerOnly, slugTaken, workspaceNotFound } from './errors.js';
import { paginate } from './paging.js';
import {
  CreateWorkspaceSchema,
  UpdateWorkspaceSchema,
  WorkspaceDeletedSchema,
  WorkspaceListQuerySchema,
  WorkspaceListSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
} from './schema.js';
import { workspaceAnswer, type WorkspaceStore } from './store.js';

const TAG = 'workspaces';

/** The signed-in user of a Bearer route; the core guarantees one. */
export function userOf(principal: Principal): string {
  if (principal.kind !== 'user') throw new Error('route needs a Bearer user: check its auth kind');
  return principal.userId;
}

export function workspaceRoutes(store: WorkspaceStore): RouteDef[] {
  const found = async (id: string) => {
    const ws = await store.get(id);
    if (!ws) throw workspaceNotFound();
    return ws;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/workspaces',
      tag: TAG,
      summary: 'List the workspaces the caller belongs to, oldest first',
      auth: { kind: 'bearer' },
      emulatorDefined: true,
      query: WorkspaceListQuerySchema,
      response: WorkspaceListSchema,
      handler: async ({ principal, query }) => paginate((await store.listFor(userOf(principal))).map(workspaceAnswer), query),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/workspaces',
      tag: TAG,
      summary: 'Create a workspace; the caller becomes its owner',
      auth: { kind: 'bearer' },
      emulatorDefined: true,
      body: CreateWorkspaceSchema,
      response: WorkspaceSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const userId = userOf(principal);
        if (body.slug !== undefined && (await store.slugTaken(body.slug))) throw slugTaken(body.slug);
        const ws = await store.create({
          name: body.name,
          slug: body.slug ?? (await store.uniqueSlug(body.name)),
          ...(body.description !== undefined && { description: body.description }),
          ownerId: userId,
          settings: body.settings ?? {},
          createdBy: userId,
        });
        return workspaceAnswer(ws);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/workspaces/:workspaceId',
      tag: TAG,
      summary: 'Get one workspace',
      auth: { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'whitelabel:read' },
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      response: WorkspaceSchema,
      handler: async ({ principal }) => workspaceAnswer(await found(workspaceOf(principal))),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/workspaces/:workspaceId',
      tag: TAG,
      summary: 'Update name, description, slug or settings (admin or owner)',
      auth: { kind: 'workspace', level: 'admin', param: 'workspaceId', permission: 'whitelabel:write' },
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      body: UpdateWorkspaceSchema,
      response: WorkspaceSchema,
      handler: async ({ principal, body }) => {
        const id = workspaceOf(principal);
        await found(id);
        if (body.slug !== undefined && (await store.slugTaken(body.slug, id))) throw slugTaken(body.slug);
        const ws = await store.update(id, body);
        if (!ws) throw workspaceNotFound();
        return workspaceAnswer(ws);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/workspaces/:workspaceId',
      tag: TAG,
      summary: 'Delete a workspace with its members, keys, transcripts, groups, grants and credentials (owner)',
      auth: { kind: 'workspace', level: 'admin', param: 'workspaceId' },
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      response: WorkspaceDeletedSchema,
      handler: async ({ principal }) => {
        if (principal.kind === 'user' && principal.role !== 'owner') throw ownerOnly('delete a workspace');
        const id = workspaceOf(principal);
        if (!(await store.delete(id))) throw workspaceNotFound();
        return { status: 'ok', id };
      },
    }),
  ];
}
