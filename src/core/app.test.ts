// The core handler's own rules: one transaction per write, unknown errors as a bare 500.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Clock } from '../clock/clock.js';
import { chooseStorage, openStorage } from '../emulator/open-storage.js';
import type { Storage } from '../storage/storage.js';
import { createCoreHandler, type CoreDeps } from './app.js';
import { EmulatorError } from './errors.js';
import { RateLimiter } from './rate-limiter.js';
import { defineRoute } from './route.js';

let storage: Storage;
// Closed once: a later test that opens nothing must not close it again (PGlite refuses).
afterEach(async () => {
  const open = storage as Storage | undefined;
  storage = undefined as unknown as Storage;
  await open?.close();
});

async function core(onInternalError = (_: unknown) => {}) {
  storage = await openStorage(await chooseStorage(undefined, () => {}));
  const deps: CoreDeps = {
    clock: new Clock({ mode: 'manual', now: 0 }),
    storage,
    keys: { findForAuth: async () => undefined, touch: async () => {} },
    tokens: { verifyUserToken: async () => 'invalid' },
    members: { role: async () => undefined, workspacesOf: async () => [] },
    endUsers: { fromToken: async () => 'invalid', fromKey: async () => ({ kind: 'endUser', via: 'apiKey', subject: 'x' }) },
    rateLimiter: new RateLimiter(),
    featureLimit: () => undefined,
    onInternalError,
  };
  const insert = (id: string) => storage.run("INSERT INTO meta (key, value) VALUES (?, 'x')", [id]);
  return createCoreHandler(
    [
      defineRoute({
        method: 'POST',
        path: '/boom',
        tag: 't',
        summary: 'writes, then fails unexpectedly',
        auth: { kind: 'none' },
        handler: async () => {
          await insert('first');
          throw new TypeError('secret internals at /srv/app.js:12');
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/refuse',
        tag: 't',
        summary: 'writes, then refuses on purpose',
        auth: { kind: 'none' },
        body: z.object({ n: z.number() }),
        handler: async ({ body }) => {
          await insert(`n${body.n}`);
          throw new EmulatorError('CONFLICT', 'no');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/items/:itemId',
        tag: 't',
        summary: 'echoes its parameter and query',
        auth: { kind: 'none' },
        params: z.object({ itemId: z.string() }),
        query: z.object({ q: z.string().optional() }),
        handler: async ({ params, query }) => ({ params, query }),
      }),
    ],
    deps,
  );
}

const count = async () => Number((await storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM meta'))?.n);

describe('core handler', () => {
  it('rolls back every write of a request that fails, and hides internals behind a 500', async () => {
    const seen: unknown[] = [];
    const handler = await core((err) => seen.push(err));
    const { response } = await handler.fetch(new Request('http://x/boom', { method: 'POST' }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error', requestId: expect.any(String) } });
    expect(await count()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('rolls back on a deliberate error too, and maps it to its status', async () => {
    const handler = await core();
    const { response } = await handler.fetch(
      new Request('http://x/refuse', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' }),
    );
    expect(response.status).toBe(409);
    expect(await count()).toBe(0);
  });

  it('answers unknown paths with the NOT_FOUND envelope', async () => {
    const handler = await core();
    const { response } = await handler.fetch(new Request('http://x/nowhere'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /nowhere not found', requestId: expect.any(String) } });
  });

  it('reads path parameters and queries the same on every request to a path, HEAD and unknown methods as before', async () => {
    const handler = await core();
    const get = async (url: string, method = 'GET') => {
      const { response } = await handler.fetch(new Request(url, { method }));
      return [response.status, await response.text()];
    };
    for (let i = 0; i < 2; i++) {
      expect(await get('http://x/items/a%20b%2Fc?q=x%20y&q=z')).toEqual([200, JSON.stringify({ params: { itemId: 'a b/c' }, query: { q: 'x y' } })]);
      expect(await get('http://x/items/plain')).toEqual([200, JSON.stringify({ params: { itemId: 'plain' }, query: {} })]);
    }
    expect(await get('http://x/items/plain', 'HEAD')).toEqual([200, '']);
    const [status, text] = await get('http://x/items/plain', 'DELETE');
    expect([status, JSON.parse(text as string).error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers CORS preflights and lets pages of any origin read answers and rate-limit headers', async () => {
    const handler = await core();
    const { response: pre } = await handler.fetch(
      new Request('http://x/refuse', {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-api-key' },
      }),
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, x-api-key');
    const { response } = await handler.fetch(new Request('http://x/nowhere', { headers: { origin: 'http://localhost:3000' } }));
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const { response: plain } = await handler.fetch(new Request('http://x/nowhere'));
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});
