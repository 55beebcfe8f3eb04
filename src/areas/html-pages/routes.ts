// The html-pages routes: `rag crawl` and its status and items, `docs add` / `docs sync`, the stored
// pages, and the workspace mount's crawl history and bulk rescrape (REAL-WIRE section 8).
import { forbidden, notFound } from '../../core/errors.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type Principal, type RouteAuth, type RouteDef } from '../../core/route.js';
import {
  BulkRescrapeRequestSchema,
  CrawlItemSchema,
  CrawlRequestSchema,
  CrawlSchema,
  DocSourceSchema,
  DocsAddRequestSchema,
  DocsSyncRequestSchema,
  HtmlPageSchema,
} from '../../types/content-crawl.js';
import type { RagFileServices } from '../rag-files/public.js';
import { actorOf } from '../rag-targets/public.js';
import { paginate, pageSchema, PageQuerySchema } from '../workspaces/public.js';
import type { Crawler } from './crawls.js';
import type { DocSources } from './docs.js';
import { CrawlParamsSchema, MountHostParamsSchema, MountParamsSchema, PageListQuerySchema, PageParamsSchema } from './schema.js';
import { itemOut, pageOut } from './store.js';
import { z } from 'zod';

const TAG = 'html-pages';
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'rag:read', feature: 'rag' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'rag:write', feature: 'rag' };
const crawlNotFound = () => notFound('Crawl');
const pageNotFound = () => notFound('HTML page');

/** The workspace mount is for signed-in members; API keys are refused there (REAL-WIRE.md section 8). */
function memberOnly(principal: Principal): void {
  if (principal.kind === 'apiKey') throw forbidden('The /white-label workspace mount takes a user’s Bearer token, not an API key');
}

export function htmlPageRoutes(crawler: Crawler, docs: DocSources, rag: () => RagFileServices): RouteDef[] {
  const { store } = crawler;
  const pageOf = async (workspaceId: string, id: string) => {
    const page = await store.page(workspaceId, id);
    if (!page) throw pageNotFound();
    return page;
  };
  const crawlOf = async (principal: Principal, id: string) => (await store.crawl(workspaceOf(principal), id)) ?? Promise.reject(crawlNotFound());
  const common = { tag: TAG, emulatorDefined: true } as const;
  return [
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/rag/crawl',
      summary: 'Crawl a URL into vectors (`rag crawl`): `multi` follows same-host links, `sitemap` reads the host’s sitemap.xml, up to `limit` pages; answers the queued crawl (202)',
      auth: write,
      body: CrawlRequestSchema,
      response: CrawlSchema,
      status: 202,
      handler: async ({ principal, body }) => store.record(await crawler.start(workspaceOf(principal), body, 'rag-crawl', actorOf(principal))),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/crawls',
      summary: 'The workspace’s crawls, oldest first',
      auth: read,
      query: PageQuerySchema,
      response: lazySchema(() => pageSchema(CrawlSchema)),
      handler: async ({ principal, query }) => {
        const rows = await store.crawls(workspaceOf(principal));
        return paginate(await Promise.all(rows.map((row) => store.record(row))), query);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/crawls/:crawlId',
      summary: 'One crawl: its status and item counts',
      auth: read,
      params: CrawlParamsSchema,
      response: CrawlSchema,
      handler: async ({ principal, params }) => store.record(await crawlOf(principal, params.crawlId)),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/crawls/:crawlId/items',
      summary: 'The pages of a crawl and how each went (queued, indexed, skipped with its reason, failed with its error)',
      auth: read,
      params: CrawlParamsSchema,
      query: lazySchema(() => PageQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(1000).default(100) })),
      response: lazySchema(() => pageSchema(CrawlItemSchema)),
      handler: async ({ principal, params, query }) => paginate((await store.items((await crawlOf(principal, params.crawlId)).id)).map(itemOut), query),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/docs',
      summary: 'The workspace’s docs sources',
      auth: read,
      response: lazySchema(() => z.object({ data: z.array(DocSourceSchema) })),
      handler: async ({ principal }) => ({ data: await docs.list(workspaceOf(principal)) }),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/docs',
      summary: 'Add a docs source (`docs add <url> --name`) and crawl its section of the site (202)',
      auth: write,
      body: DocsAddRequestSchema,
      response: lazySchema(() => DocSourceSchema.extend({ crawlId: z.string() })),
      status: 202,
      handler: async ({ principal, body }) => docs.add(workspaceOf(principal), body, actorOf(principal)),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/docs/sync',
      summary: 'Crawl the docs sources again (`docs sync --vector --base-url`); unchanged pages are skipped (202)',
      auth: write,
      body: DocsSyncRequestSchema,
      bodyOptional: true,
      response: lazySchema(() => z.object({ synced: z.number().int(), crawls: z.array(z.object({ docId: z.string(), url: z.string(), crawlId: z.string() })) })),
      status: 202,
      handler: async ({ principal, body }) => docs.sync(workspaceOf(principal), body, actorOf(principal)),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/html-pages',
      summary: 'Stored web pages, oldest first (`?host=` narrows to one host)',
      auth: read,
      query: PageListQuerySchema,
      response: lazySchema(() => pageSchema(HtmlPageSchema)),
      handler: async ({ principal, query }) => paginate((await store.pages(workspaceOf(principal), query.host?.toLowerCase())).map(pageOut), query),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/rag/html-pages/:pageId',
      summary: 'One stored web page',
      auth: read,
      params: PageParamsSchema,
      response: HtmlPageSchema,
      handler: async ({ principal, params }) => pageOut(await pageOf(workspaceOf(principal), params.pageId)),
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/rag/html-pages/:pageId',
      summary: 'Delete a stored web page and the RAG files it was indexed as',
      auth: write,
      params: PageParamsSchema,
      response: lazySchema(() => z.object({ _id: z.string(), deleted: z.literal(true), deletedFileIds: z.array(z.string()) })),
      handler: async ({ principal, params }) => {
        const workspaceId = workspaceOf(principal);
        const page = await pageOf(workspaceId, params.pageId);
        const { files } = rag();
        const deleted: string[] = [];
        for (const fileId of pageOut(page).fileIds) {
          const row = await files.row(workspaceId, fileId);
          if (!row) continue;
          await files.delete(row, actorOf(principal));
          deleted.push(fileId);
        }
        await store.deletePage(page.id);
        return { _id: page.id, deleted: true as const, deletedFileIds: deleted };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/white-label/:workspaceId/rag-vector/html-page/hosts/:host',
      tag: TAG,
      summary: 'A host’s crawl history on the workspace mount: `{host, crawls: [{scrapedPaths, …}], pages}`',
      auth: { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'rag:read', feature: 'rag' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/run.ts (crawledUrlsForHost fallback)',
      params: MountHostParamsSchema,
      response: lazySchema(() => z.object({ host: z.string(), crawls: z.array(CrawlSchema), pages: z.array(HtmlPageSchema) })),
      handler: async ({ principal, params }) => {
        memberOnly(principal);
        const workspaceId = workspaceOf(principal);
        const host = params.host.toLowerCase();
        const crawls = await Promise.all((await store.crawls(workspaceId, host)).map((row) => store.record(row)));
        return { host, crawls, pages: (await store.pages(workspaceId, host)).map(pageOut) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/rag-vector/html-page/bulk-rescrape',
      tag: TAG,
      summary: 'Fetch and index the given URLs again (`forceRescrape` re-indexes unchanged pages): `{success, status: "started", crawlId}`',
      auth: { kind: 'workspace', level: 'write', param: 'workspaceId', permission: 'rag:write', feature: 'rag' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/furniture-backfill.ts (rescrapeRequest, rescrapePath)',
      params: MountParamsSchema,
      body: BulkRescrapeRequestSchema,
      response: lazySchema(() => z.object({ success: z.boolean(), status: z.literal('started'), crawlId: z.string(), urls: z.number().int() })),
      handler: async ({ principal, body }) => {
        memberOnly(principal);
        const urls = [...new Set(body.urls)];
        const crawl = await crawler.start(
          workspaceOf(principal),
          { url: urls[0] as string, ...(body.ragVectorIds !== undefined && { vectorIds: body.ragVectorIds }), forceRefresh: body.forceRescrape === true, ...(body.scraperTool !== undefined && { scraper: body.scraperTool }) },
          'rescrape',
          actorOf(principal),
          urls,
        );
        return { success: true, status: 'started' as const, crawlId: crawl.id, urls: urls.length };
      },
    }),
  ];
}
