// The flaggers routes (emulator-defined paths; spec tag notifications, the system flaggers feed;
// fields as the SDK documents them): CRUD, dry runs of a saved or an unsaved flagger, the flags list.
import { notFound } from '../../core/errors.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import {
  CreateFlaggerSchema,
  FlagSchema,
  FlaggerDryRunSchema,
  FlaggerSchema,
  FlaggerVerdictSchema,
  UnsavedFlaggerDryRunSchema,
  UpdateFlaggerSchema,
} from '../../types/flaggers-analytics.js';
import { paginate, pageSchema } from '../workspaces/public.js';
import { FlagListQuerySchema, FlaggerDeletedSchema, FlaggerListQuerySchema, FlaggerParamsSchema } from './schema.js';
import type { FlaggerService } from './service.js';
import { flaggerDoc, type FlaggerDoc, type FlaggerStore } from './store.js';

/** Flaggers are workspace configuration: the whitelabel scopes (a key with no permissions has both). */
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'whitelabel:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'whitelabel:write' };
const flaggerNotFound = () => notFound('Flagger');
const SOURCE = 'https://sdk.divinci.ai/client/observability/ (flagger fields and dry run)';

export interface FlaggerRouteDeps {
  store: FlaggerStore;
  service: FlaggerService;
  hasRelease(workspaceId: string, releaseId: string): Promise<boolean>;
}

export function flaggerRoutes({ store, service, hasRelease }: FlaggerRouteDeps): RouteDef[] {
  const common = { tag: 'notifications', emulatorDefined: true, realClient: SOURCE } as const;
  const checkReleases = async (workspaceId: string, ids: string[] | undefined) => {
    for (const id of ids ?? []) if (!(await hasRelease(workspaceId, id))) throw notFound('Release');
  };
  const found = async (workspaceId: string, id: string) => (await store.get(workspaceId, id)) ?? Promise.reject(flaggerNotFound());
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/flaggers',
      summary: 'List the workspace’s flaggers, oldest first (filter `enabled`)',
      auth: read,
      query: FlaggerListQuerySchema,
      response: lazySchema(() => pageSchema(FlaggerSchema)),
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal), query.enabled), query),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/flaggers',
      summary: 'Create a flagger: it judges each stored chat reply (or, with flagInput, each user message) by its rules',
      auth: write,
      body: CreateFlaggerSchema,
      response: FlaggerSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        await checkReleases(workspaceOf(principal), body.releaseIds);
        return store.create(workspaceOf(principal), body);
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/flaggers/dry-run',
      summary: 'Dry run of an unsaved flagger: what it would flag in `content`, storing nothing',
      auth: read,
      body: UnsavedFlaggerDryRunSchema,
      response: FlaggerVerdictSchema,
      handler: ({ body }) => service.verdict(flaggerDoc(body.flagger), null, body.content, body.releaseId),
    }),
    // Before `/flaggers/:flaggerId`: the router tries routes in order.
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/flaggers/flags',
      summary: 'The flags raised in the workspace, newest first (filters `flaggerId`, `threadId`, `releaseId`, `since`, `until`)',
      auth: read,
      query: FlagListQuerySchema,
      response: lazySchema(() => pageSchema(FlagSchema)),
      handler: async ({ principal, query }) => paginate(await store.flags(workspaceOf(principal), query), query),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/flaggers/:flaggerId',
      summary: 'One flagger',
      auth: read,
      params: FlaggerParamsSchema,
      response: FlaggerSchema,
      handler: ({ principal, params }) => found(workspaceOf(principal), params.flaggerId),
    }),
    defineRoute({
      ...common,
      method: 'PATCH',
      path: '/api/v1/flaggers/:flaggerId',
      summary: 'Change a flagger (each field given replaces the stored one; `match` whole)',
      auth: write,
      params: FlaggerParamsSchema,
      body: UpdateFlaggerSchema,
      response: FlaggerSchema,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        await found(workspaceId, params.flaggerId);
        await checkReleases(workspaceId, body.releaseIds);
        return store.update(workspaceId, params.flaggerId, body);
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/flaggers/:flaggerId',
      summary: 'Delete a flagger (the flags it raised stay)',
      auth: write,
      params: FlaggerParamsSchema,
      response: FlaggerDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.flaggerId))) throw flaggerNotFound();
        return { status: 'ok' as const, _id: params.flaggerId };
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/flaggers/:flaggerId/dry-run',
      summary: 'Dry run of a saved flagger on `content`: its verdict and outputs, storing nothing',
      auth: read,
      params: FlaggerParamsSchema,
      body: FlaggerDryRunSchema,
      response: FlaggerVerdictSchema,
      handler: async ({ principal, params, body }) => {
        const { _id, id, workspaceId, createdAt, updatedAt, ...doc } = await found(workspaceOf(principal), params.flaggerId);
        return service.verdict(doc satisfies FlaggerDoc, id, body.content, body.releaseId);
      },
    }),
  ];
}
