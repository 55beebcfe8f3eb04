// Crawls, their items and the stored pages of a workspace: rows in, records out. The crawl engine
// (engine.ts) decides what happens; this file only keeps it.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { Crawl, CrawlItem, CrawlItemStatus, CrawlStatus, HtmlPage } from '../../types/content-crawl.js';

export type CrawlSource = Crawl['source'];
export type CrawlOptions = Crawl['options'];

export interface CrawlRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  url: string;
  host: string;
  source: string;
  status: string;
  vector_ids: string;
  options: string;
  actor: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface ItemRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  crawl_id: string;
  url: string;
  status: string;
  reason: string | null;
  http_status: number | null;
  page_id: string | null;
  file_ids: string;
  updated_at: number;
}

export interface PageRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  url: string;
  host: string;
  path: string;
  title: string;
  content_hash: string;
  status: string;
  error: string | null;
  bytes: number;
  fetched_at: number;
  vector_ids: string;
  file_ids: string;
  crawl_id: string | null;
}

export interface NewCrawl {
  workspaceId: string;
  url: string;
  source: CrawlSource;
  vectorIds: string[];
  options: CrawlOptions;
  actor: { type: string; id: string | null };
}

const nextSeq = async (deps: StoreDeps, table: string) =>
  Number((await deps.storage.get<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${table}`))?.seq ?? 1);

/** The host of a URL as the records name it (`example.com`, `127.0.0.1:8080`). */
export const hostOf = (url: string): string => new URL(url).host.toLowerCase();

export function pageOut(row: PageRow): HtmlPage {
  const fileIds = parseJson<string[]>(row.file_ids, []);
  return {
    _id: row.id,
    url: row.url,
    host: row.host,
    path: row.path,
    title: row.title,
    contentHash: row.content_hash,
    status: row.status as HtmlPage['status'],
    error: row.error,
    bytes: Number(row.bytes),
    fetchedAt: toIso(Number(row.fetched_at)),
    vectorIds: parseJson<string[]>(row.vector_ids, []),
    fileId: fileIds[0] ?? null,
    fileIds,
    crawlId: row.crawl_id,
  };
}

export function itemOut(row: ItemRow): CrawlItem {
  return {
    _id: row.id,
    crawlId: row.crawl_id,
    url: row.url,
    status: row.status as CrawlItemStatus,
    reason: row.reason,
    httpStatus: row.http_status === null ? null : Number(row.http_status),
    pageId: row.page_id,
    fileIds: parseJson<string[]>(row.file_ids, []),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export class CrawlStore {
  constructor(private readonly deps: StoreDeps) {}

  async create(input: NewCrawl): Promise<CrawlRow> {
    const id = this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO crawls (id, seq, workspace_id, url, host, source, status, vector_ids, options, actor, created_at, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, NULL, NULL)`,
      [id, await nextSeq(this.deps, 'crawls'), input.workspaceId, input.url, hostOf(input.url), input.source, JSON.stringify(input.vectorIds), JSON.stringify(input.options), JSON.stringify(input.actor), this.deps.clock.now()],
    );
    return (await this.crawlById(id)) as CrawlRow;
  }

  crawlById(id: string): Promise<CrawlRow | undefined> {
    return this.deps.storage.get<CrawlRow>('SELECT * FROM crawls WHERE id = ?', [id]);
  }

  crawl(workspaceId: string, id: string): Promise<CrawlRow | undefined> {
    return this.deps.storage.get<CrawlRow>('SELECT * FROM crawls WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  crawls(workspaceId: string, host?: string): Promise<CrawlRow[]> {
    return host === undefined
      ? this.deps.storage.all<CrawlRow>('SELECT * FROM crawls WHERE workspace_id = ? ORDER BY seq', [workspaceId])
      : this.deps.storage.all<CrawlRow>('SELECT * FROM crawls WHERE workspace_id = ? AND host = ? ORDER BY seq', [workspaceId, host]);
  }

  async setCrawlStatus(id: string, status: CrawlStatus): Promise<void> {
    const now = this.deps.clock.now();
    if (status === 'running') await this.deps.storage.run('UPDATE crawls SET status = ?, started_at = COALESCE(started_at, ?) WHERE id = ?', [status, now, id]);
    else if (status === 'completed') await this.deps.storage.run('UPDATE crawls SET status = ?, finished_at = ? WHERE id = ?', [status, now, id]);
    else await this.deps.storage.run('UPDATE crawls SET status = ? WHERE id = ?', [status, id]);
  }

  async record(row: CrawlRow): Promise<Crawl> {
    const items = await this.items(row.id);
    const counts = { total: items.length, queued: 0, indexed: 0, skipped: 0, failed: 0 };
    for (const item of items) counts[item.status as CrawlItemStatus]++;
    const scrapedPaths = items
      .filter((i) => i.status === 'indexed' || (i.status === 'skipped' && i.reason === 'unchanged'))
      .map((i) => {
        const url = new URL(i.url);
        return url.pathname + url.search;
      });
    return {
      _id: row.id,
      url: row.url,
      host: row.host,
      source: row.source as CrawlSource,
      status: row.status as CrawlStatus,
      vectorIds: parseJson<string[]>(row.vector_ids, []),
      options: parseJson<CrawlOptions>(row.options, { multi: false, sitemap: false, limit: 1, forceRefresh: false, ignoreSaved: false }),
      counts,
      scrapedPaths,
      createdAt: toIso(Number(row.created_at)),
      startedAt: row.started_at === null ? null : toIso(Number(row.started_at)),
      finishedAt: row.finished_at === null ? null : toIso(Number(row.finished_at)),
    };
  }

  items(crawlId: string): Promise<ItemRow[]> {
    return this.deps.storage.all<ItemRow>('SELECT * FROM crawl_items WHERE crawl_id = ? ORDER BY seq', [crawlId]);
  }

  nextQueued(crawlId: string): Promise<ItemRow | undefined> {
    return this.deps.storage.get<ItemRow>("SELECT * FROM crawl_items WHERE crawl_id = ? AND status = 'queued' ORDER BY seq LIMIT 1", [crawlId]);
  }

  /** Adds the URLs not yet in the crawl, up to `limit` items in all; answers how many it added. */
  async enqueue(crawl: CrawlRow, urls: string[], limit: number): Promise<number> {
    const known = new Set((await this.items(crawl.id)).map((i) => i.url));
    let added = 0;
    for (const url of urls) {
      if (known.size >= limit) break;
      if (known.has(url)) continue;
      known.add(url);
      await this.deps.storage.run(
        `INSERT INTO crawl_items (id, seq, workspace_id, crawl_id, url, status, reason, http_status, page_id, file_ids, updated_at)
         VALUES (?, ?, ?, ?, ?, 'queued', NULL, NULL, NULL, '[]', ?)`,
        [this.deps.ids.objectId(), await nextSeq(this.deps, 'crawl_items'), crawl.workspace_id, crawl.id, url, this.deps.clock.now()],
      );
      added++;
    }
    return added;
  }

  async settle(itemId: string, outcome: { status: CrawlItemStatus; reason?: string | null; httpStatus?: number | null; pageId?: string | null; fileIds?: string[] }): Promise<void> {
    await this.deps.storage.run('UPDATE crawl_items SET status = ?, reason = ?, http_status = ?, page_id = ?, file_ids = ?, updated_at = ? WHERE id = ?', [
      outcome.status,
      outcome.reason ?? null,
      outcome.httpStatus ?? null,
      outcome.pageId ?? null,
      JSON.stringify(outcome.fileIds ?? []),
      this.deps.clock.now(),
      itemId,
    ]);
  }

  // ---- pages

  page(workspaceId: string, id: string): Promise<PageRow | undefined> {
    return this.deps.storage.get<PageRow>('SELECT * FROM html_pages WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  pageByUrl(workspaceId: string, url: string): Promise<PageRow | undefined> {
    return this.deps.storage.get<PageRow>('SELECT * FROM html_pages WHERE workspace_id = ? AND url = ?', [workspaceId, url]);
  }

  pages(workspaceId: string, host?: string): Promise<PageRow[]> {
    return host === undefined
      ? this.deps.storage.all<PageRow>('SELECT * FROM html_pages WHERE workspace_id = ? ORDER BY seq', [workspaceId])
      : this.deps.storage.all<PageRow>('SELECT * FROM html_pages WHERE workspace_id = ? AND host = ? ORDER BY seq', [workspaceId, host]);
  }

  /** Writes the page's latest good fetch (insert or replace by URL); answers its id. */
  async savePage(workspaceId: string, page: { url: string; title: string; contentHash: string; bytes: number; vectorIds: string[]; fileIds: string[]; crawlId: string }): Promise<string> {
    const now = this.deps.clock.now();
    const url = new URL(page.url);
    const existing = await this.pageByUrl(workspaceId, page.url);
    if (existing) {
      await this.deps.storage.run(
        "UPDATE html_pages SET title = ?, content_hash = ?, status = 'indexed', error = NULL, bytes = ?, fetched_at = ?, vector_ids = ?, file_ids = ?, crawl_id = ? WHERE id = ?",
        [page.title, page.contentHash, page.bytes, now, JSON.stringify(page.vectorIds), JSON.stringify(page.fileIds), page.crawlId, existing.id],
      );
      return existing.id;
    }
    const id = this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO html_pages (id, seq, workspace_id, url, host, path, title, content_hash, status, error, bytes, fetched_at, vector_ids, file_ids, crawl_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'indexed', NULL, ?, ?, ?, ?, ?)`,
      [id, await nextSeq(this.deps, 'html_pages'), workspaceId, page.url, url.host.toLowerCase(), url.pathname + url.search, page.title, page.contentHash, page.bytes, now, JSON.stringify(page.vectorIds), JSON.stringify(page.fileIds), page.crawlId],
    );
    return id;
  }

  async touchPage(id: string, crawlId: string): Promise<void> {
    await this.deps.storage.run('UPDATE html_pages SET fetched_at = ?, crawl_id = ? WHERE id = ?', [this.deps.clock.now(), crawlId, id]);
  }

  async deletePage(id: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM html_pages WHERE id = ?', [id]);
  }
}
