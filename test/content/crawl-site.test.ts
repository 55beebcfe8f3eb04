// Done means (issue #16): a small site served on 127.0.0.1 (sitemap, 20 pages, one broken link) is
// crawled through each door on each driver, and its pages are then found through search and
// context; a re-crawl without force-refresh skips the unchanged pages; the broken link fails its
// item, never the crawl.
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineScenario } from '../../src/index.js';
import { MATRIX, mswUse } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { settle } from './settle.js';
import { startSite, TOPICS, type Site } from './site-server.js';

const KEY = `svc_${'C'.repeat(87)}`;

export const crawlScenario = defineScenario({
  name: 'crawl-site',
  seed: 1616,
  now: '2026-05-01T09:00:00.000Z',
  users: [{ id: 'u_owner', email: 'owner@crawl.example' }, { id: 'u_other', email: 'other@elsewhere.example' }],
  workspaces: [
    {
      id: 'ws_crawl',
      name: 'Crawl',
      slug: 'crawl',
      ownerId: 'u_owner',
      apiKeys: [{ id: 'k_crawl', name: 'crawler', secret: KEY }],
      rag: { targets: [{ id: 'vec_site', title: 'Site pages' }] },
    },
    { id: 'ws_other', name: 'Other', slug: 'other', ownerId: 'u_other' },
  ],
});

let site: Site;
/** The site is shared by every door and driver: each edit says something new. */
let edits = 0;
/** MSW intercepts every outbound request of a crawl as well: those doors are slower. */
const SLOW = 180_000;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe.each(MATRIX)('crawling a site: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: crawlScenario });
  const key = { key: KEY };
  /** Runs every crawl step and the indexing pipeline (each step is a second; visibility takes up to a minute). */
  const settleAll = () => settle(door, 180_000);
  const crawl = async (body: Record<string, unknown>) => {
    const res = await door.call('POST', '/api/v1/rag/crawl', key, { url: `${site.url}/`, vectorIds: 'vec_site', multi: true, sitemap: true, limit: 40, ...body });
    expect(res.status, res.text).toBe(202);
    await settleAll();
    const status = await door.call('GET', `/api/v1/rag/crawls/${res.body._id}`, key);
    const items = await door.call('GET', `/api/v1/rag/crawls/${res.body._id}/items?limit=100`, key);
    return { crawl: status.body, items: items.body.data as { url: string; status: string; reason: string | null; httpStatus: number | null }[] };
  };

  beforeAll(() => {
    // Through the MSW door the emulator's outbound fetch is intercepted too: let the site through.
    if (doorName === 'msw') mswUse(http.all(`${site.url}/*`, () => passthrough()), http.all('http://127.0.0.1:9/*', () => passthrough()));
  });
  beforeEach(() => site.hits.clear());

  it('crawls the sitemap and links, indexes every page, fails only the broken link', async () => {
    const { crawl: done, items } = await crawl({});
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({ total: 22, queued: 0, indexed: 21, skipped: 0, failed: 1 });
    const broken = items.find((i) => i.url.endsWith('/missing-page'));
    expect(broken).toMatchObject({ status: 'failed', httpStatus: 404 });
    expect(broken?.reason).toMatch(/404/);
    // Assets, mail links and other hosts are never queued.
    expect(items.some((i) => /logo\.png|elsewhere|mailto/.test(i.url))).toBe(false);
    expect(site.hits.get('/sitemap.xml')).toBe(1);

    const pages = await door.call('GET', '/api/v1/rag/html-pages?limit=100', key);
    expect(pages.body.total).toBe(21);
    const glacier = pages.body.data.find((p: { url: string }) => p.url === `${site.url}/topics/glacier`);
    expect(glacier).toMatchObject({ host: site.host, path: '/topics/glacier', title: 'Glacier guide', status: 'indexed', vectorIds: ['vec_site'] });
    expect(glacier.contentHash).toMatch(/^[a-f0-9]{64}$/);
    expect(glacier.fileId).toBe(glacier.fileIds[0]);

    // The pages went through the upload pipeline: RAG files titled `URL: <url> <date>`, completed.
    const file = await door.call('GET', `/api/v1/rag/files/${glacier.fileId}`, key);
    expect(file.status).toBe(200);
    expect(file.body.title).toBe(`URL: ${site.url}/topics/glacier 2026-5-1`);

    const search = await door.call('GET', `/api/v1/rag/search?q=${encodeURIComponent('glacier trail kilometres')}&collectionId=vec_site`, key);
    expect(search.status).toBe(200);
    expect(search.body.results[0].chunk.content).toContain('The glacier guide');
    // Scripts and styles are not content.
    expect(JSON.stringify(search.body)).not.toContain('tracking');

    const context = await door.call('POST', '/api/v1/rag/context', key, { query: 'what to bring to the fjord', collectionId: 'vec_site', topK: 3 });
    expect(context.status).toBe(200);
    expect(JSON.stringify(context.body.chunks[0])).toContain('fjord');
  }, SLOW);

  it('re-crawls without force-refresh: unchanged pages are skipped, an edited page is indexed again', async () => {
    await crawl({});
    const pageOf = async (topic: string) => {
      const list = await door.call('GET', `/api/v1/rag/html-pages?limit=100&host=${encodeURIComponent(site.host)}`, key);
      return list.body.data.find((p: { url: string }) => p.url === `${site.url}/topics/${topic}`);
    };
    const before = await pageOf('orchard');
    site.edit('orchard', `The orchard now grows quinces and medlars, harvested in late autumn (edit ${++edits}).`);
    const again = await crawl({});
    expect(again.crawl.counts).toEqual({ total: 22, queued: 0, indexed: 1, skipped: 20, failed: 1 });
    expect(again.items.find((i) => i.url.endsWith('/topics/orchard'))?.status).toBe('indexed');
    expect(again.items.filter((i) => i.status === 'skipped').every((i) => i.reason === 'unchanged')).toBe(true);
    const search = await door.call('GET', `/api/v1/rag/search?q=quinces+medlars&collectionId=vec_site`, key);
    expect(search.body.results[0].chunk.content).toContain('quinces');
    // The page's old file was replaced, not kept beside the new one.
    const after = await pageOf('orchard');
    expect(after.contentHash).not.toBe(before.contentHash);
    expect(after.fileIds).toHaveLength(1);
    expect(after.fileId).not.toBe(before.fileId);
    expect((await door.call('GET', `/api/v1/rag/files/${before.fileId}`, key)).status).toBe(404);

    // force-refresh indexes every page again, changed or not.
    const forced = await crawl({ forceRefresh: true });
    expect(forced.crawl.counts.indexed).toBe(21);
    // ignore-saved does not even fetch pages already stored.
    site.hits.clear();
    const saved = await crawl({ ignoreSaved: true });
    // Saved pages are not fetched, so the broken link (found only in their HTML) is not met either.
    expect(saved.crawl.counts).toMatchObject({ total: 21, indexed: 0, skipped: 21, failed: 0 });
    expect(saved.items.filter((i) => i.status === 'skipped').every((i) => i.reason === 'saved')).toBe(true);
    expect(site.hits.get('/topics/glacier')).toBeUndefined();
  }, SLOW);

  it('a single-page crawl takes just the URL; unreachable and non-HTML URLs fail their item, the crawl completes', async () => {
    const one = await crawl({ multi: false, sitemap: false, limit: undefined, url: `${site.url}/topics/reef` });
    expect(one.crawl.counts).toMatchObject({ total: 1, indexed: 1 });
    const json = await crawl({ multi: false, sitemap: false, limit: undefined, url: `${site.url}/data.json` });
    expect(json.crawl.status).toBe('completed');
    expect(json.items[0]).toMatchObject({ status: 'failed' });
    expect(json.items[0]?.reason).toMatch(/Not an HTML page/);
    const gone = await crawl({ multi: false, sitemap: false, limit: undefined, url: 'http://127.0.0.1:9/nothing-listens-here' });
    expect(gone.crawl.status).toBe('completed');
    expect(gone.items[0]?.reason).toMatch(/^Unreachable/);
  }, SLOW);

  it('keeps the crawl history the workspace mount reads (members only)', async () => {
    await crawl({ limit: 5, sitemap: false });
    const history = await door.call('GET', `/white-label/ws_crawl/rag-vector/html-page/hosts/${encodeURIComponent(site.host)}`, { user: 'u_owner' });
    expect(history.status).toBe(200);
    expect(history.body.crawls).toHaveLength(1);
    expect(history.body.crawls[0].scrapedPaths).toEqual(expect.arrayContaining(['/', '/topics/lighthouse']));
    expect(history.body.crawls[0].scrapedPaths.length).toBe(history.body.crawls[0].counts.indexed);
    expect(TOPICS.length).toBe(20);
    // The mount takes a member's Bearer token: an API key is refused, a stranger too.
    expect((await door.call('GET', `/white-label/ws_crawl/rag-vector/html-page/hosts/${encodeURIComponent(site.host)}`, key)).status).toBe(403);
    expect((await door.call('GET', `/white-label/ws_crawl/rag-vector/html-page/hosts/${encodeURIComponent(site.host)}`, { user: 'u_other' })).status).toBeOneOf([403, 404]);
  }, SLOW);
});
