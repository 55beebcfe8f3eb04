// POST /api/v1/auth/validate-key through every door on every driver: the key's context, per-address
// rate limiting, and the lockout after repeated failures, on the emulator clock.
import { describe, expect, it } from 'vitest';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { KEYS, identityScenario } from '../support/identity-scenario.js';

const PATH = '/api/v1/auth/validate-key';
const WRONG = `svc_${'q'.repeat(87)}`;

describe.each(MATRIX)('validate-key: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: identityScenario });
  const check = (key: string, ip = '203.0.113.7') => door.fetch(PATH, { method: 'POST', headers: { 'x-api-key': key, 'x-forwarded-for': ip } });

  it('returns the key’s context, from the header or the body', async () => {
    const res = await check(KEYS.web);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      valid: true,
      workspaceId: 'ws_shop',
      keyId: 'k_web',
      permissions: [],
      key: { id: 'k_web', name: 'web', keyPrefix: KEYS.web.slice(0, 8), status: 'active' },
      workspace: { id: 'ws_shop', name: 'Shop', slug: 'shop' },
    });
    const body = await door.fetch(PATH, json({ apiKey: KEYS.other }));
    expect(((await body.json()) as { workspaceId: string }).workspaceId).toBe('ws_else');
  });

  it('answers 401 for unknown, missing and revoked keys', async () => {
    expect((await check(WRONG)).status).toBe(401);
    const missing = await door.fetch(PATH, { method: 'POST' });
    expect(await missing.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'API key required', requestId: expect.any(String) } });
    await door.emulator.clock.set('2026-04-02T12:00:00.000Z');
    const expired = await check(KEYS.expiring);
    expect(await expired.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'API key has expired', requestId: expect.any(String) } });
  });

  it('locks an address out after 10 failures in 15 minutes, even for a valid key, until the lockout ends', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await check(WRONG)).status).toBe(401);
      await door.emulator.clock.advance(10_000);
    }
    const locked = await check(KEYS.web);
    expect(locked.status).toBe(429);
    const body = (await locked.json()) as { error: { code: string; details: { limit: number; remaining: number; retryAfter: number; resetAt: number } } };
    expect(body.error.code).toBe('RATE_LIMITED');
    // The lockout began at the 10th failure (90 s after the first) and lasts 15 minutes.
    expect(body.error.details).toMatchObject({ limit: 10, remaining: 0, retryAfter: 890 });
    expect(locked.headers.get('retry-after')).toBe('890');
    // Another address is unaffected.
    expect((await check(KEYS.web, '198.51.100.1')).status).toBe(200);
    await door.emulator.clock.advance(889_000);
    expect((await check(KEYS.web)).status).toBe(429);
    await door.emulator.clock.advance(1_000);
    expect((await check(KEYS.web)).status).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < 9; i++) await check(WRONG);
    await door.emulator.clock.advance(15 * 60_000);
    for (let i = 0; i < 9; i++) expect((await check(WRONG)).status).toBe(401);
    expect((await check(KEYS.web)).status).toBe(200);
  });

  it('limits requests per address per minute, failures or not', async () => {
    await door.emulator.loadScenario({ ...identityScenario, settings: { validateKey: { perMinute: 3 } } });
    for (let i = 0; i < 3; i++) expect((await check(KEYS.web)).status).toBe(200);
    const limited = await check(KEYS.web);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { details: { limit: number } } }).error.details.limit).toBe(3);
    await door.emulator.clock.advance(60_000);
    expect((await check(KEYS.web)).status).toBe(200);
  });

  it('refuses a malformed body with 400', async () => {
    const res = await door.fetch(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apiKey":' });
    expect(res.status).toBe(400);
  });
});
