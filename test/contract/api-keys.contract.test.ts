// Workspace API keys through every door on every driver: secrets shown once, rotation, revocation,
// updates that take effect, and who may manage keys.
import { describe, expect, it } from 'vitest';
import { ApiKeySchema, ApiKeyWithSecretSchema } from '../../src/types/index.js';
import { MATRIX, pgMatrix, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { KEYS, identityScenario } from '../support/identity-scenario.js';

const BASE = '/api/v1/workspaces/ws_shop/api-keys';

describe.each([...MATRIX, ...pgMatrix()])('api keys: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: identityScenario });
  const as = (userId: string) => ({ authorization: `Bearer ${door.token(userId)}` });
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const init: RequestInit = body === undefined ? { method, headers } : { ...json(body, headers), method };
    const res = await door.fetch(path, init);
    return { status: res.status, text: await res.text() };
  };
  const listTranscripts = (secret: string) => door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': secret } });

  it('lists keys without secrets, with cursor paging', async () => {
    const first = await call('GET', `${BASE}?limit=2`, as('u_owner'));
    expect(first.status).toBe(200);
    const page = JSON.parse(first.text) as { data: unknown[]; hasMore: boolean; nextCursor: string; total: number };
    expect(page.total).toBe(3);
    expect(page.hasMore).toBe(true);
    const keys = page.data.map((k) => ApiKeySchema.parse(k));
    // Oldest first, then by id.
    expect(keys.map((k) => k.id)).toEqual(['k_exp', 'k_free']);
    expect(keys[1]!.keyPrefix).toBe(KEYS.freeOnly.slice(0, 8));
    expect(first.text).not.toContain(KEYS.web);
    expect(first.text).not.toContain('secret');
    const second = JSON.parse((await call('GET', `${BASE}?limit=2&cursor=${page.nextCursor}`, as('u_owner'))).text) as typeof page;
    expect(second.data.map((k) => (k as { id: string }).id)).toEqual(['k_web']);
    expect(second.hasMore).toBe(false);
    expect((await call('GET', `${BASE}?cursor=garbage`, as('u_owner'))).status).toBe(400);
  });

  it('creates a key whose secret is shown once and works at once', async () => {
    const created = await call('POST', BASE, as('u_admin'), { name: 'ci', permissions: ['transcript:read'], allowedOrigins: ['https://ci.shop.example'] });
    expect(created.status).toBe(201);
    const key = ApiKeyWithSecretSchema.parse(JSON.parse(created.text));
    expect(key).toMatchObject({ name: 'ci', status: 'active', permissions: ['transcript:read'], workspaceId: 'ws_shop' });
    expect(key.secret).toMatch(/^svc_[0-9A-Za-z]{87}$/);
    expect(key.keyPrefix).toBe(key.secret.slice(0, 8));
    expect((await listTranscripts(key.secret)).status).toBe(200);
    const list = await call('GET', BASE, as('u_owner'));
    expect(list.text).toContain(key.id);
    expect(list.text).not.toContain(key.secret);
    const one = await call('GET', BASE, { 'x-api-key': KEYS.web });
    expect(one.status).toBe(200);
  });

  it('rotates: a new secret once, and the old one stops working', async () => {
    const rotated = await call('POST', `${BASE}/k_web/rotate`, as('u_owner'));
    expect(rotated.status).toBe(200);
    const key = ApiKeyWithSecretSchema.parse(JSON.parse(rotated.text));
    expect(key.id).toBe('k_web');
    expect(key.secret).not.toBe(KEYS.web);
    expect((await listTranscripts(KEYS.web)).status).toBe(401);
    expect((await listTranscripts(key.secret)).status).toBe(200);
  });

  it('updates take effect: permissions, rate limit, expiry', async () => {
    const patched = await call('PATCH', `${BASE}/k_web`, as('u_owner'), { name: 'web (read)', permissions: ['transcript:read'], rateLimit: 1 });
    expect(patched.status).toBe(200);
    expect(JSON.parse(patched.text)).toMatchObject({ name: 'web (read)', permissions: ['transcript:read'], rateLimit: 1 });
    const write = await door.fetch('/api/v1/transcripts', json({ title: 'x' }, { 'x-api-key': KEYS.web }));
    expect(write.status).toBe(403);
    expect((await listTranscripts(KEYS.web)).status).toBe(429);
    const expire = await call('PATCH', `${BASE}/k_free`, as('u_owner'), { expiresAt: '2026-04-01T12:00:00.000Z' });
    expect(JSON.parse(expire.text).status).toBe('expired');
    expect((await listTranscripts(KEYS.freeOnly)).status).toBe(401);
    const cleared = await call('PATCH', `${BASE}/k_free`, as('u_owner'), { expiresAt: null, allowedTiers: null });
    const after = JSON.parse(cleared.text) as Record<string, unknown>;
    expect(after.status).toBe('active');
    expect('expiresAt' in after).toBe(false);
    expect('allowedTiers' in after).toBe(false);
  });

  it('applies a per-day limit in fixed day windows', async () => {
    const patched = await call('PATCH', `${BASE}/k_free`, as('u_owner'), { rateLimitPerDay: 2 });
    expect(JSON.parse(patched.text)).toMatchObject({ rateLimitPerDay: 2 });
    expect((await listTranscripts(KEYS.freeOnly)).status).toBe(200);
    expect((await listTranscripts(KEYS.freeOnly)).status).toBe(200);
    const limited = await listTranscripts(KEYS.freeOnly);
    expect(limited.status).toBe(429);
    // Scenario time is 12:00 UTC: the day window ends at midnight, 12 hours on.
    expect(limited.headers.get('retry-after')).toBe(String(12 * 3600));
    await door.emulator.clock.advance(12 * 3600_000);
    expect((await listTranscripts(KEYS.freeOnly)).status).toBe(200);
  });

  // Revoke and delete are two operations (https://sdk.divinci.ai/server/api-keys/): revoke disables
  // the key and keeps its record; DELETE removes it.
  it('revokes a key: it answers 401, keeps its record and cannot be rotated back', async () => {
    const revoked = await call('POST', `${BASE}/k_web/revoke`, as('u_owner'));
    expect(revoked.status).toBe(200);
    expect(JSON.parse(revoked.text)).toMatchObject({ id: 'k_web', status: 'revoked' });
    const res = await listTranscripts(KEYS.web);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'API key has been revoked', requestId: expect.any(String) } });
    expect((await call('POST', `${BASE}/k_web/rotate`, as('u_owner'))).status).toBe(404);
    expect(JSON.parse((await call('GET', `${BASE}/k_web`, as('u_owner'))).text)).toMatchObject({ id: 'k_web', status: 'revoked' });
  });

  it('deletes a key: it stops working and is gone', async () => {
    const deleted = await call('DELETE', `${BASE}/k_web`, as('u_owner'));
    expect(deleted.status).toBe(200);
    expect(JSON.parse(deleted.text)).toMatchObject({ id: 'k_web', status: 'revoked', deleted: true });
    expect((await listTranscripts(KEYS.web)).status).toBe(401);
    expect((await call('GET', `${BASE}/k_web`, as('u_owner'))).status).toBe(404);
    expect((await call('GET', BASE, as('u_owner'))).text).not.toContain('k_web');
    expect((await call('DELETE', `${BASE}/k_web`, as('u_owner'))).status).toBe(404);
  });

  it('lets owners, admins and full-access keys manage keys; nobody else', async () => {
    expect((await call('GET', BASE, as('u_editor'))).status).toBe(403);
    expect((await call('POST', BASE, as('u_viewer'), { name: 'x' })).status).toBe(403);
    expect((await call('GET', BASE, as('u_other'))).status).toBe(404);
    expect((await call('GET', BASE, { 'x-api-key': KEYS.other })).status).toBe(404);
    expect((await call('GET', '/api/v1/workspaces/ws_else/api-keys/k_web', as('u_other'))).status).toBe(404);
    expect((await call('DELETE', '/api/v1/workspaces/ws_else/api-keys/k_web', as('u_other'))).status).toBe(404);
    expect((await call('GET', BASE, {})).status).toBe(401);
    expect((await call('GET', BASE, { authorization: 'Bearer nonsense' })).status).toBe(401);
    expect((await call('GET', BASE, { authorization: 'Basic abc' })).status).toBe(401);
    await door.emulator.clock.advance(3600_000);
    const expired = await call('GET', BASE, as('u_owner'));
    expect({ status: expired.status, body: JSON.parse(expired.text) }).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Access token has expired', requestId: expect.any(String) } },
    });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await call('GET', BASE, as('u_owner'))).text;
    const bad = await call('POST', BASE, as('u_owner'), { name: '', permissions: ['everything'], allowedOrigins: ['https://x.example/path'], rateLimit: 0 });
    expect(bad.status).toBe(400);
    const paths = (JSON.parse(bad.text) as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path).sort();
    expect(paths).toEqual(['body.allowedOrigins[0]', 'body.name', 'body.permissions[0]', 'body.rateLimit']);
    expect((await call('PATCH', `${BASE}/k_web`, as('u_owner'), { secret: 'x' })).status).toBe(400);
    expect((await call('PATCH', `${BASE}/k_nope`, as('u_owner'), { name: 'y' })).status).toBe(404);
    expect((await call('GET', BASE, as('u_owner'))).text).toBe(before);
  });
});
