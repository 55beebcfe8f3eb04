// The permissions routes (emulator-defined): members list grants and see their own; admins and
// owners grant and revoke.
import { jsonResponse } from '../../core/json-response.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { GroupStore } from '../groups/public.js';
import { paginate } from '../workspaces/public.js';
import { userTokenRequired } from './errors.js';
import {
  GrantParamsSchema,
  GrantSchema,
  MyPermissionsSchema,
  PermissionGrantSchema,
  PermissionListQuerySchema,
  PermissionListSchema,
  RevokeSchema,
} from './schema.js';
import type { PermissionStore } from './store.js';

const TAG = 'permissions';
const read = { kind: 'workspace', level: 'read' } as const;
const manage = { kind: 'workspace', level: 'admin' } as const;

export function permissionRoutes(store: PermissionStore, groups: GroupStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/permissions',
      tag: TAG,
      summary: 'List grants, optionally of one resource or principal',
      auth: read,
      emulatorDefined: true,
      query: PermissionListQuerySchema,
      response: PermissionListSchema,
      handler: async ({ principal, query }) => {
        const filter = { ...(query.resource !== undefined && { resource: query.resource }), ...(query.principal !== undefined && { principal: query.principal }) };
        return paginate(await store.list(workspaceOf(principal), filter), query);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/permissions/mine',
      tag: TAG,
      summary: 'The caller’s workspace role, groups and grants (direct and through groups)',
      auth: read,
      emulatorDefined: true,
      response: MyPermissionsSchema,
      handler: async ({ principal }) => {
        if (principal.kind !== 'user' || !principal.role) throw userTokenRequired();
        const workspaceId = workspaceOf(principal);
        const mine = await groups.groupsOf(workspaceId, principal.userId);
        const grants = await store.forPrincipals(workspaceId, [`user:${principal.userId}`, ...mine.map((id) => `group:${id}`)]);
        return { userId: principal.userId, workspaceId, role: principal.role, groups: mine, grants };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/permissions/grant',
      tag: TAG,
      summary: 'Grant a role on a resource: 201 when new, 200 when an existing grant changes role',
      auth: manage,
      emulatorDefined: true,
      body: GrantSchema,
      response: PermissionGrantSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const { grant, created } = await store.grant(workspaceOf(principal), body);
        return jsonResponse(grant, created ? 201 : 200);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/permissions/revoke',
      tag: TAG,
      summary: 'Revoke a grant by id, or by resource and principal; answers the revoked grant',
      auth: manage,
      emulatorDefined: true,
      body: RevokeSchema,
      response: PermissionGrantSchema,
      handler: ({ principal, body }) => store.revoke(workspaceOf(principal), body),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/permissions/:grantId',
      tag: TAG,
      summary: 'Revoke a grant by id; answers the revoked grant',
      auth: manage,
      emulatorDefined: true,
      params: GrantParamsSchema,
      response: PermissionGrantSchema,
      handler: ({ principal, params }) => store.revoke(workspaceOf(principal), { id: params.grantId }),
    }),
  ];
}
