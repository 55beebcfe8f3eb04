// Content beyond uploads (issue #16): crawls and their items, html-page records, docs sources,
// www-rag submissions, directory and webhook, and local-sync batches. Shapes the real clients show
// follow them (REAL-WIRE section 8); the rest is emulator-defined.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Url = lazySchema(() => z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Expected an absolute http(s) URL'));
const Host = lazySchema(() => z
  .string().check(z.minLength(1), z.maxLength(253), z.regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Expected a host name (optionally with :port)')));
const PathPrefixes = lazySchema(() => z.array(z.string().check(z.minLength(1), z.maxLength(500))).max(50));

/** `rag crawl <url>` (`--vector` comma list, `--multi`, `--sitemap`, `--limit`, `--force-refresh`, `--ignore-saved`, `--scraper`). */
export const CrawlRequestSchema = lazySchema(() => z
  .strictObject({
    url: Url,
    /** The vectors (RAG targets) the pages go to: ids, or one comma-separated string as the CLI's `--vector` takes. */
    vectorIds: z.union([z.array(Id).min(1).max(20), z.string().check(z.minLength(1), z.maxLength(4000))]).optional(),
    /** One vector: the same as `vectorIds: [vectorId]`. */
    vectorId: Id.optional(),
    /** Follow same-host links (breadth first) up to `limit` pages. */
    multi: z.boolean().optional(),
    /** Read `sitemap.xml` at the host root (and the sitemaps it indexes) for the pages to fetch. */
    sitemap: z.boolean().optional(),
    /** Page budget of the crawl (default 1 without multi/sitemap, else 50). */
    limit: z.number().check(z.int(), z.gte(1), z.lte(1000)).optional(),
    /** Re-index pages even when their text has not changed. */
    forceRefresh: z.boolean().optional(),
    /** Skip, without fetching, pages already stored for the host. */
    ignoreSaved: z.boolean().optional(),
    /** Scraper name (recorded; the emulator always fetches plain HTML). */
    scraper: z.string().check(z.minLength(1), z.maxLength(100)).optional(),
    includePaths: PathPrefixes.optional(),
    excludePaths: PathPrefixes.optional(),
  }));
export type CrawlRequest = z.infer<typeof CrawlRequestSchema>;

export const CrawlStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'completed']));
export type CrawlStatus = z.infer<typeof CrawlStatusSchema>;

export const CrawlItemStatusSchema = lazySchema(() => z.enum(['queued', 'indexed', 'skipped', 'failed']));
export type CrawlItemStatus = z.infer<typeof CrawlItemStatusSchema>;

export const CrawlCountsSchema = lazySchema(() => z.object({
  total: z.number().int(),
  queued: z.number().int(),
  indexed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
}));
export type CrawlCounts = z.infer<typeof CrawlCountsSchema>;

/** A crawl: a clock job that fetches its items one by one. */
export const CrawlSchema = lazySchema(() => z.object({
  _id: z.string(),
  url: z.string(),
  host: z.string(),
  source: z.enum(['rag-crawl', 'docs', 'www-rag', 'rescrape']),
  status: CrawlStatusSchema,
  vectorIds: z.array(z.string()),
  options: z.object({
    multi: z.boolean(),
    sitemap: z.boolean(),
    limit: z.number().int(),
    forceRefresh: z.boolean(),
    ignoreSaved: z.boolean(),
    scraper: z.string().optional(),
    includePaths: z.array(z.string()).optional(),
    excludePaths: z.array(z.string()).optional(),
  }),
  counts: CrawlCountsSchema,
  /** Paths of the pages indexed or found unchanged (the real crawl history's field). */
  scrapedPaths: z.array(z.string()),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
}));
export type Crawl = z.infer<typeof CrawlSchema>;

export const CrawlItemSchema = lazySchema(() => z.object({
  _id: z.string(),
  crawlId: z.string(),
  url: z.string(),
  status: CrawlItemStatusSchema,
  /** Why an item was skipped (`unchanged`, `saved`) or failed (a clear error). */
  reason: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  pageId: z.string().nullable(),
  fileIds: z.array(z.string()),
  updatedAt: z.string(),
}));
export type CrawlItem = z.infer<typeof CrawlItemSchema>;

/** A stored web page: the last good fetch of a URL and the files it was indexed as. */
export const HtmlPageSchema = lazySchema(() => z.object({
  _id: z.string(),
  url: z.string(),
  host: z.string(),
  path: z.string(),
  title: z.string(),
  contentHash: z.string(),
  status: z.enum(['indexed', 'failed']),
  error: z.string().nullable(),
  bytes: z.number().int(),
  fetchedAt: z.string(),
  vectorIds: z.array(z.string()),
  fileId: z.string().nullable(),
  fileIds: z.array(z.string()),
  crawlId: z.string().nullable(),
}));
export type HtmlPage = z.infer<typeof HtmlPageSchema>;

/** `docs add <url> (--name)`. */
export const DocsAddRequestSchema = lazySchema(() => z
  .strictObject({ url: Url, name: z.string().check(z.minLength(1), z.maxLength(200)).optional(), vectorId: Id.optional(), limit: z.number().check(z.int(), z.gte(1), z.lte(1000)).optional() }));
export type DocsAddRequest = z.infer<typeof DocsAddRequestSchema>;

/** `docs sync (--vector, --base-url)`: re-crawls the docs sources (unchanged pages are skipped). */
export const DocsSyncRequestSchema = lazySchema(() => z
  .strictObject({ vectorId: Id.optional(), vector: Id.optional(), baseUrl: Url.optional(), forceRefresh: z.boolean().optional() }));
export type DocsSyncRequest = z.infer<typeof DocsSyncRequestSchema>;

export const DocSourceSchema = lazySchema(() => z.object({
  _id: z.string(),
  url: z.string(),
  name: z.string(),
  vectorId: z.string(),
  lastCrawlId: z.string().nullable(),
  createdAt: z.string(),
}));
export type DocSource = z.infer<typeof DocSourceSchema>;

/** `POST …/rag-vector/html-page/bulk-rescrape` (demo-pipeline furniture-backfill.ts). */
export const BulkRescrapeRequestSchema = lazySchema(() => z
  .strictObject({
    urls: z.array(Url).min(1).max(2000),
    ragVectorIds: z.array(Id).min(1).max(20).optional(),
    forceRescrape: z.boolean().optional(),
    scraperTool: z.string().check(z.minLength(1), z.maxLength(100)).optional(),
  }));
export type BulkRescrapeRequest = z.infer<typeof BulkRescrapeRequestSchema>;

/** `POST /api/v1/www-rag/submit-url` (demo-pipeline orchestrator/src/www-rag.ts). */
export const WwwRagSubmitRequestSchema = lazySchema(() => z.strictObject({ url: Url, reason: z.string().max(500).optional() }));
export type WwwRagSubmitRequest = z.infer<typeof WwwRagSubmitRequestSchema>;

export const WwwRagSubmitResultSchema = lazySchema(() => z.object({
  url: z.string(),
  accepted: z.boolean(),
  status: z.enum(['queued', 'already-fresh', 'denied']),
  crawlId: z.string().optional(),
  reason: z.string().optional(),
}));
export type WwwRagSubmitResult = z.infer<typeof WwwRagSubmitResultSchema>;

export const WwwRagSiteSchema = lazySchema(() => z.object({
  host: z.string(),
  vectorId: z.string().nullable(),
  releaseId: z.string().nullable(),
  pageCount: z.number().int(),
  totalBytes: z.number().int(),
  themed: z.boolean(),
  updatedAt: z.string(),
}));
export type WwwRagSite = z.infer<typeof WwwRagSiteSchema>;

export const WwwRagThemeSchema = lazySchema(() => z.object({ themed: z.boolean(), theme: z.record(z.string(), z.unknown()).nullable(), host: z.string() }));
export type WwwRagTheme = z.infer<typeof WwwRagThemeSchema>;

/** `register-sites` webhook body (demo-pipeline targets/cloudflare/src/release.js, withdraw.js). */
export const RegisterSitesRequestSchema = lazySchema(() => z
  .strictObject({
    sites: z
      .array(
        z.union([
          z.strictObject({ host: Host, remove: z.literal(true) }),
          z
            .strictObject({
              host: Host,
              vectorId: Id.optional(),
              releaseId: Id.optional(),
              pageCount: z.number().check(z.int(), z.gte(0)).optional(),
              totalBytes: z.number().check(z.int(), z.gte(0)).optional(),
              theme: z.record(z.string(), z.unknown()).optional(),
            }),
        ]),
      )
      .min(1)
      .max(500),
  }));
export type RegisterSitesRequest = z.infer<typeof RegisterSitesRequestSchema>;

/** `local-sync` (demo-pipeline targets/local/src/sync.mjs): init `{host}` → `{vectorId}`. */
export const LocalSyncInitSchema = lazySchema(() => z.strictObject({ host: Host }));
export type LocalSyncInit = z.infer<typeof LocalSyncInitSchema>;

/** One row the local tool sends: a chunk keyed by the SHA-256 hex of its text (`cli.mjs`). */
export const LocalSyncRowSchema = lazySchema(() => z
  .strictObject({
    contentHash: z.string().regex(/^[a-f0-9]{64}$/, 'Expected the lowercase hex SHA-256 of the text'),
    url: z.string().max(2048).optional(),
    text: z.string().check(z.minLength(1), z.maxLength(100_000)),
    embedding: z.array(z.number()).max(8192).optional(),
    category: z.string().max(200).optional(),
  }));
export type LocalSyncRow = z.infer<typeof LocalSyncRowSchema>;

export const LocalSyncBatchSchema = lazySchema(() => z.strictObject({ vectorId: Id, rows: z.array(LocalSyncRowSchema).min(1).max(100) }));
export type LocalSyncBatch = z.infer<typeof LocalSyncBatchSchema>;

export const LocalSyncFinalizeSchema = lazySchema(() => z.strictObject({ vectorId: Id, totalChunks: z.number().check(z.int(), z.gte(0), z.lte(10_000_000)) }));
export type LocalSyncFinalize = z.infer<typeof LocalSyncFinalizeSchema>;
