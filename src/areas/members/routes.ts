// The workspace members routes (emulator-defined): viewers read; admins and owners manage; only
// an owner makes or removes an owner.
import { defineRoute, workspaceOf, type Principal, type RouteDef } from '../../core/route.js';
import { paginate } from '../workspaces/public.js';
import { memberNotFound } from './errors.js';
import {
  AddMemberSchema,
  MemberListQuerySchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberRemovedSchema,
  UpdateMemberSchema,
  WorkspaceMemberSchema,
  WorkspaceParamsSchema,
} from './schema.js';
import { memberAnswer, type Actor, type MemberStore } from './store.js';

const TAG = 'workspaces';
const PATH = '/api/v1/workspaces/:workspaceId/members';
const read = { kind: 'workspace', level: 'read', param: 'workspaceId' } as const;
const manage = { kind: 'workspace', level: 'admin', param: 'workspaceId' } as const;

export function actorOf(principal: Principal): Actor {
  if (principal.kind === 'user' && principal.role) return principal.role;
  return 'apiKey';
}

export function memberRoutes(store: MemberStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: PATH,
      tag: TAG,
      summary: 'List the workspace members in the order they joined',
      auth: read,
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      query: MemberListQuerySchema,
      response: MemberListSchema,
      handler: async ({ principal, query }) => paginate((await store.list(workspaceOf(principal))).map(memberAnswer), query),
    }),
    defineRoute({
      method: 'POST',
      path: PATH,
      tag: TAG,
      summary: 'Add an existing user (by userId or email) with a role',
      auth: manage,
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      body: AddMemberSchema,
      response: WorkspaceMemberSchema,
      status: 201,
      handler: async ({ principal, body }) => memberAnswer(await store.add(workspaceOf(principal), body, actorOf(principal))),
    }),
    defineRoute({
      method: 'GET',
      path: `${PATH}/:userId`,
      tag: TAG,
      summary: 'Get one member',
      auth: read,
      emulatorDefined: true,
      params: MemberParamsSchema,
      response: WorkspaceMemberSchema,
      handler: async ({ principal, params }) => {
        const member = await store.get(workspaceOf(principal), params.userId);
        if (!member) throw memberNotFound();
        return memberAnswer(member);
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: `${PATH}/:userId`,
      tag: TAG,
      summary: 'Change a member’s role or permissions',
      auth: manage,
      emulatorDefined: true,
      params: MemberParamsSchema,
      body: UpdateMemberSchema,
      response: WorkspaceMemberSchema,
      handler: async ({ principal, params, body }) =>
        memberAnswer(await store.update(workspaceOf(principal), params.userId, body, actorOf(principal))),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${PATH}/:userId`,
      tag: TAG,
      summary: 'Remove a member (and their groups and grants in this workspace)',
      auth: manage,
      emulatorDefined: true,
      params: MemberParamsSchema,
      response: MemberRemovedSchema,
      handler: async ({ principal, params }) => {
        await store.remove(workspaceOf(principal), params.userId, actorOf(principal));
        return { status: 'ok', userId: params.userId };
      },
    }),
  ];
}
