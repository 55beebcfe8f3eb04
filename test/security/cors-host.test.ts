// Control plane safety (issue 12, item 1) through the real HTTP server on 127.0.0.1, with raw
// node:http so the Host and Origin headers are exactly ours: foreign pages cannot read or change
// the control API, DNS rebinding (a foreign Host) is refused, service routes keep CORS without
// credentials for foreign pages; and the MSW door, which has no Host, is unaffected.
import { request as httpRequest } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { startServer, type RunningServer } from '../../src/adapters/node-server.js';
import { createHandlers } from '../../src/adapters/msw.js';
import { ONE_DRIVER, keyOf } from '../support/doors.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to 127.0.0.1:port with exactly these headers (Host included when given). */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: !('host' in headers) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const EVIL = 'https://evil.example';
const TRUSTED = 'https://trusted.example';
const KEY_ORIGIN = 'https://app.acme.example';
const preflightOf = (origin: string, method: string, asked = 'content-type') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': asked,
});

function expectForbidden(res: Raw, reason: string): void {
  expect(res.status).toBe(403);
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  const envelope = JSON.parse(res.body) as { error: { code: string; details: { reason: string }; requestId: string } };
  expect(envelope.error.code).toBe('FORBIDDEN');
  expect(envelope.error.details.reason).toBe(reason);
  expect(envelope.error.requestId).toBe(res.headers['x-request-id']);
}

/** Path parameters filled in, so every route of the table can be called. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+\{[^}]*\}|:[A-Za-z]+/g, 'x_1').replace(/\*/g, 'x');

describe('control plane safety over HTTP bound to 127.0.0.1', () => {
  let emulator: Emulator;
  let server: RunningServer;
  const port = () => server.port;

  beforeAll(async () => {
    emulator = await createEmulator({ scenario: 'default', storage: ONE_DRIVER, allowedOrigins: [TRUSTED] });
    server = await startServer(emulator, { port: 0, allowedHosts: ['emulator.internal'] });
  });

  afterAll(async () => {
    await server?.close();
    await emulator?.close();
  });

  describe('the control API and the dashboard', () => {
    it('a foreign page cannot read GET /__emulator/state: 403, no CORS headers', async () => {
      expectForbidden(await raw(port(), 'GET', '/__emulator/state', { origin: EVIL }), 'origin_not_allowed');
      expectForbidden(await raw(port(), 'GET', '/__emulator/ui', { origin: EVIL }), 'origin_not_allowed');
      // The `null` origin (sandboxed frames, file:// pages) is foreign too.
      expectForbidden(await raw(port(), 'GET', '/__emulator/health', { origin: 'null' }), 'origin_not_allowed');
    });

    it('a foreign page cannot preflight PUT /__emulator/state', async () => {
      expectForbidden(await raw(port(), 'OPTIONS', '/__emulator/state', preflightOf(EVIL, 'PUT')), 'origin_not_allowed');
    });

    it('a foreign simple request (a form POST) is refused before it changes anything', async () => {
      const before = emulator.clock.now();
      const res = await raw(port(), 'POST', '/__emulator/clock', { origin: EVIL, 'content-type': 'text/plain' }, '{"advanceMs":3600000}');
      expectForbidden(res, 'origin_not_allowed');
      expect(emulator.clock.now()).toBe(before);
    });

    it('loopback pages on any port may read and preflight, with credentials', async () => {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'https://localhost', 'http://app.localhost:3000']) {
        const read = await raw(port(), 'GET', '/__emulator/state', { origin });
        expect(read.status).toBe(200);
        expect(read.headers['access-control-allow-origin']).toBe(origin);
        expect(read.headers['access-control-allow-credentials']).toBe('true');
        const pre = await raw(port(), 'OPTIONS', '/__emulator/state', preflightOf(origin, 'PUT'));
        expect(pre.status).toBe(204);
        expect(pre.headers['access-control-allow-origin']).toBe(origin);
        expect(pre.headers['access-control-allow-credentials']).toBe('true');
        expect(pre.headers['access-control-allow-methods']).toContain('PUT');
      }
    });

    it('an origin named in allowedOrigins (serve --allow-origin) may, and only that exact origin', async () => {
      const read = await raw(port(), 'GET', '/__emulator/health', { origin: TRUSTED });
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe(TRUSTED);
      const pre = await raw(port(), 'OPTIONS', '/__emulator/state', preflightOf(TRUSTED, 'PUT'));
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(TRUSTED);
      expectForbidden(await raw(port(), 'GET', '/__emulator/health', { origin: 'http://trusted.example' }), 'origin_not_allowed');
      expectForbidden(await raw(port(), 'GET', '/__emulator/health', { origin: 'https://trusted.example:8443' }), 'origin_not_allowed');
    });

    it('the dashboard calling its own server (same origin, an allowed Host) may', async () => {
      const res = await raw(port(), 'POST', '/__emulator/jobs/flush', { host: `emulator.internal:${port()}`, origin: `http://emulator.internal:${port()}` });
      expect(res.status).toBe(200);
    });

    it('a request without Origin (curl, the SDK, a test) is answered as before', async () => {
      const res = await raw(port(), 'GET', '/__emulator/health');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('the Host check (DNS rebinding)', () => {
    it('a foreign Host gets 403 on control and service routes, preflights included', async () => {
      const key = keyOf(emulator, 'key_full');
      for (const host of ['evil.example', `evil.example:${port()}`, `attacker.test:80`, `127.0.0.1.evil.example:${port()}`]) {
        expectForbidden(await raw(port(), 'GET', '/__emulator/state', { host }), 'host_not_allowed');
        expectForbidden(await raw(port(), 'GET', '/api/v1/transcripts', { host, 'x-api-key': key }), 'host_not_allowed');
        expectForbidden(await raw(port(), 'OPTIONS', '/api/v1/transcripts', { host, ...preflightOf(`http://${host}`, 'GET') }), 'host_not_allowed');
      }
      // Even from a same-origin page: that is what a rebound name looks like.
      expectForbidden(await raw(port(), 'GET', '/__emulator/state', { host: `evil.example:${port()}`, origin: `http://evil.example:${port()}` }), 'host_not_allowed');
    });

    it('a foreign Host is refused before fault rules fire, and changes nothing', async () => {
      const rule = emulator.faults.add({ path: '/api/v1/transcripts', status: 503 });
      try {
        expectForbidden(await raw(port(), 'GET', '/api/v1/transcripts', { host: 'evil.example' }), 'host_not_allowed');
        expect(emulator.faults.list().find((f) => f.id === rule.id)?.hits ?? 0).toBe(0);
      } finally {
        emulator.faults.remove(rule.id);
      }
      const before = emulator.clock.now();
      expectForbidden(await raw(port(), 'POST', '/__emulator/clock', { host: 'evil.example', 'content-type': 'application/json' }, '{"advanceMs":1000}'), 'host_not_allowed');
      expect(emulator.clock.now()).toBe(before);
    });

    it('an absolute-form request target naming a foreign host is refused too', async () => {
      expectForbidden(await raw(port(), 'GET', 'http://evil.example/__emulator/state', { host: `127.0.0.1:${port()}` }), 'host_not_allowed');
    });

    it('loopback names, the bound address and allowed hosts are answered, with any port', async () => {
      const key = keyOf(emulator, 'key_full');
      for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, '127.0.0.1', `[::1]:${port()}`, 'app.localhost', 'LOCALHOST', `emulator.internal:${port()}`, 'Emulator.Internal']) {
        expect((await raw(port(), 'GET', '/__emulator/health', { host })).status, host).toBe(200);
        expect((await raw(port(), 'GET', '/api/v1/transcripts?limit=1', { host, 'x-api-key': key })).status, host).toBe(200);
      }
    });
  });

  describe('service routes', () => {
    it('a foreign page gets its origin reflected, without credentials', async () => {
      const key = keyOf(emulator, 'key_read');
      const res = await raw(port(), 'GET', '/api/v1/transcripts?limit=1', { origin: EVIL, 'x-api-key': key });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(EVIL);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id');
      const pre = await raw(port(), 'OPTIONS', '/api/v1/transcripts', preflightOf(EVIL, 'GET', 'x-api-key'));
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(EVIL);
      expect(pre.headers['access-control-allow-headers']).toBe('x-api-key');
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it("an origin in the presented key's allowedOrigins gets credentials; another key's origin does not", async () => {
      // key_full allows https://app.acme.example (scenarios/default.json); key_read allows none.
      const withKey = await raw(port(), 'GET', '/api/v1/transcripts?limit=1', { origin: KEY_ORIGIN, 'x-api-key': keyOf(emulator, 'key_full') });
      expect(withKey.status).toBe(200);
      expect(withKey.headers['access-control-allow-origin']).toBe(KEY_ORIGIN);
      expect(withKey.headers['access-control-allow-credentials']).toBe('true');
      const asBearer = await raw(port(), 'GET', '/api/v1/transcripts?limit=1', { origin: KEY_ORIGIN, authorization: `Bearer ${keyOf(emulator, 'key_full')}` });
      expect(asBearer.headers['access-control-allow-credentials']).toBe('true');
      const otherKey = await raw(port(), 'GET', '/api/v1/transcripts?limit=1', { origin: KEY_ORIGIN, 'x-api-key': keyOf(emulator, 'key_read') });
      expect(otherKey.headers['access-control-allow-origin']).toBe(KEY_ORIGIN);
      expect(otherKey.headers['access-control-allow-credentials']).toBeUndefined();
      // A preflight carries no key: credentials when some active key allows the origin.
      const pre = await raw(port(), 'OPTIONS', '/api/v1/transcripts', preflightOf(KEY_ORIGIN, 'GET', 'x-api-key'));
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
      expect(pre.headers['access-control-allow-headers']).toBe('x-api-key');
    });

    it('loopback and allowed origins get credentials without a key', async () => {
      for (const origin of ['http://localhost:3000', TRUSTED]) {
        const res = await raw(port(), 'GET', '/openapi.json', { origin });
        expect(res.status).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['access-control-allow-credentials']).toBe('true');
      }
    });

    it('the browser half of embed sign-in (/embed/validate-login) keeps its CORS: the body names the origin', async () => {
      const body = JSON.stringify({ refreshToken: 'not-a-token', origin: KEY_ORIGIN, releaseId: 'rel_help' });
      const res = await raw(port(), 'POST', '/embed/validate-login', { origin: KEY_ORIGIN, 'content-type': 'application/json' }, body);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ valid: false });
      expect(res.headers['access-control-allow-origin']).toBe(KEY_ORIGIN);
    });
  });

  it('never answers ACAO * with credentials, and never credentials to a foreign page, across every route', async () => {
    const routes = emulator.routes();
    expect(routes.length).toBeGreaterThan(100);
    const seen: string[] = [];
    for (const route of routes) {
      const path = concrete(route.path);
      const control = path.startsWith('/__emulator');
      const answers = [
        await raw(port(), 'OPTIONS', path, preflightOf(EVIL, route.method)),
        await raw(port(), 'OPTIONS', path, preflightOf('http://localhost:3000', route.method)),
        // Foreign pages only, for non-GET: a loopback page may change state, and this sweep must not.
        await raw(port(), route.method, path, { origin: EVIL }),
        ...(route.method === 'GET' ? [await raw(port(), 'GET', path, { origin: 'http://localhost:3000' })] : []),
      ];
      for (const [i, res] of answers.entries()) {
        const what = `${route.method} ${route.path} #${i}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.headers['access-control-allow-credentials'] === 'true') expect(res.headers['access-control-allow-origin'], what).not.toBe('*');
        expect(res.headers['access-control-allow-origin'], what).not.toBe('*');
        if (res.headers['access-control-allow-origin'] === EVIL) expect(res.headers['access-control-allow-credentials'], what).toBeUndefined();
      }
      if (control) {
        expect(answers[0]!.status, route.path).toBe(403);
        expect(answers[2]!.status, route.path).toBe(403);
      } else {
        expect(answers[0]!.headers['access-control-allow-origin'], route.path).toBe(EVIL);
      }
      seen.push(label(route));
    }
    expect(seen.length).toBe(routes.length);
  });
});

const label = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('a server bound to 0.0.0.0', () => {
  let emulator: Emulator;
  let open: RunningServer;
  let named: RunningServer;

  beforeAll(async () => {
    emulator = await createEmulator({ scenario: 'empty', storage: ONE_DRIVER });
    open = await startServer(emulator, { port: 0, host: '0.0.0.0' });
    named = await startServer(emulator, { port: 0, host: '0.0.0.0', allowedHosts: ['emulator.internal'] });
  });

  afterAll(async () => {
    await open?.close();
    await named?.close();
    await emulator?.close();
  });

  it('answers any Host (the user chose to expose it), but still keeps foreign pages off the control API', async () => {
    expect((await raw(open.port, 'GET', '/__emulator/health', { host: 'my-laptop.lan:4010' })).status).toBe(200);
    expectForbidden(await raw(open.port, 'GET', '/__emulator/health', { host: 'my-laptop.lan:4010', origin: EVIL }), 'origin_not_allowed');
    // The dashboard served at that name calls its own origin.
    expect((await raw(open.port, 'GET', '/__emulator/health', { host: 'my-laptop.lan:4010', origin: 'http://my-laptop.lan:4010' })).status).toBe(200);
  });

  it('checks Host once hosts are named: those and loopback names only', async () => {
    expect((await raw(named.port, 'GET', '/__emulator/health', { host: 'emulator.internal' })).status).toBe(200);
    expect((await raw(named.port, 'GET', '/__emulator/health', { host: `localhost:${named.port}` })).status).toBe(200);
    expectForbidden(await raw(named.port, 'GET', '/__emulator/health', { host: 'evil.example' }), 'host_not_allowed');
  });
});

describe('options are checked', () => {
  it('refuses a bad allowedOrigins or allowedHosts entry with a TypeError naming it', async () => {
    await expect(createEmulator({ scenario: 'empty', storage: ONE_DRIVER, allowedOrigins: ['evil.example'] })).rejects.toThrow(/"evil.example" is not an origin/);
    await expect(createEmulator({ scenario: 'empty', storage: ONE_DRIVER, allowedOrigins: ['https://a.example/path'] })).rejects.toThrow(TypeError);
    const emulator = await createEmulator({ scenario: 'empty', storage: ONE_DRIVER });
    try {
      await expect(startServer(emulator, { port: 0, allowedHosts: ['http://x.example'] })).rejects.toThrow(/"http:\/\/x.example" is not a host name/);
    } finally {
      await emulator.close();
    }
  });
});

describe('the MSW door (no real Host)', () => {
  const BASE = 'http://emulator.test';
  let emulator: Emulator;
  let msw: ReturnType<typeof setupServer>;

  beforeAll(async () => {
    emulator = await createEmulator({ scenario: 'default', storage: ONE_DRIVER });
    msw = setupServer(...createHandlers(emulator, { baseUrl: BASE }));
    msw.listen({ onUnhandledRequest: 'error' });
  });

  afterAll(async () => {
    msw?.close();
    await emulator?.close();
  });

  it('answers any base URL name: the Host check belongs to the HTTP door', async () => {
    expect((await fetch(`${BASE}/__emulator/health`)).status).toBe(200);
    const res = await fetch(`${BASE}/api/v1/transcripts?limit=1`, { headers: { 'x-api-key': keyOf(emulator, 'key_full') } });
    expect(res.status).toBe(200);
  });

  it('applies the same origin policy: control API for loopback pages only, service CORS without credentials', async () => {
    const evil = await fetch(`${BASE}/__emulator/state`, { headers: { origin: EVIL } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const local = await fetch(`${BASE}/__emulator/health`, { headers: { origin: 'http://localhost:3000' } });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-credentials')).toBe('true');
    const service = await fetch(`${BASE}/api/v1/transcripts?limit=1`, { headers: { origin: EVIL, 'x-api-key': keyOf(emulator, 'key_read') } });
    expect(service.status).toBe(200);
    expect(service.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(service.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
