// The built-in scenario library: each scenario reproduces the case its description names, and
// `large` generates its thousands of transcripts deterministically from the seed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { listBuiltinScenarios } from '../src/scenarios/builtin.js';
import { generateTranscripts } from '../src/scenarios/generate.js';

const BASE = 'http://emulator.test';
const call = (emulator: Emulator, path: string, headers: Record<string, string> = {}) => emulator.fetch(new Request(BASE + path, { headers }));
const keyOf = (emulator: Emulator, id: string) => emulator.handles.workspaces.flatMap((ws) => ws.apiKeys).find((k) => k.id === id)!.secret!;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;

describe('the scenario library', () => {
  it('lists each built-in with a short description', async () => {
    const list = await listBuiltinScenarios();
    for (const name of ['default', 'empty', 'expired-token', 'revoked-key', 'rate-limited', 'large']) {
      const entry = list.find((s) => s.name === name);
      expect(entry, name).toBeDefined();
      expect(entry!.description.length).toBeGreaterThan(20);
      expect(entry!.description.length).toBeLessThan(300);
    }
  });

  describe('expired-token', () => {
    let emulator: Emulator;
    beforeAll(async () => {
      emulator = await createEmulator({ scenario: 'expired-token' });
    });
    afterAll(() => emulator.close());

    it('hands out a token that expired an hour before the scenario’s now', async () => {
      const expired = emulator.handles.users.find((u) => u.id === 'user_expired')!;
      expect(expired.expiresAt).toBe('2026-01-01T08:00:00.000Z');
      expect(decodeJwt(expired.accessToken).exp).toBe(Date.parse('2026-01-01T08:00:00.000Z') / 1000);
      expect(emulator.handles.users.find((u) => u.id === 'user_fresh')!.expiresAt).toBe('2026-01-01T10:00:00.000Z');
    });

    it('answers 401 "Access token has expired" to it, and 200 to the fresh user', async () => {
      const expired = emulator.handles.users.find((u) => u.id === 'user_expired')!.accessToken;
      const fresh = emulator.handles.users.find((u) => u.id === 'user_fresh')!.accessToken;
      const res = await call(emulator, '/api/v1/workspaces', { authorization: `Bearer ${expired}` });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: 'Access token has expired', requestId: expect.any(String) });
      expect((await call(emulator, '/api/v1/workspaces', { authorization: `Bearer ${fresh}` })).status).toBe(200);
      expect((await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_full') })).status).toBe(200);
    });
  });

  describe('revoked-key', () => {
    let emulator: Emulator;
    beforeAll(async () => {
      emulator = await createEmulator({ scenario: 'revoked-key' });
    });
    afterAll(() => emulator.close());

    it('refuses the revoked and the expired key with 401, and serves the replacement', async () => {
      const revoked = await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_revoked') });
      expect(revoked.status).toBe(401);
      expect(await errorOf(revoked)).toEqual({ code: 'UNAUTHORIZED', message: 'API key has been revoked', requestId: expect.any(String) });
      const expired = await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_expired') });
      expect(expired.status).toBe(401);
      expect(await errorOf(expired)).toEqual({ code: 'UNAUTHORIZED', message: 'API key has expired', requestId: expect.any(String) });
      expect((await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_replacement') })).status).toBe(200);
      expect(emulator.handles.workspaces[0]!.apiKeys.map((k) => k.status)).toEqual(['revoked', 'active', 'active']);
    });
  });

  describe('rate-limited', () => {
    let emulator: Emulator;
    beforeAll(async () => {
      emulator = await createEmulator({ scenario: 'rate-limited' });
    });
    afterAll(() => emulator.close());

    it('answers the first request of the key at its limit with 429 and the headers', async () => {
      const res = await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_limited') });
      expect(res.status).toBe(429);
      expect(await errorOf(res)).toEqual({
        code: 'RATE_LIMITED',
        message: 'Rate limit exceeded',
        details: { limit: 5, remaining: 0, resetAt: Date.parse('2026-01-01T09:01:00.000Z') / 1000, retryAfter: 60 },
        requestId: expect.any(String),
      });
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.headers.get('ratelimit-limit')).toBe('5');
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
    });

    it('lets it through again in the next window, and after a reset starts at the limit again', async () => {
      await emulator.clock.advance(60_000);
      expect((await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_limited') })).status).toBe(200);
      await emulator.reset();
      expect((await call(emulator, '/api/v1/transcripts', { 'x-api-key': keyOf(emulator, 'key_limited') })).status).toBe(429);
    });

    it('limits the other key to 2 transcript calls a minute', async () => {
      const key = keyOf(emulator, 'key_tight');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(emulator, '/api/v1/transcripts', { 'x-api-key': key })).status);
      expect(statuses).toEqual([200, 200, 429]);
    });
  });

  describe('large', () => {
    let emulator: Emulator;
    let loadMs: number;
    beforeAll(async () => {
      const started = performance.now();
      emulator = await createEmulator({ scenario: 'large' });
      loadMs = performance.now() - started;
    }, 120_000);
    afterAll(() => emulator.close());

    it('holds 2,000 generated transcripts with 2 to 8 messages each', async () => {
      const key = keyOf(emulator, 'key_full');
      const res = await call(emulator, '/api/v1/transcripts?limit=100&page=20', { 'x-api-key': key });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { transcripts: { _id: string; messageCount: number; metadata: { generated?: boolean } }[]; pagination: { total: number } };
      expect(body.pagination.total).toBe(2000);
      expect(body.transcripts).toHaveLength(100);
      for (const t of body.transcripts) {
        expect(t._id).toMatch(/^[0-9a-f]{24}$/);
        expect(t.messageCount).toBeGreaterThanOrEqual(2);
        expect(t.messageCount).toBeLessThanOrEqual(8);
        expect(t.metadata.generated).toBe(true);
      }
      expect(loadMs).toBeLessThan(60_000);
    });

    it('generates the same bytes from the same seed, and other bytes from another seed', async () => {
      const key = keyOf(emulator, 'key_full');
      const page = async () => (await call(emulator, '/api/v1/transcripts?limit=5', { 'x-api-key': key })).text();
      const first = await page();
      await emulator.reset({ scenario: 'large' });
      expect(await page()).toBe(first);
      const other = await createEmulator({ scenario: 'large', seed: 7 });
      try {
        expect((await call(other, '/api/v1/transcripts?limit=5', { 'x-api-key': keyOf(other, 'key_full') })).status).toBe(200);
        expect(await (await call(other, '/api/v1/transcripts?limit=5', { 'x-api-key': keyOf(other, 'key_full') })).text()).not.toBe(first);
      } finally {
        await other.close();
      }
    }, 120_000);

    it('loads the same bytes on PGlite', async () => {
      const key = keyOf(emulator, 'key_full');
      const page = (e: Emulator) => call(e, '/api/v1/transcripts?limit=20&page=37', { 'x-api-key': key }).then((r) => r.text());
      const pg = await createEmulator({ scenario: 'large', storage: 'pglite' });
      try {
        expect(await page(pg)).toBe(await page(emulator));
      } finally {
        await pg.close();
      }
    }, 180_000);
  });

  it('writes generated transcripts in bulk exactly as the transcripts store writes them', async () => {
    const now = '2026-01-01T09:00:00.000Z';
    const base = { name: 'gen', seed: 5, now, users: [{ id: 'u' }] };
    const generated = await generateTranscripts(30, 5, 'generate:ws_gen:transcripts', Date.parse(now));
    const bulk = await createEmulator({ scenario: { ...base, workspaces: [{ id: 'ws_gen', name: 'Gen', ownerId: 'u', generate: { transcripts: 30 } }] } });
    const stored = await createEmulator({
      scenario: {
        ...base,
        workspaces: [{
          id: 'ws_gen', name: 'Gen', ownerId: 'u',
          transcripts: generated.map((t) => ({ id: t.id, title: t.title, metadata: t.metadata, createdAt: new Date(t.createdAt).toISOString(), messages: t.messages })),
        }],
      },
    });
    const [a, b] = [(await bulk.exportState()).tables, (await stored.exportState()).tables];
    expect(a.transcripts).toHaveLength(30);
    expect(a.transcript_messages!.length).toBe(generated.reduce((n, t) => n + t.messages.length, 0));
    expect(JSON.stringify(a.transcripts)).toBe(JSON.stringify(b.transcripts));
    expect(JSON.stringify(a.transcript_messages)).toBe(JSON.stringify(b.transcript_messages));
    await Promise.all([bulk.close(), stored.close()]);
  });

  it('imports faker only lazily, and only through the seeded source', () => {
    const root = join(import.meta.dirname, '../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const users = files.filter((f) => readFileSync(join(root, f), 'utf8').includes('@faker-js/faker'));
    expect(users).toEqual([join('seed', 'faker.ts')]);
    const text = readFileSync(join(root, 'seed/faker.ts'), 'utf8');
    expect(text).not.toMatch(/^import (?!type)[^;]*'@faker-js\/faker/m);
    expect(text).toContain("await import('@faker-js/faker/locale/en')");
  });
});
