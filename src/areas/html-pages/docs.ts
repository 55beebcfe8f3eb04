// Docs sources (`docs add <url> --name`, `docs sync --vector --base-url`): a documentation site kept
// in a vector. Adding one crawls its section of the site (links under the URL's path); a sync
// crawls every source again, skipping unchanged pages.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import type { DocSource, DocsAddRequest, DocsSyncRequest } from '../../types/content-crawl.js';
import type { Actor } from '../rag-targets/public.js';
import { DEFAULT_MULTI_LIMIT, type Crawler } from './crawls.js';
import { hostOf } from './store.js';

interface SourceRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  url: string;
  name: string;
  target_id: string;
  limit_pages: number;
  last_crawl_id: string | null;
  created_at: number;
}

const out = (row: SourceRow): DocSource => ({
  _id: row.id,
  url: row.url,
  name: row.name,
  vectorId: row.target_id,
  lastCrawlId: row.last_crawl_id,
  createdAt: toIso(Number(row.created_at)),
});

/** The section of the site a docs URL names: its path up to the last `/`. */
const section = (url: string): string => {
  const path = new URL(url).pathname;
  return path.slice(0, path.lastIndexOf('/') + 1) || '/';
};

export class DocSources {
  constructor(
    private readonly deps: StoreDeps,
    private readonly crawler: Crawler,
  ) {}

  list(workspaceId: string): Promise<DocSource[]> {
    return this.deps.storage.all<SourceRow>('SELECT * FROM doc_sources WHERE workspace_id = ? ORDER BY seq', [workspaceId]).then((rows) => rows.map(out));
  }

  private async crawl(row: SourceRow, actor: Actor, forceRefresh: boolean): Promise<string> {
    const crawl = await this.crawler.start(
      row.workspace_id,
      { url: row.url, vectorId: row.target_id, multi: true, limit: Number(row.limit_pages), forceRefresh, includePaths: [section(row.url)] },
      'docs',
      actor,
    );
    await this.deps.storage.run('UPDATE doc_sources SET last_crawl_id = ? WHERE id = ?', [crawl.id, row.id]);
    return crawl.id;
  }

  async add(workspaceId: string, input: DocsAddRequest, actor: Actor): Promise<DocSource & { crawlId: string }> {
    const [vectorId] = await this.crawler.vectors(workspaceId, input.vectorId === undefined ? undefined : [input.vectorId], input.url);
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM doc_sources');
    await this.deps.storage.run(
      'INSERT INTO doc_sources (id, seq, workspace_id, url, name, target_id, limit_pages, last_crawl_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)',
      [id, Number(next?.seq ?? 1), workspaceId, input.url, input.name ?? hostOf(input.url), vectorId as string, input.limit ?? DEFAULT_MULTI_LIMIT, this.deps.clock.now()],
    );
    const row = (await this.deps.storage.get<SourceRow>('SELECT * FROM doc_sources WHERE id = ?', [id])) as SourceRow;
    const crawlId = await this.crawl(row, actor, false);
    return { ...out({ ...row, last_crawl_id: crawlId }), crawlId };
  }

  /** Crawls again every source of the workspace (those of one vector, those under a base URL). */
  async sync(workspaceId: string, input: DocsSyncRequest, actor: Actor): Promise<{ synced: number; crawls: { docId: string; url: string; crawlId: string }[] }> {
    const vector = input.vectorId ?? input.vector;
    const rows = (await this.deps.storage.all<SourceRow>('SELECT * FROM doc_sources WHERE workspace_id = ? ORDER BY seq', [workspaceId])).filter(
      (row) => (vector === undefined || row.target_id === vector) && (input.baseUrl === undefined || row.url.startsWith(input.baseUrl)),
    );
    const crawls = [];
    for (const row of rows) crawls.push({ docId: row.id, url: row.url, crawlId: await this.crawl(row, actor, input.forceRefresh === true) });
    return { synced: crawls.length, crawls };
  }
}
