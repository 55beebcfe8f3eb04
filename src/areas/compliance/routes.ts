// The compliance routes (emulator-defined, spec tag `compliance`): data-subject export and deletion
// requests, their status, and an export's JSON download. Admins and owners only; keys need
// whitelabel:write (these reach every conversation of a person).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { PageQuerySchema, pageSchema, paginate } from '../workspaces/public.js';
import { ComplianceRequestSchema, CreateComplianceRequestInputSchema } from '../../types/integrations.js';
import { expired, notDownloadable, requestNotFound } from './errors.js';
import type { ComplianceStore } from './store.js';

const TAG = 'compliance';
const manage = { kind: 'workspace', level: 'admin', permission: 'whitelabel:write' } as const;
const RequestParams = lazySchema(() => z.object({ requestId: z.string().min(1).max(200) }));

export function complianceRoutes(store: ComplianceStore, now: () => number): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/compliance/requests',
      tag: TAG,
      summary: 'File a data-subject request {type: export|deletion, subject: {userId | email | externalUserId}}; 202, processed on the clock',
      auth: manage,
      emulatorDefined: true,
      body: CreateComplianceRequestInputSchema,
      response: ComplianceRequestSchema,
      status: 202,
      handler: ({ principal, body }) => {
        const who = body.subject.userId ?? body.subject.email ?? body.subject.externalUserId;
        return store.create(workspaceOf(principal), { title: body.title ?? `${body.type === 'export' ? 'Export' : 'Deletion'} for ${who}`, type: body.type, subject: body.subject });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/compliance/requests',
      tag: TAG,
      summary: 'The workspace’s data-subject requests, newest first',
      auth: manage,
      emulatorDefined: true,
      query: PageQuerySchema,
      response: lazySchema(() => pageSchema(ComplianceRequestSchema)),
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/compliance/requests/:requestId',
      tag: TAG,
      summary: 'One request: status and, once done, the counts found (export) or removed (deletion) per kind',
      auth: manage,
      emulatorDefined: true,
      params: RequestParams,
      response: ComplianceRequestSchema,
      handler: async ({ principal, params }) => {
        const request = await store.get(workspaceOf(principal), params.requestId);
        if (!request) throw requestNotFound();
        return request;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/compliance/requests/:requestId/download',
      tag: TAG,
      summary: 'An export request’s JSON of everything held about the subject (409 before it succeeded, 410 after 24 h)',
      auth: manage,
      emulatorDefined: true,
      params: RequestParams,
      mediaType: 'application/json',
      handler: async ({ principal, params }) => {
        const found = await store.file(workspaceOf(principal), params.requestId);
        if (!found) throw requestNotFound();
        const { request, content, expiresAt } = found;
        if (request.type !== 'export' || request.status !== 'succeeded' || content === null) throw notDownloadable(request.type, request.status);
        if (expiresAt !== null && now() >= expiresAt) throw expired(new Date(expiresAt).toISOString());
        return new Response(content, {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="subject-export-${request._id}.json"`, 'cache-control': 'no-store' },
        });
      },
    }),
  ];
}
