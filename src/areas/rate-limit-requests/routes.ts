// The rate-limit request routes (emulator-defined): a workspace's admins ask for a key's limits
// (`api-key request-limit`); platform admins list and decide them (`admin rate-limit-requests`).
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { UserStore } from '../users/public.js';
import { paginate } from '../workspaces/public.js';
import { userOf } from '../workspaces/public.js';
import { platformAdminOnly } from './errors.js';
import {
  CreateRateLimitRequestSchema,
  DecideSchema,
  RateLimitRequestListSchema,
  RateLimitRequestSchema,
  RequestListQuerySchema,
  RequestParamsSchema,
  WorkspaceParamsSchema,
} from './schema.js';
import type { RateLimitRequestStore } from './store.js';

const WORKSPACE_TAG = 'workspaces/:workspaceId/rate-limit-requests';
const ADMIN_TAG = 'admin/rate-limit-requests';
const PATH = '/api/v1/workspaces/:workspaceId/rate-limit-requests';
const manage = { kind: 'workspace', level: 'admin', param: 'workspaceId' } as const;

export function rateLimitRequestRoutes(store: RateLimitRequestStore, users: UserStore): RouteDef[] {
  const platformAdmin = async (userId: string) => {
    if (!(await users.get(userId))?.platformAdmin) throw platformAdminOnly();
    return userId;
  };
  return [
    defineRoute({
      method: 'POST',
      path: PATH,
      tag: WORKSPACE_TAG,
      summary: 'Ask for higher per-minute and/or per-day limits on one of the workspace’s keys',
      auth: manage,
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      body: CreateRateLimitRequestSchema,
      response: RateLimitRequestSchema,
      status: 201,
      handler: ({ principal, body }) => store.create(workspaceOf(principal), body, principal.kind === 'user' ? principal.userId : undefined),
    }),
    defineRoute({
      method: 'GET',
      path: PATH,
      tag: WORKSPACE_TAG,
      summary: 'The workspace’s rate-limit requests, oldest first, optionally of one status',
      auth: manage,
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      query: RequestListQuerySchema,
      response: RateLimitRequestListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal), query.status), query),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/admin/rate-limit-requests',
      tag: ADMIN_TAG,
      summary: 'Every workspace’s rate-limit requests (platform admins only)',
      auth: { kind: 'bearer' },
      emulatorDefined: true,
      query: RequestListQuerySchema,
      response: RateLimitRequestListSchema,
      handler: async ({ principal, query }) => {
        await platformAdmin(userOf(principal));
        return paginate(await store.list(null, query.status), query);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/admin/rate-limit-requests/:requestId/decide',
      tag: ADMIN_TAG,
      summary: 'Approve (setting the key’s limits) or deny a pending request (platform admins only)',
      auth: { kind: 'bearer' },
      emulatorDefined: true,
      params: RequestParamsSchema,
      body: DecideSchema,
      response: RateLimitRequestSchema,
      handler: async ({ principal, params, body }) => store.decide(params.requestId, body, await platformAdmin(userOf(principal))),
    }),
  ];
}
