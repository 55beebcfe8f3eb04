// Thread-prefix routes: versioned documents under /api/v1/thread-prefixes (emulator-defined), and
// the real workspace-mount create `POST /white-label/{ws}/thread-prefix {prefix: string[]}` → `_id`.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { forbidden } from '../../core/errors.js';
import { defineRoute, workspaceOf, type Principal, type RouteAuth, type RouteDef } from '../../core/route.js';
import { ThreadPrefixSchema, ThreadPrefixVersionSchema, docsPage } from '../../types/threads.js';
import { prefixNotFound } from './errors.js';
import { docsList } from './paging.js';
import type { ThreadPrefixStore } from './prefix-store.js';
import {
  PrefixCreateSchema,
  PrefixListQuerySchema,
  PrefixParamsSchema,
  PrefixPublishSchema,
  PrefixRestoreSchema,
  PrefixUpdateSchema,
  WirePrefixCreateSchema,
  WirePrefixParamsSchema,
} from './schema.js';

const TAG = 'threads';
const BASE = '/api/v1/thread-prefixes';
// A prefix is white-label configuration that releases point at: the whitelabel scopes guard it.
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'whitelabel:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'whitelabel:write' };

/** Who published: the member's user id or the key's id. */
export function actorOf(principal: Principal): string | null {
  if (principal.kind === 'user') return principal.userId;
  if (principal.kind === 'apiKey') return principal.keyId;
  return null;
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw prefixNotFound();
  return value;
}

export function prefixRoutes(prefixes: ThreadPrefixStore): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/thread-prefix',
      tag: TAG,
      summary: 'Create a thread prefix on the workspace mount: `{prefix: string[]}` → the record with `_id` (version 1, live at once)',
      auth: { kind: 'workspace', level: 'write', param: 'workspaceId', permission: 'whitelabel:write' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/release-chat-resources.ts (ensureReleaseChatResources)',
      params: WirePrefixParamsSchema,
      body: WirePrefixCreateSchema,
      response: ThreadPrefixSchema,
      handler: async ({ principal, body }) => {
        // The workspace mount is for signed-in members; API keys are refused there (REAL-WIRE.md section 8).
        if (principal.kind === 'apiKey') throw forbidden('The /white-label workspace mount takes a user’s Bearer token, not an API key');
        return prefixes.create(workspaceOf(principal), { prefix: body.prefix, ...(body.title !== undefined && { title: body.title }), createdBy: actorOf(principal) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'The workspace’s thread prefixes, oldest first (`{docs, pagination}` and `data`)',
      auth: read,
      emulatorDefined: true,
      query: PrefixListQuerySchema,
      response: lazySchema(() => docsPage(ThreadPrefixSchema)),
      handler: async ({ principal, query }) => docsList(await prefixes.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Create a thread prefix `{prefix: string[], title?}`: published at once as version 1',
      auth: write,
      emulatorDefined: true,
      body: PrefixCreateSchema,
      response: ThreadPrefixSchema,
      status: 201,
      handler: async ({ principal, body }) =>
        prefixes.create(workspaceOf(principal), { prefix: body.prefix, ...(body.title !== undefined && { title: body.title }), createdBy: actorOf(principal) }),
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:prefixId`,
      tag: TAG,
      summary: 'One thread prefix: its published lines, version and pending draft',
      auth: read,
      emulatorDefined: true,
      params: PrefixParamsSchema,
      response: ThreadPrefixSchema,
      handler: async ({ principal, params }) => must(await prefixes.get(workspaceOf(principal), params.prefixId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: `${BASE}/:prefixId`,
      tag: TAG,
      summary: 'Retitle, or change the draft lines (published by …/publish); `baseVersion` stale → 409',
      auth: write,
      emulatorDefined: true,
      params: PrefixParamsSchema,
      body: PrefixUpdateSchema,
      response: ThreadPrefixSchema,
      handler: async ({ principal, params, body }) => must(await prefixes.update(workspaceOf(principal), params.prefixId, body)),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:prefixId/publish`,
      tag: TAG,
      summary: 'The draft becomes the next version (+1); `baseVersion` stale → 409',
      auth: write,
      emulatorDefined: true,
      params: PrefixParamsSchema,
      body: PrefixPublishSchema,
      bodyOptional: true,
      response: ThreadPrefixSchema,
      handler: async ({ principal, params, body }) => must(await prefixes.publish(workspaceOf(principal), params.prefixId, actorOf(principal), body?.baseVersion)),
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:prefixId/versions`,
      tag: TAG,
      summary: 'Every published version, newest first',
      auth: read,
      emulatorDefined: true,
      params: PrefixParamsSchema,
      response: lazySchema(() => z.object({ prefixId: z.string(), versions: z.array(ThreadPrefixVersionSchema) })),
      handler: async ({ principal, params }) => ({ prefixId: params.prefixId, versions: must(await prefixes.versions(workspaceOf(principal), params.prefixId)) }),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:prefixId/restore`,
      tag: TAG,
      summary: 'Republish an older version’s lines as the next version `{version, baseVersion?}`',
      auth: write,
      emulatorDefined: true,
      params: PrefixParamsSchema,
      body: PrefixRestoreSchema,
      response: ThreadPrefixSchema,
      handler: async ({ principal, params, body }) =>
        must(await prefixes.restore(workspaceOf(principal), params.prefixId, body.version, actorOf(principal), body.baseVersion)),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:prefixId`,
      tag: TAG,
      summary: 'Delete a thread prefix and its versions',
      auth: write,
      emulatorDefined: true,
      params: PrefixParamsSchema,
      handler: async ({ principal, params }) => {
        if (!(await prefixes.delete(workspaceOf(principal), params.prefixId))) throw prefixNotFound();
        return { _id: params.prefixId, deleted: true as const };
      },
    }),
  ];
}
