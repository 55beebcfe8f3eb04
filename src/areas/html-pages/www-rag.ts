// www-rag (REAL-WIRE section 8): URL submissions into the WWW RAG corpus (a crawl of the URL into
// the host's vector), the per-host lock while it runs, the site registry the signed webhook writes,
// and the public directory and theme read from it.
import type { AreaContext } from '../../core/area.js';
import { EmulatorError } from '../../core/errors.js';
import { MINUTE_MS, rateLimitedError } from '../../core/rate-limiter.js';
import { toIso, parseJson } from '../../core/services.js';
import type { RegisterSitesRequest, WwwRagSite, WwwRagSubmitResult, WwwRagTheme } from '../../types/content-crawl.js';
import type { RagFileServices } from '../rag-files/public.js';
import type { Crawler } from './crawls.js';
import { hmacSha256Hex, sameText } from '../../security/hash.js';
import { defaultWwwRagSecret } from './settings.js';
import { hostOf, type CrawlRow } from './store.js';

interface SiteRow {
  [column: string]: string | number | null;
  host: string;
  workspace_id: string | null;
  vector_id: string | null;
  release_id: string | null;
  page_count: number;
  total_bytes: number;
  theme: string | null;
  lock_crawl_id: string | null;
  removed: number;
  updated_at: number;
}

const siteOut = (row: SiteRow): WwwRagSite => ({
  host: row.host,
  vectorId: row.vector_id,
  releaseId: row.release_id,
  pageCount: Number(row.page_count),
  totalBytes: Number(row.total_bytes),
  themed: row.theme !== null,
  updatedAt: toIso(Number(row.updated_at)),
});

/** The registry's key for a host: lower case, without `www.` (the directory's own normal form). */
export const siteKey = (host: string): string => host.toLowerCase().replace(/^www\./, '');

export class WwwRag {
  constructor(
    private readonly ctx: AreaContext,
    private readonly crawler: Crawler,
    private readonly rag: () => RagFileServices,
  ) {}

  private settings() {
    return this.ctx.settings().wwwRag;
  }

  secret(): string {
    return this.settings().webhookSecret ?? defaultWwwRagSecret(this.ctx.seed());
  }

  private site(host: string): Promise<SiteRow | undefined> {
    return this.ctx.storage.get<SiteRow>('SELECT * FROM www_rag_sites WHERE host = ?', [siteKey(host)]);
  }

  private async upsert(host: string, patch: Partial<Omit<SiteRow, 'host'>>): Promise<void> {
    const key = siteKey(host);
    const now = this.ctx.clock.now();
    if (!(await this.site(key))) {
      const next = await this.ctx.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM www_rag_sites');
      await this.ctx.storage.run(
        'INSERT INTO www_rag_sites (host, seq, workspace_id, vector_id, release_id, page_count, total_bytes, theme, lock_crawl_id, removed, updated_at) VALUES (?, ?, NULL, NULL, NULL, 0, 0, NULL, NULL, 0, ?)',
        [key, Number(next?.seq ?? 1), now],
      );
    }
    const entries = Object.entries(patch);
    if (entries.length === 0) return;
    await this.ctx.storage.run(`UPDATE www_rag_sites SET ${entries.map(([k]) => `${k} = ?`).join(', ')}, updated_at = ? WHERE host = ?`, [
      ...entries.map(([, v]) => v as string | number | null),
      now,
      key,
    ]);
  }

  private denied(host: string): boolean {
    const key = siteKey(host);
    return this.settings().denyHosts.some((rule) => (rule.startsWith('*.') ? key.endsWith(rule.slice(1)) || key === rule.slice(2) : siteKey(rule) === key));
  }

  /** The corpus workspace: the configured one, else the submitting user's first workspace. */
  private async corpus(userId: string): Promise<string | undefined> {
    const configured = this.settings().workspaceId;
    if (configured !== undefined) return (await this.ctx.area('workspaces').get(configured)) ? configured : undefined;
    return (await this.ctx.area('workspaces').workspacesOf(userId))[0];
  }

  async submit(userId: string, url: string): Promise<WwwRagSubmitResult> {
    const now = this.ctx.clock.now();
    const pace = this.ctx.rateLimiter.hit(`www-rag:submit:${userId}`, this.settings().perMinute, MINUTE_MS, now);
    if (!pace.allowed) throw rateLimitedError(pace, now, `At most ${pace.limit} submissions per minute`);
    const host = hostOf(url);
    const site = await this.site(host);
    if (this.denied(host)) return { url, accepted: false, status: 'denied', reason: 'This host is on the denylist' };
    if (site?.removed === 1) return { url, accepted: false, status: 'denied', reason: 'This site was withdrawn from the corpus by its owner' };
    const workspaceId = await this.corpus(userId);
    if (workspaceId === undefined) return { url, accepted: false, status: 'denied', reason: 'No WWW RAG corpus workspace for this user' };
    if (site?.lock_crawl_id) {
      const running = await this.crawler.store.crawlById(site.lock_crawl_id);
      if (running && running.status !== 'completed') throw new EmulatorError('LOCKED', 'Already crawling this host', { host: siteKey(host), crawlId: running.id });
    }
    const page = await this.crawler.store.pageByUrl(workspaceId, url);
    if (page && now - Number(page.fetched_at) < this.settings().freshMs) {
      return { url, accepted: false, status: 'already-fresh', reason: `Fetched ${toIso(Number(page.fetched_at))}` };
    }
    const { targets } = this.rag();
    let vectorId = site?.vector_id && (site.workspace_id === null || site.workspace_id === workspaceId) && (await targets.row(workspaceId, site.vector_id)) ? site.vector_id : null;
    if (!vectorId) vectorId = (await targets.create(workspaceId, { title: `WWW RAG: ${siteKey(host)}`, description: `Pages of ${siteKey(host)} submitted to WWW RAG` })).id;
    const limit = this.settings().pagesPerSubmission;
    const crawl = await this.crawler.start(workspaceId, { url, vectorId, multi: limit > 1, limit }, 'www-rag', { type: 'user', id: userId });
    await this.upsert(host, { workspace_id: workspaceId, vector_id: vectorId, lock_crawl_id: crawl.id });
    return { url, accepted: true, status: 'queued', crawlId: crawl.id };
  }

  /** After a www-rag crawl: the site's counts from its stored pages, and the lock released. */
  async finished(crawl: CrawlRow): Promise<void> {
    if (crawl.source !== 'www-rag') return;
    const pages = (await this.crawler.store.pages(crawl.workspace_id)).filter((p) => siteKey(p.host) === siteKey(crawl.host));
    await this.upsert(crawl.host, {
      page_count: pages.length,
      total_bytes: pages.reduce((sum, p) => sum + Number(p.bytes), 0),
      lock_crawl_id: null,
    });
  }

  theme(host: string): Promise<WwwRagTheme> {
    return this.site(host).then((row) => {
      const theme = row && row.removed === 0 ? parseJson<Record<string, unknown> | null>(row.theme, null) : null;
      return { host: siteKey(host), themed: theme !== null, theme };
    });
  }

  async directory(limit: number): Promise<{ sites: WwwRagSite[]; total: number }> {
    const rows = await this.ctx.storage.all<SiteRow>('SELECT * FROM www_rag_sites WHERE removed = 0 AND (page_count > 0 OR vector_id IS NOT NULL) ORDER BY seq');
    return { sites: rows.slice(0, limit).map(siteOut), total: rows.length };
  }

  /**
   * Whether `x-divinci-signature` signs the body: the real server re-serialises the parsed body
   * before it signs (release.js), so both that text and the raw bytes are accepted.
   */
  verify(header: string | null, raw: string, parsed: unknown): boolean {
    const match = /^sha256=([a-f0-9]{64})$/i.exec(header?.trim() ?? '');
    if (!match) return false;
    const given = (match[1] as string).toLowerCase();
    const secret = this.secret();
    const reserialised = parsed === undefined ? undefined : JSON.stringify(parsed);
    return (reserialised !== undefined && sameText(given, hmacSha256Hex(secret, reserialised))) || sameText(given, hmacSha256Hex(secret, raw));
  }

  async register(body: RegisterSitesRequest): Promise<{ ok: true; registered: number; removed: number; sites: WwwRagSite[] }> {
    let registered = 0;
    let removed = 0;
    for (const site of body.sites) {
      if ('remove' in site) {
        await this.upsert(site.host, { removed: 1, lock_crawl_id: null });
        removed++;
        continue;
      }
      await this.upsert(site.host, {
        removed: 0,
        ...(site.vectorId !== undefined && { vector_id: site.vectorId }),
        ...(site.releaseId !== undefined && { release_id: site.releaseId }),
        ...(site.pageCount !== undefined && { page_count: site.pageCount }),
        ...(site.totalBytes !== undefined && { total_bytes: site.totalBytes }),
        ...(site.theme !== undefined && { theme: JSON.stringify(site.theme) }),
      });
      registered++;
    }
    const sites = [];
    for (const site of body.sites) {
      const row = await this.site(site.host);
      if (row) sites.push(siteOut(row));
    }
    return { ok: true, registered, removed, sites };
  }
}
