// The style pattern routes (command-line group `style-pattern`, emulator-defined): CRUD; the list
// filters by `releaseId`. Releases named must be the workspace's (else 404).
import { notFound } from '../../core/errors.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import { StylePatternSchema } from '../../types/qa.js';
import { QaDeletedSchema } from '../../types/qa-inputs.js';
import { paginate, pageSchema } from '../workspaces/public.js';
import { CreatePatternSchema, PatternListQuerySchema, PatternParamsSchema, UpdatePatternSchema } from './schema.js';
import type { StylePatternStore } from './store.js';

/** Style patterns shape a release's replies: release scopes. */
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'release:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'release:write' };
const patternNotFound = () => notFound('Style pattern');

export type ReleaseCheck = (workspaceId: string, releaseId: string) => Promise<boolean>;

export function stylePatternRoutes(store: StylePatternStore, hasRelease: ReleaseCheck): RouteDef[] {
  const common = { tag: 'style-pattern', emulatorDefined: true } as const;
  const check = async (workspaceId: string, ids: string[] | undefined) => {
    for (const id of ids ?? []) if (!(await hasRelease(workspaceId, id))) throw notFound('Release');
  };
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/style-patterns',
      summary: 'List style patterns (optionally those applied to one release)',
      auth: read,
      query: PatternListQuerySchema,
      response: lazySchema(() => pageSchema(StylePatternSchema)),
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal), query.releaseId), query),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/style-patterns',
      summary: 'Create a style pattern: named rules, optionally applied to releases',
      auth: write,
      body: CreatePatternSchema,
      response: StylePatternSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        await check(workspaceOf(principal), body.releaseIds);
        return store.create(workspaceOf(principal), body);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/style-patterns/:patternId',
      summary: 'One style pattern',
      auth: read,
      params: PatternParamsSchema,
      response: StylePatternSchema,
      handler: async ({ principal, params }) => (await store.get(workspaceOf(principal), params.patternId)) ?? Promise.reject(patternNotFound()),
    }),
    defineRoute({
      ...common,
      method: 'PATCH',
      path: '/api/v1/style-patterns/:patternId',
      summary: 'Change a style pattern',
      auth: write,
      params: PatternParamsSchema,
      body: UpdatePatternSchema,
      response: StylePatternSchema,
      handler: async ({ principal, params, body }) => {
        if (!(await store.get(workspaceOf(principal), params.patternId))) throw patternNotFound();
        await check(workspaceOf(principal), body.releaseIds);
        return store.update(workspaceOf(principal), params.patternId, body);
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/style-patterns/:patternId',
      summary: 'Delete a style pattern',
      auth: write,
      params: PatternParamsSchema,
      response: QaDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.patternId))) throw patternNotFound();
        return { status: 'ok', _id: params.patternId };
      },
    }),
  ];
}
