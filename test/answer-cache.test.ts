// The answer cache (src/core/answer-cache.ts): a cached GET answers the same bytes as the handler
// would, per caller, and every kind of change (a write, a control call, a restore, an import, a
// clock move, a revoked key) is seen by the very next request. Auth, rate limits and request ids
// still run per request.
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { startServer } from '../src/adapters/node-server.js';
import type { World } from '../src/emulator/world.js';
import { ONE_DRIVER } from './support/doors.js';

const BASE = 'http://127.0.0.1:4010';

async function setup(): Promise<{ emulator: Emulator; keyA: string; keyB: string; send: (path: string, key: string, init?: RequestInit) => Promise<Response> }> {
  const emulator = await createEmulator({ storage: ONE_DRIVER, onInternalError: (err) => console.error(err) });
  const keyA = emulator.handles.workspaces[0]!.apiKeys[0]!.secret!;
  const keyB = emulator.handles.workspaces[1]!.apiKeys[0]!.secret!;
  const send = (path: string, key: string, init: RequestInit = {}) =>
    emulator.fetch(new Request(BASE + path, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } }));
  return { emulator, keyA, keyB, send };
}

const cacheOf = (emulator: Emulator) => (emulator as unknown as { here: World }).here.answers;

async function text(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return res.text();
}

describe('answer cache', () => {
  it('answers a repeated GET from the cache with the same bytes, fresh request ids and rate-limit headers', async () => {
    const { emulator, keyA, send } = await setup();
    const first = await send('/api/v1/transcripts?limit=5', keyA);
    const version = cacheOf(emulator).version;
    const second = await send('/api/v1/transcripts?limit=5', keyA);
    expect(cacheOf(emulator).version).toBe(version);
    expect(await text(second)).toBe(await text(first));
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(Number(second.headers.get('ratelimit-remaining'))).toBe(Number(first.headers.get('ratelimit-remaining')) - 1);
    expect(second.headers.get('content-type')).toBe('application/json');
    await emulator.close();
  });

  it('keeps callers apart: another workspace’s key never gets the first one’s answer', async () => {
    const { emulator, keyA, keyB, send } = await setup();
    const a = await text(await send('/api/v1/transcripts', keyA));
    const b = await text(await send('/api/v1/transcripts', keyB));
    expect(b).not.toBe(a);
    expect(await text(await send('/api/v1/transcripts', keyA))).toBe(a);
    await emulator.close();
  });

  it('sees a write, a reset, a snapshot restore, an import and a clock move at once', async () => {
    const { emulator, keyA, send } = await setup();
    const before = await text(await send('/api/v1/transcripts', keyA));
    const snapshot = await emulator.snapshot();
    const exported = await emulator.exportState();
    const created = await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title: 'Cache buster' }) });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { _id: string })._id;
    const afterWrite = await text(await send('/api/v1/transcripts', keyA));
    expect(afterWrite).toContain('Cache buster');
    // A message changes the get and the list order.
    const one = await text(await send(`/api/v1/transcripts/${id}`, keyA));
    await send(`/api/v1/transcripts/${id}/messages`, keyA, { method: 'POST', body: JSON.stringify({ role: 'user', content: 'new words' }) });
    expect(await text(await send(`/api/v1/transcripts/${id}`, keyA))).not.toBe(one);
    await emulator.restore(snapshot);
    expect(await text(await send('/api/v1/transcripts', keyA))).toBe(before);
    await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title: 'Second' }) });
    await emulator.importState(exported);
    expect(await text(await send('/api/v1/transcripts', keyA))).toBe(before);
    await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title: 'Third' }) });
    await emulator.reset();
    expect(await text(await send('/api/v1/transcripts', keyA))).toBe(before);
    // Through the control API too.
    await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title: 'Fourth' }) });
    const reset = await emulator.fetch(new Request(`${BASE}/__emulator/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
    expect(reset.status).toBe(200);
    expect(await text(await send('/api/v1/transcripts', keyA))).toBe(before);
    const version = cacheOf(emulator).version;
    await emulator.clock.advance(1000);
    expect(cacheOf(emulator).version).toBeGreaterThan(version);
    await emulator.close();
  });

  it('keeps a timeless answer across instants under the real clock: no row read for the repeat, a write seen at once', async () => {
    const emulator = await createEmulator({ storage: ONE_DRIVER, clock: 'real', onInternalError: (err) => console.error(err) });
    const key = emulator.handles.workspaces[0]!.apiKeys[0]!.secret!;
    const send = (init: RequestInit = {}) =>
      emulator.fetch(new Request(`${BASE}/api/v1/transcripts?limit=5`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } }));
    const storage = (emulator as unknown as { here: World }).here.storage;
    let reads = 0;
    const spy = <T extends 'all' | 'get'>(name: T) => {
      const original = storage[name].bind(storage) as (...args: unknown[]) => unknown;
      (storage as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (reads++, original(...args));
    };
    spy('all');
    spy('get');
    try {
      // The first call marks the key used (a write to api_keys): the second finds the key again.
      const first = await text(await send());
      expect(await text(await send())).toBe(first);
      const at = emulator.clock.now();
      while (emulator.clock.now() < at + 5) await new Promise((r) => setTimeout(r, 2));
      reads = 0;
      expect(await text(await send())).toBe(first);
      expect(reads).toBe(0);
      expect((await send({ method: 'POST', body: JSON.stringify({ title: 'Seen at once' }) })).status).toBe(201);
      expect(await text(await send())).toContain('Seen at once');
    } finally {
      await emulator.close();
    }
  });

  it('still runs auth on every request: a revoked key is refused right after a cached answer', async () => {
    const { emulator, keyA, send } = await setup();
    await text(await send('/api/v1/transcripts', keyA));
    await text(await send('/api/v1/transcripts', keyA));
    const keyId = emulator.handles.workspaces[0]!.apiKeys[0]!.id;
    const workspaceId = emulator.handles.workspaces[0]!.id;
    // Revoked by whichever scenario user may manage the workspace's keys.
    let status = 0;
    for (const user of emulator.handles.users) {
      const path = `${BASE}/api/v1/workspaces/${workspaceId}/api-keys/${keyId}/revoke`;
      status = (await emulator.fetch(new Request(path, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` } }))).status;
      if (status === 200) break;
    }
    expect(status).toBe(200);
    expect((await send('/api/v1/transcripts', keyA)).status).toBe(401);
    await emulator.close();
  });

  it('never caches an answer across a write made while it was computed', async () => {
    const { AnswerCache } = await import('../src/core/answer-cache.js');
    const cache = new AnswerCache();
    const k = { routeId: 'GET /t', url: 'http://x/t', caller: 'c', named: '', now: 1 };
    const version = cache.version;
    cache.invalidate();
    cache.set(k, version, { status: 200, bodyText: '{}' });
    expect(cache.get(k)).toBeUndefined();
    cache.set(k, cache.version, { status: 200, bodyText: '{}' });
    expect(cache.get({ ...k })).toEqual({ status: 200, bodyText: '{}' });
    // Any part different is another answer, whether or not it was the last one asked for.
    for (const other of [{ url: 'http://x/t?a=1' }, { caller: 'd' }, { named: 'ws' }, { now: 2 }, { now: undefined }, { routeId: 'GET /u' }]) {
      expect(cache.get({ ...k, ...other })).toBeUndefined();
      expect(cache.get({ ...k })).toEqual({ status: 200, bodyText: '{}' });
    }
    cache.set({ ...k, now: undefined }, cache.version, { status: 200, bodyText: '[]' });
    expect(cache.get({ ...k, now: undefined })?.bodyText).toBe('[]');
    expect(cache.get(k)?.bodyText).toBe('{}');
    cache.invalidate(false);
    expect(cache.get(k)).toBeUndefined();
  });

  it('keeps a key found by secret while time passes, until its expiry changes its status (a clock set back too)', async () => {
    const { AnswerCache } = await import('../src/core/answer-cache.js');
    let now = 500;
    let lookups = 0;
    const stored = { id: 'k', workspaceId: 'ws', permissions: [], expiresAt: 1000 };
    const plain = { id: 'p', workspaceId: 'ws', permissions: [], status: 'active' as const };
    const keys = new AnswerCache().keyLookup(
      {
        findForAuth: async (secret) => {
          lookups++;
          if (secret === 'plain') return plain;
          return { ...stored, status: now < stored.expiresAt ? ('active' as const) : ('expired' as const) };
        },
        touch: async () => undefined,
      },
      () => now,
    );
    const status = async (secret = 'expiring') => (await keys.findForAuth(secret))?.status;
    expect(await status()).toBe('active');
    now = 999;
    expect(await status()).toBe('active');
    expect(lookups).toBe(1);
    now = 1000;
    expect(await status()).toBe('expired');
    now = 5000;
    expect(await status()).toBe('expired');
    expect(lookups).toBe(2);
    now = 700;
    expect(await status()).toBe('active');
    expect(lookups).toBe(3);
    // A key that never expires is found once, whatever the clock does.
    for (now = 0; now < 10_000; now += 2500) expect(await status('plain')).toBe('active');
    expect(lookups).toBe(4);
  });

  it('keeps keys found by secret across writes to other tables, never across a write to a key or a rolled-back one', async () => {
    const { emulator, keyA, send } = await setup();
    const world = (emulator as unknown as { here: World }).here;
    let lookups = 0;
    const store = world.areas.api('api-keys');
    const original = store.findForAuth.bind(store);
    store.findForAuth = (secret: string) => {
      lookups++;
      return original(secret);
    };
    try {
      // The first call marks the key used (a write to api_keys); the second finds it again.
      await text(await send('/api/v1/transcripts', keyA));
      await text(await send('/api/v1/transcripts?limit=3', keyA));
      const seen = lookups;
      // A transcript write (its transaction included) leaves the key known: no second lookup.
      expect((await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title: 'Keeps the key' }) })).status).toBe(201);
      expect((await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title: 'Still kept' }) })).status).toBe(201);
      expect(lookups).toBe(seen);
      // A write to api_keys forgets it.
      await world.storage.run('UPDATE api_keys SET last_used_at = last_used_at WHERE id = ?', ['none']);
      await text(await send('/api/v1/transcripts', keyA));
      expect(lookups).toBe(seen + 1);
      // A transaction that wrote a key and rolled back: a key found inside it is forgotten after.
      await world.storage
        .transaction(async () => {
          await world.storage.run('UPDATE workspaces SET limits = limits WHERE id = ?', ['none']);
          await text(await send('/api/v1/transcripts', keyA));
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(lookups).toBe(seen + 2);
      await text(await send('/api/v1/transcripts', keyA));
      expect(lookups).toBe(seen + 3);
    } finally {
      store.findForAuth = original;
      await emulator.close();
    }
  });

  it('sends a cached non-ASCII answer as the same UTF-8 bytes, with their length, through both doors', async () => {
    const { emulator, keyA, send } = await setup();
    const title = 'Café — £5 → 東京 🚀';
    expect((await send('/api/v1/transcripts', keyA, { method: 'POST', body: JSON.stringify({ title }) })).status).toBe(201);
    // In process (the MSW door's path): computed, then from the cache.
    const computed = await text(await send('/api/v1/transcripts', keyA));
    expect(computed).toContain(title);
    expect(await text(await send('/api/v1/transcripts', keyA))).toBe(computed);
    // Over HTTP: the cached answer's bytes, twice (the second from bytes already encoded).
    const server = await startServer(emulator, { port: 0 });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${server.url}/api/v1/transcripts`, { headers: { 'x-api-key': keyA } });
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(res.status).toBe(200);
        expect(bytes.toString('utf8')).toBe(computed);
        expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(computed));
        expect(bytes.length).toBe(Buffer.byteLength(computed));
      }
    } finally {
      await server.close();
      await emulator.close();
    }
  });
});
