// The html-pages, www-rag and local-sync routes with bad inputs: every one a 4xx naming the field
// (never a 500), nothing written; permissions and the member-only workspace mount.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('html-pages, www-rag and local-sync with bad inputs: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const full = () => ({ key: door.key('key_full') });
  const alice = { user: 'user_alice' };
  const issuePaths = (body: any): string[] => (body?.error?.details?.issues ?? []).map((i: { path: string }) => i.path);

  it('rag crawl: each bad field is a 400 naming it; an unknown vector a 404; nothing is queued', async () => {
    const bad: [unknown, string][] = [
      [{}, 'body.url'],
      [{ url: 'not a url' }, 'body.url'],
      [{ url: 'ftp://example.com/' }, 'body.url'],
      [{ url: 'https://example.com/', limit: 0 }, 'body.limit'],
      [{ url: 'https://example.com/', limit: 1001 }, 'body.limit'],
      [{ url: 'https://example.com/', multi: 'yes' }, 'body.multi'],
      [{ url: 'https://example.com/', vectorIds: [] }, 'body.vectorIds'],
      [{ url: 'https://example.com/', surprise: true }, 'body'],
      [{ url: 'https://example.com/', vectorId: 'vec_docs', vectorIds: ['vec_docs'] }, 'body.vectorIds'],
      [{ url: 'https://example.com/', vectorIds: ' , ' }, 'body.vectorIds'],
    ];
    for (const [body, path] of bad) {
      const res = await door.call('POST', '/api/v1/rag/crawl', full(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuePaths(res.body).some((p) => p.startsWith(path)), `${JSON.stringify(body)} → ${issuePaths(res.body)}`).toBe(true);
    }
    expect((await door.call('POST', '/api/v1/rag/crawl', full(), 'not json')).status).toBe(400);
    const unknown = await door.call('POST', '/api/v1/rag/crawl', full(), { url: 'https://example.com/', vectorIds: 'vec_docs,vec_nope' });
    expect(unknown.status).toBe(404);
    expect((await door.call('GET', '/api/v1/rag/crawls', full())).body.total).toBe(0);
    // A key without rag:write may not crawl.
    expect((await door.call('POST', '/api/v1/rag/crawl', { key: door.key('key_read') }, { url: 'https://example.com/' })).status).toBe(403);
    expect((await door.call('POST', '/api/v1/rag/crawl', {}, { url: 'https://example.com/' })).status).toBe(401);
  });

  it('crawls, items, pages and docs: unknown ids are 404, bad queries 400', async () => {
    expect((await door.call('GET', '/api/v1/rag/crawls/crawl_nope', full())).status).toBe(404);
    expect((await door.call('GET', '/api/v1/rag/crawls/crawl_nope/items', full())).status).toBe(404);
    expect((await door.call('GET', '/api/v1/rag/crawls?limit=0', full())).status).toBe(400);
    expect((await door.call('GET', '/api/v1/rag/html-pages/page_nope', full())).status).toBe(404);
    expect((await door.call('DELETE', '/api/v1/rag/html-pages/page_nope', full())).status).toBe(404);
    expect((await door.call('GET', '/api/v1/rag/html-pages?limit=abc', full())).status).toBe(400);
    const noUrl = await door.call('POST', '/api/v1/docs', full(), { name: 'Docs' });
    expect(noUrl.status).toBe(400);
    expect(issuePaths(noUrl.body)).toContain('body.url');
    expect((await door.call('POST', '/api/v1/docs', full(), { url: 'https://docs.example.com/guide/', vectorId: 'vec_nope' })).status).toBe(404);
    expect((await door.call('POST', '/api/v1/docs/sync', full(), { baseUrl: 'nope' })).status).toBe(400);
    const none = await door.call('POST', '/api/v1/docs/sync', full());
    expect(none.status).toBe(202);
    expect(none.body).toEqual({ synced: 0, crawls: [] });
    expect((await door.call('GET', '/api/v1/docs', full())).body).toEqual({ data: [] });
  });

  it('docs add records the source and queues a crawl of its section', async () => {
    const added = await door.call('POST', '/api/v1/docs', full(), { url: 'https://docs.example.com/guide/start', name: 'Guide', vectorId: 'vec_docs' });
    expect(added.status).toBe(202);
    expect(added.body).toMatchObject({ url: 'https://docs.example.com/guide/start', name: 'Guide', vectorId: 'vec_docs' });
    const crawl = await door.call('GET', `/api/v1/rag/crawls/${added.body.crawlId}`, full());
    expect(crawl.body).toMatchObject({ status: 'queued', source: 'docs', vectorIds: ['vec_docs'], options: { multi: true, includePaths: ['/guide/'] } });
    const synced = await door.call('POST', '/api/v1/docs/sync', full(), { vector: 'vec_docs' });
    expect(synced.body.synced).toBe(1);
    expect((await door.call('POST', '/api/v1/docs/sync', full(), { baseUrl: 'https://other.example/' })).body.synced).toBe(0);
  });

  it('the workspace mount: API keys 403, bad bulk rescrape bodies 400', async () => {
    expect((await door.call('GET', '/white-label/ws_acme/rag-vector/html-page/hosts/example.com', full())).status).toBe(403);
    const history = await door.call('GET', '/white-label/ws_acme/rag-vector/html-page/hosts/example.com', alice);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({ host: 'example.com', crawls: [], pages: [] });
    const path = '/white-label/ws_acme/rag-vector/html-page/bulk-rescrape';
    expect((await door.call('POST', path, full(), { urls: ['https://example.com/'] })).status).toBe(403);
    expect((await door.call('POST', path, alice, { urls: [] })).status).toBe(400);
    expect((await door.call('POST', path, alice, { urls: ['nope'] })).status).toBe(400);
    expect((await door.call('POST', path, alice, { urls: Array.from({ length: 2001 }, (_, i) => `https://example.com/${i}`) })).status).toBe(400);
    expect((await door.call('POST', path, alice, { urls: ['https://example.com/'], ragVectorIds: ['vec_nope'] })).status).toBe(404);
    const started = await door.call('POST', path, alice, { forceRescrape: true, scraperTool: 'fetch', ragVectorIds: ['vec_docs'], urls: ['https://example.com/a', 'https://example.com/b', 'https://example.com/a'] });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, status: 'started', urls: 2 });
    const items = await door.call('GET', `/api/v1/rag/crawls/${started.body.crawlId}/items`, full());
    expect(items.body.data.map((i: { url: string }) => i.url)).toEqual(['https://example.com/a', 'https://example.com/b']);
  });

  it('www-rag: bad submissions, theme and directory queries are 400; the webhook checks the signature before the body', async () => {
    expect((await door.call('POST', '/api/v1/www-rag/submit-url', alice, { url: 'nope' })).status).toBe(400);
    expect((await door.call('POST', '/api/v1/www-rag/submit-url', alice, {})).status).toBe(400);
    expect((await door.call('GET', '/api/v1/www-rag/theme')).status).toBe(400);
    expect((await door.call('GET', '/api/v1/www-rag-directory?limit=0')).status).toBe(400);
    expect((await door.call('GET', '/api/v1/www-rag-directory')).body).toEqual({ sites: [], total: 0 });
    const unsigned = await door.fetch('/api/v1/www-rag-webhook/register-sites', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.text()).toBe('Unauthorized');
    const { hmacSha256Hex } = await import('../../src/security/hash.js');
    const secret = `emulator-www-rag-webhook-${door.emulator.scenario.seed}`;
    const signed = (text: string) => ({ headers: { 'x-divinci-signature': `sha256=${hmacSha256Hex(secret, text)}` } });
    expect((await door.call('POST', '/api/v1/www-rag-webhook/register-sites', signed('not json'), 'not json')).status).toBe(400);
    const wrongShape = JSON.stringify({ sites: [{ host: 'bad host!' }] });
    const shape = await door.call('POST', '/api/v1/www-rag-webhook/register-sites', signed(wrongShape), wrongShape);
    expect(shape.status).toBe(400);
    expect(issuePaths(shape.body).some((p) => p.startsWith('body.sites[0]'))).toBe(true);
    expect((await door.call('GET', '/api/v1/www-rag-directory')).body.total).toBe(0);
  });

  it('local-sync: bad bodies are 400 naming the field', async () => {
    const bad: [string, unknown, string][] = [
      ['init', {}, 'body.host'],
      ['init', { host: 'not a host/' }, 'body.host'],
      ['batch', { vectorId: 'v', rows: [] }, 'body.rows'],
      ['batch', { vectorId: 'v', rows: [{ contentHash: 'xyz', text: 'a' }] }, 'body.rows[0].contentHash'],
      ['batch', { rows: [{ contentHash: 'a'.repeat(64), text: 'a' }] }, 'body.vectorId'],
      ['finalize', { vectorId: 'v', totalChunks: -1 }, 'body.totalChunks'],
    ];
    for (const [step, body, path] of bad) {
      const res = await door.call('POST', `/api/v1/local-sync/ws_acme/${step}`, alice, body);
      expect(res.status, `${step} ${JSON.stringify(body)}`).toBe(400);
      expect(issuePaths(res.body)).toContain(path);
    }
  });
});
