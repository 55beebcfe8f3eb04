// The www-rag and local-sync routes, as the demo pipeline's clients call them (REAL-WIRE section 8).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { forbidden, validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { zodIssues } from '../../core/validation.js';
import {
  LocalSyncBatchSchema,
  LocalSyncFinalizeSchema,
  LocalSyncInitSchema,
  RegisterSitesRequestSchema,
  WwwRagSiteSchema,
  WwwRagSubmitRequestSchema,
  WwwRagSubmitResultSchema,
  WwwRagThemeSchema,
} from '../../types/content-crawl.js';
import { userOf } from '../workspaces/public.js';
import { actorOf } from '../rag-targets/public.js';
import type { LocalSync } from './local-sync.js';
import { DirectoryQuerySchema, LocalSyncParamsSchema, ThemeQuerySchema } from './schema.js';
import type { WwwRag } from './www-rag.js';

const SYNC = 'divinci-ai/divinci-demo-pipeline-oss targets/local/src/sync.mjs (init, sendBatch, finalize), targets/local/src/cli.mjs (row shape)';
const syncAuth = { kind: 'workspace', level: 'write', param: 'whitelabelId', permission: 'rag:write', feature: 'rag' } as const;

export function syncRoutes(www: WwwRag, local: LocalSync): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/www-rag/submit-url',
      tag: 'www-rag',
      summary: 'Submit a page to the WWW RAG corpus: `{status: queued | already-fresh | denied, crawlId?, reason?}`; 423 while the host is being crawled, 429 past the per-minute pace',
      // OAuth only: an API key sent as Bearer answers 403, none at all 401 (www-rag.ts: "api-key/anon sessions are rejected").
      auth: { kind: 'bearer' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/www-rag.ts (postSubmit), orchestrator/src/wwwrag-backfill.ts (submit)',
      body: WwwRagSubmitRequestSchema,
      response: WwwRagSubmitResultSchema,
      handler: ({ principal, body }) => www.submit(userOf(principal), body.url),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/www-rag/theme',
      tag: 'www-rag',
      summary: 'A host’s brand theme, when registered: `{themed, theme}`',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/release.js (fetchTheme)',
      query: ThemeQuerySchema,
      response: WwwRagThemeSchema,
      handler: ({ query }) => www.theme(query.host),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/www-rag-directory',
      tag: 'www-rag',
      summary: 'The public directory of WWW RAG sites (no credentials): `{sites: [{host, vectorId, releaseId, pageCount, totalBytes}], total}`',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/index.js (slugToHost), orchestrator/src/wwwrag-backfill.ts',
      query: DirectoryQuerySchema,
      response: lazySchema(() => z.object({ sites: z.array(WwwRagSiteSchema), total: z.number().int() })),
      handler: ({ query }) => www.directory(query.limit),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/www-rag-webhook/register-sites',
      tag: 'www-rag',
      summary: 'Register or remove directory sites; signed `x-divinci-signature: sha256=<hex HMAC-SHA256 of the JSON body>` (a bad signature is a bare 401)',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/release.js (registerSite), targets/cloudflare/src/withdraw.js (removeFromDirectory)',
      bodyDoc: { schema: RegisterSitesRequestSchema, mediaTypes: ['application/json'], required: true },
      response: lazySchema(() => z.object({ ok: z.literal(true), registered: z.number().int(), removed: z.number().int(), sites: z.array(WwwRagSiteSchema) })),
      handler: async ({ request }) => {
        const raw = await request.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parsed = undefined;
        }
        // The signature comes first: an unsigned caller learns nothing about the body's shape.
        if (!www.verify(request.headers.get('x-divinci-signature'), raw, parsed)) return new Response('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain' } });
        if (parsed === undefined) throw validationError('Body is not valid JSON', [{ path: 'body', message: 'Expected a JSON object' }]);
        const checked = RegisterSitesRequestSchema.safeParse(parsed);
        if (!checked.success) throw validationError('Invalid body', zodIssues(checked.error).map((i) => ({ ...i, path: i.path ? `body.${i.path}` : 'body' })));
        return www.register(checked.data);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/local-sync/:whitelabelId/init',
      tag: 'local-sync',
      summary: 'Start (or resume) a local sync of a host: `{host}` → `{vectorId}` (the same vector on every run)',
      auth: syncAuth,
      realClient: SYNC,
      params: LocalSyncParamsSchema,
      body: LocalSyncInitSchema,
      response: lazySchema(() => z.object({ vectorId: z.string(), host: z.string(), created: z.boolean() })),
      handler: ({ principal, body }) => {
        if (principal.kind === 'apiKey') throw forbidden('local-sync takes a user’s OAuth Bearer token, not an API key');
        return local.init(workspaceOf(principal), body.host);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/local-sync/:whitelabelId/batch',
      tag: 'local-sync',
      summary: 'Upsert up to 100 chunk rows `{contentHash, url, text, embedding}` keyed by content hash (a re-sent row changes nothing)',
      auth: syncAuth,
      realClient: SYNC,
      params: LocalSyncParamsSchema,
      body: LocalSyncBatchSchema,
      response: lazySchema(() => z.object({ vectorId: z.string(), received: z.number().int(), upserted: z.number().int(), unchanged: z.number().int() })),
      handler: ({ principal, body }) => {
        if (principal.kind === 'apiKey') throw forbidden('local-sync takes a user’s OAuth Bearer token, not an API key');
        return local.batch(workspaceOf(principal), body, actorOf(principal));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/local-sync/:whitelabelId/finalize',
      tag: 'local-sync',
      summary: 'Stamp the pushed total: `{vectorId, totalChunks}`',
      auth: syncAuth,
      realClient: SYNC,
      params: LocalSyncParamsSchema,
      body: LocalSyncFinalizeSchema,
      response: lazySchema(() => z.object({ vectorId: z.string(), totalChunks: z.number().int(), storedChunks: z.number().int(), finalized: z.literal(true) })),
      handler: ({ principal, body }) => {
        if (principal.kind === 'apiKey') throw forbidden('local-sync takes a user’s OAuth Bearer token, not an API key');
        return local.finalize(workspaceOf(principal), body);
      },
    }),
  ];
}
