// Starting crawls: resolves a request's vectors (ids, a comma list, else the workspace's first
// vector, else a new one named after the host), records the crawl and schedules its first step.
// Routes, docs sources, www-rag submissions and bulk rescrapes all start crawls here.
import { validationError } from '../../core/errors.js';
import type { CrawlRequest } from '../../types/content-crawl.js';
import type { RagFileServices } from '../rag-files/public.js';
import { targetNotFound, type Actor } from '../rag-targets/public.js';
import type { CrawlEngine } from './engine.js';
import { hostOf, type CrawlOptions, type CrawlRow, type CrawlSource, type CrawlStore } from './store.js';

/** Pages a multi-page crawl takes when no limit is given. */
export const DEFAULT_MULTI_LIMIT = 50;

export class Crawler {
  constructor(
    readonly store: CrawlStore,
    readonly engine: CrawlEngine,
    private readonly rag: () => RagFileServices,
  ) {}

  /** The vector ids a request names, checked against the workspace (404 for one it does not have). */
  async vectors(workspaceId: string, named: string[] | undefined, url: string): Promise<string[]> {
    const { targets } = this.rag();
    if (named && named.length > 0) {
      for (const id of named) if (!(await targets.row(workspaceId, id))) throw targetNotFound();
      return [...new Set(named)];
    }
    const first = (await targets.rows(workspaceId))[0];
    if (first) return [first.id];
    return [(await targets.create(workspaceId, { title: `Web: ${hostOf(url)}`, description: `Pages crawled from ${url}` })).id];
  }

  async start(workspaceId: string, request: CrawlRequest, source: CrawlSource, actor: Actor, urls: string[] = []): Promise<CrawlRow> {
    const named = typeof request.vectorIds === 'string' ? request.vectorIds.split(',').map((s) => s.trim()).filter(Boolean) : request.vectorIds;
    if (typeof request.vectorIds === 'string' && (!named || named.length === 0)) throw validationError('Invalid body', [{ path: 'body.vectorIds', message: 'Expected vector ids' }]);
    if (request.vectorId !== undefined && request.vectorIds !== undefined) throw validationError('Invalid body', [{ path: 'body.vectorIds', message: 'Send either vectorId or vectorIds' }]);
    const vectorIds = await this.vectors(workspaceId, request.vectorId !== undefined ? [request.vectorId] : named, request.url);
    const wide = request.multi === true || request.sitemap === true;
    const options: CrawlOptions = {
      multi: request.multi === true,
      sitemap: request.sitemap === true,
      limit: request.limit ?? (urls.length > 0 ? urls.length : wide ? DEFAULT_MULTI_LIMIT : 1),
      forceRefresh: request.forceRefresh === true,
      ignoreSaved: request.ignoreSaved === true,
      ...(request.scraper !== undefined && { scraper: request.scraper }),
      ...(request.includePaths !== undefined && { includePaths: request.includePaths }),
      ...(request.excludePaths !== undefined && { excludePaths: request.excludePaths }),
    };
    const crawl = await this.store.create({ workspaceId, url: request.url, source, vectorIds, options, actor });
    // A list of URLs (bulk rescrape) is known up front: its items are queued now.
    if (urls.length > 0) await this.store.enqueue(crawl, urls, urls.length);
    await this.engine.start(crawl);
    return crawl;
  }
}
