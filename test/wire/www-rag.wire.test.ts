// www-rag as the demo pipeline calls it (REAL-WIRE.md section 8): submit-url with a user's OAuth
// Bearer (orchestrator/src/www-rag.ts, wwwrag-backfill.ts), the public directory and theme
// (targets/cloudflare/src/index.js, release.js), and the signed register-sites webhook
// (release.js registerSite, withdraw.js removeFromDirectory). Each request is sent as those clients send it.
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineScenario } from '../../src/index.js';
import { MATRIX, mswUse } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { settle } from '../content/settle.js';
import { startSite, type Site } from '../content/site-server.js';

const KEY = `svc_${'W'.repeat(87)}`;
const SEED = 808;
/** The documented default webhook secret: `emulator-www-rag-webhook-<seed>`. */
const SECRET = `emulator-www-rag-webhook-${SEED}`;

const scenario = defineScenario({
  name: 'www-rag-wire',
  seed: SEED,
  now: '2026-08-14T10:00:00.000Z',
  users: [{ id: 'u_fleet', email: 'fleet@pipeline.example' }],
  workspaces: [{ id: 'ws_www', name: 'WWW RAG', slug: 'www', ownerId: 'u_fleet', apiKeys: [{ id: 'k_fleet', name: 'fleet', secret: KEY }] }],
  settings: { wwwRag: { denyHosts: ['*.denied.example'] } },
});

/** release.js signPayload: WebCrypto HMAC-SHA256, hex. */
async function signPayload(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe.each(MATRIX)('www-rag on the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  beforeAll(() => {
    if (doorName === 'msw') mswUse(http.all(`${site.url}/*`, () => passthrough()));
  });
  const text = async (res: Response) => {
    const body = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, headers: res.headers, text: body, body: body && json ? (JSON.parse(body) as Record<string, any>) : undefined };
  };
  /** www-rag.ts postSubmit: lower-case headers, `Bearer` added when missing, `{url, reason}`. */
  const postSubmit = async (url: string, token = door.token('u_fleet')) =>
    door.fetch('/api/v1/www-rag/submit-url', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` },
      body: JSON.stringify({ url, reason: 'divinci-demo-pipeline crawl' }),
    });
  /** release.js registerSite / withdraw.js removeFromDirectory: sign exactly the string POSTed. */
  const registerSites = async (payload: string, signature?: string) =>
    door.fetch('/api/v1/www-rag-webhook/register-sites', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-divinci-signature': signature ?? `sha256=${await signPayload(SECRET, payload)}` },
      body: payload,
    });

  // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/www-rag.ts (postSubmit, the 423 branch) and wwwrag-backfill.ts (already-fresh, accepted:false)
  it('www-rag.ts: queued starts a real crawl, 423 while the host is locked, already-fresh once fetched', async () => {
    const first = await text(await postSubmit(`${site.url}/topics/glacier`));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ url: `${site.url}/topics/glacier`, accepted: true, status: 'queued' });
    expect(typeof first.body?.crawlId).toBe('string');
    // Another page of the same host while that crawl runs: the lock (the client backs off and retries).
    const locked = await postSubmit(`${site.url}/topics/fjord`);
    expect(locked.status).toBe(423);
    await locked.text();

    await settle(door, 120_000);
    const crawl = await text(await door.fetch(`/api/v1/rag/crawls/${first.body?.crawlId}`, { headers: { 'x-api-key': KEY } }));
    expect(crawl.body).toMatchObject({ status: 'completed', source: 'www-rag', counts: { indexed: 1, failed: 0 } });
    // The page is searchable in the corpus workspace.
    const search = await text(await door.fetch(`/api/v1/rag/search?q=glacier+trail`, { headers: { 'x-api-key': KEY } }));
    expect(search.body?.results[0].chunk.content).toContain('glacier');

    const fresh = await text(await postSubmit(`${site.url}/topics/glacier`));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ status: 'already-fresh', accepted: false });
    // The lock is gone once the crawl finished.
    expect((await text(await postSubmit(`${site.url}/topics/fjord`))).body).toMatchObject({ status: 'queued' });

    // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/wwwrag-backfill.ts: `GET /api/v1/www-rag-directory?limit=1000`, no credentials, `{sites: [{host}]}`
    const dir = await text(await door.fetch('/api/v1/www-rag-directory?limit=1000'));
    expect(dir.status).toBe(200);
    expect(dir.body?.sites.find((s: { host: string }) => s.host === site.host)).toMatchObject({ pageCount: 1 });
  }, 120_000);

  // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/www-rag.ts: "OAuth-only (api-key/anon sessions are rejected)"; paced 10 per user per minute
  it('www-rag.ts: OAuth only, denied hosts, and 429 with retry-after past 10 a minute', async () => {
    const asKey = await text(await postSubmit(`${site.url}/`, KEY));
    expect(asKey.status).toBe(403);
    const anon = await text(await door.fetch('/api/v1/www-rag/submit-url', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${site.url}/` }) }));
    expect(anon.status).toBe(401);
    expect(anon.body?.error.code).toBe('UNAUTHORIZED');

    for (let i = 0; i < 10; i++) {
      const res = await text(await postSubmit(`https://shop${i}.denied.example/`));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'denied', accepted: false });
      expect(typeof res.body?.reason).toBe('string');
    }
    const limited = await postSubmit('https://shop10.denied.example/');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await limited.text();
    await door.emulator.clock.advance(retryAfter * 1000);
    expect((await postSubmit('https://shop11.denied.example/')).status).toBe(200);
  });

  // divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/release.js (registerSite, fetchTheme) and withdraw.js (removeFromDirectory)
  it('release.js / withdraw.js: the signed webhook registers and removes directory sites; a bad signature is a bare 401', async () => {
    const payload = JSON.stringify({ sites: [{ host: 'acme-clinic.example', vectorId: 'vec_acme', releaseId: 'rel_acme', pageCount: 42, totalBytes: 123456 }] });
    const ok = await text(await registerSites(payload));
    expect(ok.status).toBe(200);
    const dir = await text(await door.fetch('/api/v1/www-rag-directory'));
    expect(dir.body?.sites).toContainEqual(expect.objectContaining({ host: 'acme-clinic.example', vectorId: 'vec_acme', releaseId: 'rel_acme', pageCount: 42, totalBytes: 123456 }));

    const bad = await text(await registerSites(payload, `sha256=${'0'.repeat(64)}`));
    expect(bad.status).toBe(401);
    expect(bad.text).not.toContain('{');
    const unsigned = await text(await door.fetch('/api/v1/www-rag-webhook/register-sites', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload }));
    expect(unsigned.status).toBe(401);

    // fetchTheme: `GET /www-rag/theme?host=` → `{themed, theme}`; absent for most hosts.
    const theme = await text(await door.fetch(`/api/v1/www-rag/theme?host=${encodeURIComponent('acme-clinic.example')}`, { headers: { Authorization: `Bearer ${KEY}` } }));
    expect(theme.status).toBe(200);
    expect(theme.body).toMatchObject({ themed: false, theme: null });

    const removal = JSON.stringify({ sites: [{ host: 'acme-clinic.example', remove: true }] });
    expect((await registerSites(removal)).status).toBe(200);
    const after = await text(await door.fetch('/api/v1/www-rag-directory'));
    expect(after.body?.sites.some((s: { host: string }) => s.host === 'acme-clinic.example')).toBe(false);
    // A withdrawn site is not crawled again.
    expect((await text(await postSubmit('https://acme-clinic.example/about'))).body).toMatchObject({ status: 'denied' });
  });
});
