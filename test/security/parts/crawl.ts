// The tenant walk's part for the html-pages area (crawls, docs, pages, www-rag, local-sync, the
// mount's html-page routes). A's page comes from a real crawl of a one-page site on 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { expect } from 'vitest';
import { mswUse } from '../../support/doors.js';
import type { SuiteDoor } from '../../support/use-door.js';
import type { TenantPart } from '../tenant-parts.js';
import { own, pub, scoped } from '../tenant-routes.js';
import type { AIds } from '../tenant-setup.js';

const NOWHERE = 'http://127.0.0.1:9/walk';
const row = { contentHash: 'b'.repeat(64), url: 'https://b.example/', text: 'written by B' };

export const crawlPart: TenantPart = {
  rules: {
    'POST /api/v1/rag/crawl': own((ids) => ({ url: NOWHERE, vectorId: ids.crawlVectorId })),
    'GET /api/v1/rag/crawls': own(),
    'GET /api/v1/rag/crawls/:crawlId': scoped(),
    'GET /api/v1/rag/crawls/:crawlId/items': scoped(),
    'GET /api/v1/docs': own(),
    'POST /api/v1/docs': own((ids) => ({ url: NOWHERE, vectorId: ids.crawlVectorId })),
    'POST /api/v1/docs/sync': own((ids) => ({ vectorId: ids.crawlVectorId })),
    'GET /api/v1/rag/html-pages': own(),
    'GET /api/v1/rag/html-pages/:pageId': scoped(),
    'DELETE /api/v1/rag/html-pages/:pageId': scoped(),
    'GET /white-label/:workspaceId/rag-vector/html-page/hosts/:host': scoped(undefined, { params: { host: 'crawlHost' } }),
    'POST /white-label/:workspaceId/rag-vector/html-page/bulk-rescrape': scoped((ids) => ({ urls: [NOWHERE], ragVectorIds: [ids.crawlVectorId] })),
    'POST /api/v1/www-rag/submit-url': pub('www-rag is one public corpus (REAL-WIRE section 8): a user submits to the corpus workspace, never to a workspace they name'),
    'GET /api/v1/www-rag/theme': pub('a registered host’s public brand theme (REAL-WIRE section 8)'),
    'GET /api/v1/www-rag-directory': pub('the public directory of WWW RAG sites, no credentials (REAL-WIRE section 8)'),
    'POST /api/v1/www-rag-webhook/register-sites': pub('a signed webhook: the HMAC secret is the credential (REAL-WIRE section 8)'),
    'POST /api/v1/local-sync/:whitelabelId/init': scoped(() => ({ host: 'b.example' }), { params: { whitelabelId: 'workspaceId' } }),
    'POST /api/v1/local-sync/:whitelabelId/batch': scoped((ids) => ({ vectorId: ids.localVectorId, rows: [row] }), { params: { whitelabelId: 'workspaceId' } }),
    'POST /api/v1/local-sync/:whitelabelId/finalize': scoped((ids) => ({ vectorId: ids.localVectorId, totalChunks: 1 }), { params: { whitelabelId: 'workspaceId' } }),
  },
  async populate(door: SuiteDoor, ids: AIds): Promise<AIds> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>A page</title></head><body><p>Private to A: the walk’s crawled page.</p></body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      if (door.name === 'msw') mswUse(http.all(`${origin}/*`, () => passthrough()));
      const key = { key: door.key('key_full') };
      const crawl = await door.call('POST', '/api/v1/rag/crawl', key, { url: `${origin}/a`, vectorId: 'vec_docs' });
      expect(crawl.status, crawl.text).toBe(202);
      await door.emulator.clock.advance(5_000);
      const pages = await door.call('GET', '/api/v1/rag/html-pages', key);
      const page = pages.body.data[0];
      expect(page?.url).toBe(`${origin}/a`);
      const init = await door.call('POST', '/api/v1/local-sync/ws_acme/init', { user: 'user_alice' }, { host: 'a.example' });
      expect(init.status, init.text).toBe(200);
      return { ...ids, crawlId: crawl.body._id, pageId: page._id, crawlHost: page.host, crawlVectorId: 'vec_docs', localVectorId: init.body.vectorId };
    } finally {
      server.close();
    }
  },
};
