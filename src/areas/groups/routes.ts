// The groups routes (emulator-defined): members read; admins and owners create, update, delete,
// invite by email and remove users.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { paginate } from '../workspaces/public.js';
import { groupNotFound } from './errors.js';
import {
  CreateGroupSchema,
  GroupDeletedSchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupParamsSchema,
  GroupSchema,
  InviteSchema,
  RemoveUserSchema,
  UpdateGroupSchema,
} from './schema.js';
import type { Group } from './schema.js';
import type { GroupStore } from './store.js';

const TAG = 'groups';
const read = { kind: 'workspace', level: 'read' } as const;
const manage = { kind: 'workspace', level: 'admin' } as const;

const found = (group: Group | undefined): Group => {
  if (!group) throw groupNotFound();
  return group;
};

export function groupRoutes(store: GroupStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/groups',
      tag: TAG,
      summary: 'List the workspace’s groups with their members',
      auth: read,
      emulatorDefined: true,
      query: GroupListQuerySchema,
      response: GroupListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/groups',
      tag: TAG,
      summary: 'Create a group (names are unique in a workspace, ignoring case)',
      auth: manage,
      emulatorDefined: true,
      body: CreateGroupSchema,
      response: GroupSchema,
      status: 201,
      handler: ({ principal, body }) => store.create(workspaceOf(principal), body),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/groups/:groupId',
      tag: TAG,
      summary: 'One group with its members',
      auth: read,
      emulatorDefined: true,
      params: GroupParamsSchema,
      response: GroupSchema,
      handler: async ({ principal, params }) => found(await store.get(workspaceOf(principal), params.groupId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/groups/:groupId',
      tag: TAG,
      summary: 'Rename a group or change its description',
      auth: manage,
      emulatorDefined: true,
      params: GroupParamsSchema,
      body: UpdateGroupSchema,
      response: GroupSchema,
      handler: async ({ principal, params, body }) => found(await store.update(workspaceOf(principal), params.groupId, body)),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/groups/:groupId',
      tag: TAG,
      summary: 'Delete a group, its memberships and its grants',
      auth: manage,
      emulatorDefined: true,
      params: GroupParamsSchema,
      response: GroupDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.groupId))) throw groupNotFound();
        return { status: 'ok', id: params.groupId };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/groups/:groupId/invite',
      tag: TAG,
      summary: 'Invite an address: an existing user is active at once, anyone else stays invited',
      auth: manage,
      emulatorDefined: true,
      params: GroupParamsSchema,
      body: InviteSchema,
      response: GroupSchema,
      handler: async ({ principal, params, body }) => found(await store.invite(workspaceOf(principal), params.groupId, body.email)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/groups/:groupId/remove-user',
      tag: TAG,
      summary: 'Remove a user (by userId or email) from a group',
      auth: manage,
      emulatorDefined: true,
      params: GroupParamsSchema,
      body: RemoveUserSchema,
      response: GroupSchema,
      handler: async ({ principal, params, body }) => found(await store.removeUser(workspaceOf(principal), params.groupId, body)),
    }),
  ];
}
