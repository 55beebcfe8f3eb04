// Credentials as real clients send them (REAL-WIRE sections 1 and 9): a workspace API key as a
// Bearer token, the fourteen key scopes, request ids on every answer, and the two 429s told apart
// by code. Raw fetch with the clients' own headers, through both doors on both drivers.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/core/route.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { KEYS, credsScenario } from './creds-scenario.js';

type Json = Record<string, any>;
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

describe.each(MATRIX)('credentials on the wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: credsScenario });
  const read = async (res: Response) => ({ status: res.status, headers: res.headers, body: (await res.json()) as Json });
  const lastKeyId = () => door.emulator.requests.last()?.keyId;

  describe('a workspace API key as a Bearer token', () => {
    // fulcrum server/services/divinci-rag-client.ts: POST /api/v1/rag/context, the key as Bearer.
    it('retrieves context by group (fulcrum divinci-rag-client.ts)', async () => {
      const res = await door.fetch('/api/v1/rag/context', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEYS.full}` },
        body: JSON.stringify({ query: 'How do I reset my password?', groupId: 'grp_all', topK: 5 }),
      });
      const { status, body } = await read(res);
      expect(status).toBe(200);
      expect(body.chunks.length).toBeGreaterThan(0);
      expect(body.chunks[0].content).toContain('reset your password');
      // The journal names the key, as for x-api-key.
      expect(lastKeyId()).toBe('k_full');
    });

    // fulcrum server/services/divinci-sync-service.ts: multipart upload and delete, the key as Bearer.
    it('uploads and deletes a file (fulcrum divinci-sync-service.ts)', async () => {
      const form = new FormData();
      form.append('title', 'Fulcrum task: Ship the release');
      form.append('description', 'Status: open');
      form.append('chunkingTool', 'langextract');
      form.append('ragVectorId', 'vec_docs');
      form.append('sourceUrl', 'https://fulcrum.example/tasks/42');
      form.append('file', new Blob(['# Ship the release\n\nStatus: open'], { type: 'text/plain' }), 'task-42.md');
      const uploaded = await door.fetch('/api/v1/rag/files', { method: 'POST', headers: { Authorization: `Bearer ${KEYS.full}` }, body: form });
      expect(uploaded.status).toBe(202);
      const [record] = (await uploaded.json()) as Json[];
      const fileId = (record!._id ?? record!.id) as string;
      expect(typeof fileId).toBe('string');
      const url = `/api/v1/rag/files/${encodeURIComponent(fileId)}`;
      expect((await door.fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${KEYS.full}` } })).status).toBe(200);
      // "404 on delete is fine — file already gone": the client's own reading of a second delete.
      expect((await door.fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${KEYS.full}` } })).status).toBe(404);
    });

    // divinci-demo-pipeline-oss targets/cloudflare/src/release.js: v1() sends Bearer + Content-Type on every call.
    it('reads releases (demo-pipeline targets/cloudflare/src/release.js)', async () => {
      const headers = { Authorization: `Bearer ${KEYS.full}`, 'Content-Type': 'application/json' };
      const one = await read(await door.fetch('/api/v1/releases/rel_main', { method: 'GET', headers }));
      expect(one.status).toBe(200);
      expect(one.body.id ?? one.body._id).toBe('rel_main');
      const list = await read(await door.fetch('/api/v1/releases', { method: 'GET', headers }));
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).toContain('rel_main');
      // Another workspace's key sees nothing of it.
      expect((await door.fetch('/api/v1/releases/rel_main', { headers: { ...headers, ...bearer(KEYS.other) } })).status).toBe(404);
    });

    // REAL-WIRE section 1: the same checks as x-api-key — unknown, revoked, scopes, rate limits.
    it('gets the same checks as x-api-key: unknown, revoked, missing scope', async () => {
      const wrong = await read(await door.fetch('/api/v1/transcripts', { headers: bearer(`svc_${'z'.repeat(87)}`) }));
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.message).toBe('Invalid API key');
      const revoked = await read(await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.revoked) }));
      expect(revoked.status).toBe(401);
      expect(revoked.body.error.message).toBe('API key has been revoked');
      expect((await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.read) })).status).toBe(200);
      const denied = await read(
        await door.fetch('/api/v1/transcripts', { method: 'POST', headers: { ...bearer(KEYS.read), 'Content-Type': 'application/json' }, body: '{}' }),
      );
      expect(denied.status).toBe(403);
      expect(denied.body.error.message).toBe('API key lacks the transcript:write permission');
      expect(await door.emulator.exportState().then((s) => JSON.stringify(s))).not.toContain('"title":"Untitled transcript"');
    });

    it('shares one rate window with x-api-key', async () => {
      expect((await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.limited) })).status).toBe(200);
      expect((await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': KEYS.limited } })).status).toBe(200);
      const third = await read(await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.limited) }));
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('RATE_LIMITED');
      expect(third.headers.get('retry-after')).toBe('60');
      expect(lastKeyId()).toBe('k_limited');
    });

    it('validates a key sent as Bearer (validate-key) and speaks for an external user', async () => {
      const valid = await read(await door.fetch('/api/v1/auth/validate-key', { method: 'POST', headers: bearer(KEYS.read) }));
      expect(valid.status).toBe(200);
      expect(valid.body).toMatchObject({ valid: true, workspaceId: 'ws_main', keyId: 'k_read', permissions: ['transcript:read'] });
      // An end-user route: the key speaks for the external user it names, as with x-api-key.
      const threads = await read(await door.fetch('/api/v1/chat/threads', { headers: { ...bearer(KEYS.full), 'x-external-user-id': 'cust-7' } }));
      expect(threads.status).toBe(200);
      expect(threads.body.data).toEqual([]);
    });

    it('refuses a key as Bearer where only a user will do (403), and a bad one with 401', async () => {
      const asKey = await read(await door.fetch('/api/v1/workspaces', { headers: bearer(KEYS.full) }));
      expect(asKey.status).toBe(403);
      expect(asKey.body.error.message).toContain('needs a user access token');
      expect(lastKeyId()).toBe('k_full');
      expect((await door.fetch('/api/v1/workspaces', { headers: bearer(KEYS.revoked) })).status).toBe(401);
      expect((await door.fetch('/api/v1/workspaces', { headers: { authorization: `Bearer ${door.token('u_owner')}` } })).status).toBe(200);
    });

    // A Bearer value without the key prefix is a JWT, as before: a user's token is refused on the key-only mount.
    it('treats any other Bearer value as an access token', async () => {
      const user = await read(await door.fetch('/api/v1/transcripts', { headers: { authorization: `Bearer ${door.token('u_owner')}` } }));
      expect(user.status).toBe(401);
      expect(user.body.error.message).toContain('/api/v1/workspaces/{workspaceId}/transcripts');
      expect((await door.fetch('/api/v1/workspaces/ws_main', { headers: bearer('not-a-key') })).status).toBe(401);
    });
  });

  // https://sdk.divinci.ai/server/api-keys/: the fourteen `category:action` scopes.
  describe('key scopes', () => {
    it('accepts all fourteen scopes on create and update', async () => {
      const owner = { authorization: `Bearer ${door.token('u_owner')}`, 'content-type': 'application/json' };
      const created = await read(
        await door.fetch('/api/v1/workspaces/ws_main/api-keys', { method: 'POST', headers: owner, body: JSON.stringify({ name: 'everything', permissions: [...PERMISSIONS] }) }),
      );
      expect(created.status).toBe(201);
      expect(created.body.permissions).toEqual([...PERMISSIONS]);
      expect(PERMISSIONS).toHaveLength(14);
      const patched = await read(
        await door.fetch(`/api/v1/workspaces/ws_main/api-keys/${created.body.id}`, { method: 'PATCH', headers: owner, body: JSON.stringify({ permissions: ['byok:resolve', 'analytics:read'] }) }),
      );
      expect(patched.body.permissions).toEqual(['byok:resolve', 'analytics:read']);
      const bad = await read(
        await door.fetch('/api/v1/workspaces/ws_main/api-keys', { method: 'POST', headers: owner, body: JSON.stringify({ name: 'x', permissions: ['byok:everything'] }) }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.issues[0].path).toBe('body.permissions[0]');
    });

    it('guards provider keys with byok:read / byok:write', async () => {
      const body = JSON.stringify({ provider: 'openai', key: 'sk-test-1234567890' });
      const created = await door.fetch('/api/v1/byok', { method: 'POST', headers: { 'x-api-key': KEYS.byok, 'content-type': 'application/json' }, body });
      expect(created.status).toBe(201);
      expect((await door.fetch('/api/v1/byok', { headers: bearer(KEYS.byok) })).status).toBe(200);
      expect((await door.fetch('/api/v1/byok', { headers: bearer(KEYS.read) })).status).toBe(403);
      const denied = await door.fetch('/api/v1/byok', { method: 'POST', headers: { ...bearer(KEYS.whitelabel), 'content-type': 'application/json' }, body });
      expect(denied.status).toBe(403);
      expect(((await denied.json()) as Json).error.message).toBe('API key lacks the byok:write permission');
    });

    it('guards workspace config and the workspace record with whitelabel:read / whitelabel:write', async () => {
      expect((await door.fetch('/api/v1/config', { headers: bearer(KEYS.whitelabel) })).status).toBe(200);
      expect((await door.fetch('/api/v1/workspaces/ws_main', { headers: bearer(KEYS.whitelabel) })).status).toBe(200);
      const put = await door.fetch('/api/v1/config/title', { method: 'PUT', headers: { ...bearer(KEYS.whitelabel), 'content-type': 'application/json' }, body: '{"title":"Renamed"}' });
      expect(put.status).toBe(403);
      expect(((await put.json()) as Json).error.message).toBe('API key lacks the whitelabel:write permission');
      expect((await door.fetch('/api/v1/config', { headers: bearer(KEYS.byok) })).status).toBe(403);
      // Full access (an empty list) passes every guard.
      const renamed = await door.fetch('/api/v1/workspaces/ws_main', { method: 'PATCH', headers: { ...bearer(KEYS.full), 'content-type': 'application/json' }, body: '{"name":"Main 2"}' });
      expect(renamed.status).toBe(200);
    });
  });

  // https://sdk.divinci.ai/getting-started/error-handling/: every error carries requestId.
  describe('request ids', () => {
    it('names every answer in x-request-id, and every error envelope in error.requestId', async () => {
      const ok = await door.fetch('/api/v1/transcripts', { headers: { 'X-API-Key': KEYS.full } });
      expect(ok.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
      const missing = await door.fetch('/api/v1/transcripts/tr_nope', { headers: { 'X-API-Key': KEYS.full } });
      const envelope = (await missing.json()) as Json;
      expect(envelope.error.requestId).toBe(missing.headers.get('x-request-id'));
      expect(envelope.error.requestId).not.toBe(ok.headers.get('x-request-id'));
      // An unknown route, a bad body and a handler-built envelope (validate-key) all carry it.
      const nowhere = await door.fetch('/api/v1/nowhere');
      expect(((await nowhere.json()) as Json).error.requestId).toBe(nowhere.headers.get('x-request-id'));
      const bad = await door.fetch('/api/v1/transcripts', { method: 'POST', headers: { 'x-api-key': KEYS.full, 'content-type': 'application/json' }, body: '{"title": 4' });
      expect(((await bad.json()) as Json).error.requestId).toBe(bad.headers.get('x-request-id'));
      const invalid = await door.fetch('/api/v1/auth/validate-key', { method: 'POST', headers: { 'x-api-key': `svc_${'n'.repeat(87)}` } });
      expect(invalid.status).toBe(401);
      expect(((await invalid.json()) as Json).error.requestId).toBe(invalid.headers.get('x-request-id'));
    });

    it('also names OAuth, JSON-RPC and CORS preflight answers (a JSON-RPC error keeps its own shape)', async () => {
      const oauth = await door.fetch('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
      expect(oauth.status).toBe(400);
      expect(oauth.headers.get('x-request-id')).toMatch(/^req_/);
      const oauthBody = (await oauth.json()) as Json;
      // RFC 6749 §5.2: the OAuth error body keeps its own shape; the id rides in the header alone.
      expect(oauthBody.error).toBe('unsupported_grant_type');
      const rpc = await door.fetch('/api/v1/a2a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
      expect(rpc.headers.get('x-request-id')).toMatch(/^req_/);
      expect(((await rpc.json()) as Json).error).toEqual({ code: -32700, message: 'Parse error' });
      const preflight = await door.fetch('/api/v1/transcripts', {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('x-request-id')).toMatch(/^req_/);
      const cors = await door.fetch('/api/v1/transcripts', { headers: { origin: 'http://localhost:3000', ...bearer(KEYS.full) } });
      expect(cors.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    });

    it('echoes a well-formed client x-request-id, and ignores a malformed one', async () => {
      const mine = await door.fetch('/api/v1/transcripts/tr_nope', { headers: { 'x-api-key': KEYS.full, 'x-request-id': 'trace-7f3a.01' } });
      expect(mine.headers.get('x-request-id')).toBe('trace-7f3a.01');
      expect(((await mine.json()) as Json).error.requestId).toBe('trace-7f3a.01');
      const odd = await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': KEYS.full, 'x-request-id': 'has spaces and / slashes' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
    });

    it('replays the same ids after a reset: seeded and counted per world', async () => {
      const ids = async () => {
        const out: (string | null)[] = [];
        for (const path of ['/api/v1/transcripts', '/api/v1/transcripts/tr_one', '/api/v1/nowhere']) {
          out.push((await door.fetch(path, { headers: bearer(KEYS.full) })).headers.get('x-request-id'));
        }
        return out;
      };
      await door.emulator.reset();
      const first = await ids();
      // Harness calls keep their own count: they never shift the service's ids.
      await door.fetch('/__emulator/health');
      await door.fetch('/__emulator/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(await ids()).toEqual(first);
      expect(new Set(first).size).toBe(3);
    });
  });

  // https://sdk.divinci.ai/getting-started/error-handling/: RateLimitError vs QuotaExceededError, by code.
  describe('the two 429s', () => {
    it('answers the workspace monthly allowance with QUOTA_EXCEEDED, a per-key window with RATE_LIMITED', async () => {
      for (let i = 0; i < 2; i++) expect((await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.quota) })).status).toBe(200);
      const over = await read(await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.quota) }));
      expect(over.status).toBe(429);
      const monthEnd = Date.parse('2026-04-01T00:00:00.000Z');
      const retryAfter = (monthEnd - Date.parse('2026-03-10T12:00:00.000Z')) / 1000;
      expect(over.body.error).toEqual({
        code: 'QUOTA_EXCEEDED',
        message: 'Monthly API call limit reached for this workspace (maxMonthlyApiCalls)',
        details: { limit: 2, remaining: 0, resetAt: monthEnd / 1000, retryAfter, type: 'monthly_quota_exceeded' },
        requestId: over.headers.get('x-request-id'),
      });
      expect(over.headers.get('retry-after')).toBe(String(retryAfter));
      for (let i = 0; i < 2; i++) await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.limited) });
      const limited = await read(await door.fetch('/api/v1/transcripts', { headers: bearer(KEYS.limited) }));
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect(limited.body.error.details.type).toBeUndefined();
    });
  });
});
