// The crawl engine: one clock job per step of a crawl. The first step finds the pages (the start
// URL, the host's sitemap and the sitemaps it indexes); each later step fetches one page through
// the world's outbound fetch, indexes it through the upload pipeline, and (with `multi`) queues
// the same-host links it holds. A page that cannot be had fails its item, never the crawl.
import type { JobHandlers } from '../../clock/scheduler.js';
import type { AreaContext } from '../../core/area.js';
import { parseJson } from '../../core/services.js';
import type { ChunkingTool } from '../../types/rag.js';
import { htmlText, saveUpload, type RagFileServices } from '../rag-files/public.js';
import type { Actor } from '../rag-targets/public.js';
import { sha256Hex } from '../../security/hash.js';
import type { CrawlOptions, CrawlRow, CrawlStore, ItemRow } from './store.js';

export const JOB_CRAWL_STEP = 'html-pages.crawl-step';
/** One request a second per crawl (the real crawl policy's pace), on the emulator clock. */
export const CRAWL_STEP_MS = 1000;
/** Pages larger than this fail their item (the emulator reads whole bodies). */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Child sitemaps read from one sitemap index. */
const MAX_CHILD_SITEMAPS = 20;
const USER_AGENT = 'service-emulator-crawler/1.0 (+https://github.com/service-emulator)';
const NOT_PAGES = /\.(png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|pdf|zip|gz|tar|mp3|mp4|wav|woff2?|ttf|xml)$/i;

export type CrawlFinished = (crawl: CrawlRow) => Promise<void>;

const reader = () => import('./page-reader.js');

/**
 * Reads an unwanted answer to its end: cancelling the stream of an answer MSW passed through
 * leaves it waiting for the request's timeout, and reading a short error page costs nothing.
 */
const discard = (res: Response) => res.arrayBuffer().then(
  () => undefined,
  () => undefined,
);

class PageFailure extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

export class CrawlEngine {
  private readonly finished: CrawlFinished[] = [];

  constructor(
    private readonly ctx: AreaContext,
    private readonly store: CrawlStore,
    private readonly rag: () => RagFileServices,
  ) {}

  /** Runs after a crawl completes (inside the step's transaction). */
  onFinished(listener: CrawlFinished): void {
    this.finished.push(listener);
  }

  jobs(): JobHandlers {
    return { [JOB_CRAWL_STEP]: (payload) => this.step(String(payload.crawlId)) };
  }

  /** Schedules the crawl's first step. */
  async start(crawl: CrawlRow): Promise<void> {
    await this.ctx.scheduler.schedule(JOB_CRAWL_STEP, { crawlId: crawl.id }, CRAWL_STEP_MS);
  }

  private async step(crawlId: string): Promise<void> {
    const crawl = await this.store.crawlById(crawlId);
    if (!crawl || crawl.status === 'completed') return;
    const options = parseJson<CrawlOptions>(crawl.options, { multi: false, sitemap: false, limit: 1, forceRefresh: false, ignoreSaved: false });
    if (crawl.status === 'queued') {
      await this.store.setCrawlStatus(crawl.id, 'running');
      await this.discover(crawl, options);
    } else {
      const item = await this.store.nextQueued(crawl.id);
      if (item) await this.visit(crawl, options, item);
    }
    if (await this.store.nextQueued(crawl.id)) {
      await this.ctx.scheduler.schedule(JOB_CRAWL_STEP, { crawlId: crawl.id }, CRAWL_STEP_MS);
      return;
    }
    await this.store.setCrawlStatus(crawl.id, 'completed');
    const done = (await this.store.crawlById(crawl.id)) as CrawlRow;
    const record = await this.store.record(done);
    for (const listener of this.finished) await listener(done);
    await this.ctx.events.emit({
      workspaceId: crawl.workspace_id,
      kind: 'crawl.finished',
      data: { crawlId: crawl.id, url: crawl.url, host: crawl.host, source: crawl.source, vectorIds: record.vectorIds, counts: record.counts },
      message: `Crawl of ${crawl.host} finished: ${record.counts.indexed} indexed, ${record.counts.skipped} skipped, ${record.counts.failed} failed`,
    });
  }

  /** Whether a URL belongs to the crawl: same host, a page (not an asset), within the path filters. */
  private wanted(crawl: CrawlRow, options: CrawlOptions, url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.host.toLowerCase() !== crawl.host) return false;
    if (NOT_PAGES.test(parsed.pathname)) return false;
    if (options.includePaths?.length && !options.includePaths.some((p) => parsed.pathname.startsWith(p))) return false;
    if (options.excludePaths?.some((p) => parsed.pathname.startsWith(p))) return false;
    return true;
  }

  /** The first step: the start URL, then (with `sitemap`) the host's sitemap entries, up to the limit. */
  private async discover(crawl: CrawlRow, options: CrawlOptions): Promise<void> {
    const start = new URL(crawl.url);
    const startIsSitemap = start.pathname.endsWith('.xml');
    const seeds: string[] = [];
    if (!startIsSitemap) seeds.push(crawl.url);
    if (options.sitemap || startIsSitemap) {
      const sitemapUrl = startIsSitemap ? crawl.url : `${start.origin}/sitemap.xml`;
      const found = await this.sitemapPages(sitemapUrl);
      seeds.push(...found.filter((u) => this.wanted(crawl, options, u)));
    }
    // The start URL is asked for whatever the filters say; the rest must pass them.
    await this.store.enqueue(crawl, seeds, options.limit);
  }

  /** Page URLs of a sitemap (following one level of sitemap index); none when it cannot be read. */
  private async sitemapPages(url: string): Promise<string[]> {
    const { readSitemap } = await reader();
    const read = async (at: string) => {
      try {
        const res = await this.ctx.outbound(at, { headers: { 'user-agent': USER_AGENT, accept: 'application/xml,text/xml' } });
        return res.ok ? readSitemap(await res.text()) : undefined;
      } catch {
        return undefined;
      }
    };
    const top = await read(url);
    if (!top) return [];
    if (!top.index) return top.locs;
    const pages: string[] = [];
    for (const child of top.locs.slice(0, MAX_CHILD_SITEMAPS)) pages.push(...((await read(child))?.locs ?? []));
    return pages;
  }

  private async fetchPage(url: string): Promise<{ html: string; finalUrl: string; status: number }> {
    let res: Response;
    try {
      res = await this.ctx.outbound(url, { headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml' }, redirect: 'follow', signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new PageFailure(`Unreachable: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
    }
    if (!res.ok) {
      await discard(res);
      throw new PageFailure(`HTTP ${res.status} fetching the page`, res.status);
    }
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (type && !type.includes('html')) {
      await discard(res);
      throw new PageFailure(`Not an HTML page (content-type ${type.split(';')[0]})`, res.status);
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_PAGE_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      throw new PageFailure(`Page too large (${declared} bytes; at most ${MAX_PAGE_BYTES})`, res.status);
    }
    const html = await res.text();
    if (html.length > MAX_PAGE_BYTES) throw new PageFailure(`Page too large (at most ${MAX_PAGE_BYTES} bytes)`, res.status);
    return { html, finalUrl: res.url || url, status: res.status };
  }

  private async visit(crawl: CrawlRow, options: CrawlOptions, item: ItemRow): Promise<void> {
    const existing = await this.store.pageByUrl(crawl.workspace_id, item.url);
    if (options.ignoreSaved && existing) {
      await this.store.settle(item.id, { status: 'skipped', reason: 'saved', pageId: existing.id, fileIds: parseJson<string[]>(existing.file_ids, []) });
      return;
    }
    try {
      const { html, finalUrl, status } = await this.fetchPage(item.url);
      const { outline } = await reader();
      const page = outline(html, finalUrl);
      if (options.multi) await this.store.enqueue(crawl, page.links.filter((u) => this.wanted(crawl, options, u)), options.limit);
      const text = await htmlText(html);
      if (!text.trim()) throw new PageFailure('The page has no text to index', status);
      await this.index(crawl, options, item, { html, title: page.title || item.url, hash: sha256Hex(text), status });
    } catch (err) {
      if (!(err instanceof PageFailure)) throw err;
      await this.store.settle(item.id, { status: 'failed', reason: err.message, httpStatus: err.httpStatus, pageId: existing?.id ?? null });
    }
  }

  private async index(crawl: CrawlRow, options: CrawlOptions, item: ItemRow, page: { html: string; title: string; hash: string; status: number }): Promise<void> {
    const rag = this.rag();
    const workspaceId = crawl.workspace_id;
    const targets = [];
    for (const id of parseJson<string[]>(crawl.vector_ids, [])) {
      const target = await rag.targets.row(workspaceId, id);
      if (target) targets.push(target); // a vector deleted mid-crawl is left out
    }
    if (targets.length === 0) throw new PageFailure('None of the crawl’s vectors exists any more', page.status);
    const existing = await this.store.pageByUrl(workspaceId, item.url);
    const had = existing ? parseJson<string[]>(existing.vector_ids, []) : [];
    if (existing && existing.content_hash === page.hash && !options.forceRefresh && targets.every((t) => had.includes(t.id))) {
      await this.store.touchPage(existing.id, crawl.id);
      await this.store.settle(item.id, { status: 'skipped', reason: 'unchanged', httpStatus: page.status, pageId: existing.id, fileIds: parseJson<string[]>(existing.file_ids, []) });
      return;
    }
    const actor = parseJson<Actor>(crawl.actor, { type: 'system', id: null });
    const ids = new Set(targets.map((t) => t.id));
    // The page's earlier files in these vectors are replaced; those in other vectors stay.
    const kept: string[] = [];
    const keptVectors: string[] = [];
    for (const fileId of existing ? parseJson<string[]>(existing.file_ids, []) : []) {
      const row = await rag.files.row(workspaceId, fileId);
      if (!row) continue;
      if (ids.has(row.target_id)) await rag.files.delete(row, actor);
      else {
        kept.push(fileId);
        keptVectors.push(row.target_id);
      }
    }
    const at = new Date(this.ctx.clock.now());
    const stamp = `${at.getUTCFullYear()}-${at.getUTCMonth() + 1}-${at.getUTCDate()}`;
    const bytes = new TextEncoder().encode(page.html);
    const url = new URL(item.url);
    const slug = `${url.host}${url.pathname}`.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-+$/, '') || 'page';
    const fileIds = [...kept];
    for (const target of targets) {
      const rows = await saveUpload(rag.files, rag.pipeline, {
        workspaceId,
        targets: [target],
        // The real service titles web-page documents `URL: <url> <date>` (demo-pipeline furniture-backfill.ts).
        title: `URL: ${item.url} ${stamp}`,
        description: page.title,
        chunkingTool: target.chunking_tool as ChunkingTool,
        options: {},
        incoming: { filename: `${slug.slice(0, 180)}.html`, contentType: 'text/html', bytes },
        sourceUrl: item.url,
        fileType: 'html',
        actor,
      });
      fileIds.push(...rows.map((r) => r.id));
    }
    const vectorIds = [...new Set([...keptVectors, ...targets.map((t) => t.id)])];
    const pageId = await this.store.savePage(workspaceId, { url: item.url, title: page.title, contentHash: page.hash, bytes: bytes.length, vectorIds, fileIds, crawlId: crawl.id });
    await this.store.settle(item.id, { status: 'indexed', httpStatus: page.status, pageId, fileIds });
  }
}
