// The export routes (emulator-defined, spec tag `export`): start a job (202), read its status, list
// them, and download the file with its content type and a content-disposition. Keys need
// transcript:read (and whitelabel:read too for a workspace archive).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { PageQuerySchema, pageSchema, paginate } from '../workspaces/public.js';
import { CreateExportInputSchema, ExportJobSchema } from '../../types/integrations.js';
import { badFormat, expired, exportNotFound, needsWhitelabelRead, notReady } from './errors.js';
import { fromBase64 } from './render.js';
import type { ExportStore } from './store.js';

const TAG = 'export';
const read = { kind: 'workspace', level: 'read', permission: 'transcript:read' } as const;
const write = { kind: 'workspace', level: 'write', permission: 'transcript:read' } as const;
const ExportParams = lazySchema(() => z.object({ exportId: z.string().min(1).max(200) }));

export function exportRoutes(store: ExportStore, now: () => number): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/export',
      tag: TAG,
      summary: 'Start an export: transcripts as jsonl, csv or zip (one row per message), or a workspace archive (zip); 202 {_id, status}',
      auth: write,
      emulatorDefined: true,
      body: CreateExportInputSchema,
      response: ExportJobSchema,
      status: 202,
      handler: async ({ principal, body }) => {
        const format = body.format ?? (body.kind === 'workspace' ? 'zip' : 'jsonl');
        if (body.kind === 'workspace' && format !== 'zip') throw badFormat(body.kind);
        if (body.kind === 'workspace' && principal.kind === 'apiKey' && principal.permissions.length > 0 && !principal.permissions.includes('whitelabel:read')) throw needsWhitelabelRead();
        const title = body.title ?? (body.kind === 'workspace' ? 'Workspace archive' : `Transcripts (${format})`);
        return store.create(workspaceOf(principal), { title, kind: body.kind, format, filters: body.filters });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/export',
      tag: TAG,
      summary: 'The workspace’s exports, newest first',
      auth: read,
      emulatorDefined: true,
      query: PageQuerySchema,
      response: lazySchema(() => pageSchema(ExportJobSchema)),
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/export/:exportId',
      tag: TAG,
      summary: 'An export’s status (queued, running, succeeded, failed), size and download address',
      auth: read,
      emulatorDefined: true,
      params: ExportParams,
      response: ExportJobSchema,
      handler: async ({ principal, params }) => {
        const job = await store.get(workspaceOf(principal), params.exportId);
        if (!job) throw exportNotFound();
        return job;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/export/:exportId/download',
      tag: TAG,
      summary: 'The export’s file (409 before it succeeded, 410 once expired: 24 h on the emulator clock)',
      auth: read,
      emulatorDefined: true,
      params: ExportParams,
      mediaType: 'application/octet-stream',
      handler: async ({ principal, params }) => {
        const found = await store.file(workspaceOf(principal), params.exportId);
        if (!found) throw exportNotFound();
        const { job, content } = found;
        if (job.status !== 'succeeded' || content === null) throw notReady(job.status);
        if (job.expiresAt !== undefined && now() >= Date.parse(job.expiresAt)) throw expired(job.expiresAt);
        return new Response(fromBase64(content) as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: { 'content-type': job.contentType, 'content-disposition': `attachment; filename="${job.fileName}"`, 'cache-control': 'no-store' },
        });
      },
    }),
  ];
}
