// Headless external-user sign-in (spec section 5) through every door on every driver: login,
// validate-login and each of its {valid:false} conditions, refresh rotation, clock-driven expiry.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { KEYS, NOW, identityScenario } from '../support/identity-scenario.js';

const DAY = 86_400_000;

describe.each(MATRIX)('embed sign-in: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: identityScenario });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => door.reply('POST', path, { headers }, body);
  const login = (body: Record<string, unknown> = {}, key = KEYS.web) =>
    post('/embed/login', { apikey: key, userId: 'cust-7', membershipTier: 'premium', username: 'Sam', ...body });
  const validate = (refreshToken: string, extra: Record<string, unknown> = {}) =>
    post('/embed/validate-login', { refreshToken, origin: 'http://localhost:3000', releaseId: 'rel_shop', ...extra });

  it('logs in server-side: a 7-day refresh token and the tier assigned', async () => {
    const { status, body } = await login();
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['refreshExpiresAt', 'refreshToken', 'tierAssigned']);
    expect(body.refreshToken).toMatch(/^rt_[0-9A-Za-z]{64}$/);
    expect(body.refreshExpiresAt).toBe(new Date(Date.parse(NOW) + 7 * DAY).toISOString());
    expect(body.tierAssigned).toBe('premium');
    const header = await post('/embed/login', { userId: 'cust-8' }, { 'x-api-key': KEYS.web });
    expect(header.status).toBe(200);
    expect(header.body.tierAssigned).toBe('free');
  });

  it('refuses a tier that is not one of the workspace’s embed tiers (or the key’s allowed ones)', async () => {
    const bad = await login({ membershipTier: 'gold' });
    expect(bad).toEqual({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Invalid tier', details: { availableSlugs: ['free', 'premium'] }, requestId: expect.any(String) } } });
    // Real wire (Examples embed/MembershipTiers.md): a known tier the key does not allow is downgraded, not refused.
    const narrowed = await login({ membershipTier: 'premium' }, KEYS.freeOnly);
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.tierAssigned).toBe('free');
  });

  it('refuses bad keys with 401, browser calls with 403, bad bodies with 400', async () => {
    expect((await login({}, `svc_${'Z'.repeat(87)}`)).status).toBe(401);
    expect((await post('/embed/login', { userId: 'x' })).status).toBe(401);
    await door.emulator.clock.set('2026-04-02T12:00:00.000Z');
    expect((await login({ membershipTier: 'free' }, KEYS.expiring)).body.error.message).toBe('API key has expired');
    const browser = await login({}, KEYS.web);
    expect(browser.status).toBe(200);
    const withOrigin = await post('/embed/login', { apikey: KEYS.web, userId: 'x' }, { origin: 'https://shop.example' });
    expect(withOrigin.status).toBe(403);
    const missing = await post('/embed/login', { apikey: KEYS.web });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.issues.map((i: { path: string }) => i.path)).toEqual(['body.userId']);
  });

  it('trades the refresh token for a 30-minute access token with user info and tier config', async () => {
    const { body: session } = await login();
    const { status, body } = await validate(session.refreshToken);
    expect(status).toBe(200);
    expect(body.valid).toBe(true);
    expect(body.userInfo).toEqual({ user_id: 'cust-7', nickname: 'Sam', picture: null });
    expect(body.tierConfig).toEqual({
      tier: 'premium',
      limits: { messagesPerMonth: 900, messagesPerDay: 50, messagesPerHour: 50, maxConversationLength: 100, maxTokensPerMessage: 4000, maxConcurrentChats: 5 },
      usage: { messagesThisMonth: 0, messagesToday: 0, messagesThisHour: 0, currentConversationLength: 0 },
      remaining: { messagesThisMonth: 900, messagesToday: 50, messagesThisHour: 50 },
    });
    expect(decodeProtectedHeader(body.accessToken).alg).toBe('EdDSA');
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ iss: new URL(door.baseUrl).origin, use: 'access', kind: 'embed', ext: 'cust-7', rid: 'rel_shop', wid: 'ws_shop', tier: 'premium' });
    expect(claims.exp! - claims.iat!).toBe(1800);
    expect(body.expiresAt).toBe(claims.exp! * 1000);
    // The key's own tier limits win over the workspace's.
    const free = await login({ membershipTier: 'free', userId: 'cust-free' }, KEYS.freeOnly);
    const tiered = await validate(free.body.refreshToken, { origin: 'https://shop.example' });
    expect(tiered.body.tierConfig.limits.messagesPerDay).toBe(2);
  });

  it('answers {valid:false} for each failed condition, never an error status', async () => {
    const { body: session } = await login();
    const rt = session.refreshToken;
    const falsy = async (body: unknown) => {
      const res = await door.fetch('/embed/validate-login', typeof body === 'string' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body } : json(body));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ valid: false });
    };
    // 1. The release must belong to the key's workspace.
    await falsy({ refreshToken: rt, origin: 'http://localhost:3000', releaseId: 'rel_else' });
    await falsy({ refreshToken: rt, origin: 'http://localhost:3000', releaseId: 'rel_nope' });
    // 2. The origin matches exactly: scheme, case and port included.
    for (const origin of ['https://localhost:3000', 'http://LOCALHOST:3000', 'http://localhost:3001', 'http://localhost:3000/']) {
      await falsy({ refreshToken: rt, origin, releaseId: 'rel_shop' });
    }
    // 3. All three fields present; anything malformed is just as invalid.
    await falsy({ origin: 'http://localhost:3000', releaseId: 'rel_shop' });
    await falsy({ refreshToken: rt, releaseId: 'rel_shop' });
    await falsy({ refreshToken: rt, origin: 'http://localhost:3000' });
    await falsy('{not json');
    await falsy({ refreshToken: 'rt_unknown', origin: 'http://localhost:3000', releaseId: 'rel_shop' });
    // And the same token still works when everything is right.
    expect((await validate(rt)).body.valid).toBe(true);
  });

  it('fails validation once the refresh token is 7 days old, on the emulator clock', async () => {
    const { body: session } = await login();
    await door.emulator.clock.advance(7 * DAY - 1);
    expect((await validate(session.refreshToken)).body.valid).toBe(true);
    await door.emulator.clock.advance(1);
    expect((await validate(session.refreshToken)).body).toEqual({ valid: false });
  });

  it('fails validation after the key is revoked, expires, or has its sessions revoked', async () => {
    const bearer = { authorization: `Bearer ${door.token('u_owner')}` };
    const { body: a } = await login();
    const revoke = await door.fetch('/api/v1/workspaces/ws_shop/api-keys/k_web/revoke-sessions', { method: 'POST', headers: bearer });
    expect(revoke.status).toBe(200);
    expect((await validate(a.refreshToken)).body).toEqual({ valid: false });
    // A login after the revocation works again.
    const { body: b } = await login();
    expect((await validate(b.refreshToken)).body.valid).toBe(true);
    const del = await door.fetch('/api/v1/workspaces/ws_shop/api-keys/k_web', { method: 'DELETE', headers: bearer });
    expect(((await del.json()) as { status: string }).status).toBe('revoked');
    expect((await validate(b.refreshToken)).body).toEqual({ valid: false });

    const { body: c } = await login({ membershipTier: 'free' }, KEYS.expiring);
    expect((await validate(c.refreshToken, { origin: 'https://shop.example' })).body.valid).toBe(true);
    await door.emulator.clock.set('2026-04-02T12:00:00.000Z');
    expect((await validate(c.refreshToken, { origin: 'https://shop.example' })).body).toEqual({ valid: false });
  });

  it('rotates refresh tokens: a new 7 days, and the old token is retired', async () => {
    const { body: first } = await login();
    await door.emulator.clock.advance(DAY);
    const rotated = await post('/embed/refresh', { refreshToken: first.refreshToken });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body).sort()).toEqual(['refreshExpiresAt', 'refreshToken']);
    expect(rotated.body.refreshExpiresAt).toBe(new Date(Date.parse(NOW) + 8 * DAY).toISOString());
    expect(rotated.body.refreshToken).not.toBe(first.refreshToken);
    expect((await validate(first.refreshToken)).body).toEqual({ valid: false });
    expect((await validate(rotated.body.refreshToken)).body.valid).toBe(true);
    const again = await post('/embed/refresh', { refreshToken: first.refreshToken });
    expect(again).toEqual({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Invalid or expired refresh token', requestId: expect.any(String) } } });
    expect((await post('/embed/refresh', {})).status).toBe(400);
  });

  it('never takes a refresh token or an embed access token as a management Bearer value', async () => {
    const { body: session } = await login();
    const { body: access } = await validate(session.refreshToken);
    for (const token of [session.refreshToken, access.accessToken]) {
      const res = await door.fetch('/api/v1/workspaces/ws_shop/api-keys', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    }
  });

  it('uses the access token as the end user’s identity until it expires or its session is revoked', async () => {
    const { body: session } = await login();
    const { body: access } = await validate(session.refreshToken);
    const quota = (token: string) => door.fetch('/api/v1/quota', { headers: { authorization: `Bearer ${token}` } });
    const ok = await quota(access.accessToken);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      tier: 'premium',
      usage: { messagesThisMonth: 0, messagesToday: 0, messagesThisHour: 0, currentConversationLength: 0 },
      remaining: { messagesThisMonth: 900, messagesToday: 50, messagesThisHour: 50 },
      exceeded: false,
      limits: { messagesPerMonth: 900, messagesPerDay: 50, messagesPerHour: 50, maxConversationLength: 100, maxTokensPerMessage: 4000, maxConcurrentChats: 5 },
    });
    await door.emulator.clock.advance(30 * 60_000);
    expect(await (await quota(access.accessToken)).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Access token has expired', requestId: expect.any(String) } });
    const fresh = (await validate(session.refreshToken)).body.accessToken as string;
    expect((await quota(fresh)).status).toBe(200);
    await door.fetch('/api/v1/workspaces/ws_shop/api-keys/k_web/revoke-sessions', { method: 'POST', headers: { authorization: `Bearer ${door.token('u_owner')}` } });
    expect(await (await quota(fresh)).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid access token', requestId: expect.any(String) } });
  });

  it('takes an API key with an external user as the end user’s identity', async () => {
    const headers = { 'x-api-key': KEYS.web, 'x-external-user-id': 'srv-user-1', 'x-external-user-tier': 'premium' };
    const res = await door.fetch('/api/v1/quota', { headers });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tier: string }).tier).toBe('premium');
    const bad = await door.fetch('/api/v1/quota', { headers: { ...headers, 'x-external-user-tier': 'gold' } });
    expect(bad.status).toBe(400);
    expect((await door.fetch('/api/v1/quota', { headers: { 'x-api-key': KEYS.web } })).status).toBe(401);
    expect((await door.fetch('/api/v1/quota', { headers: { 'x-anonymous-session-id': 'anon-session-1' } })).status).toBe(401);
    const platform = await door.fetch('/api/v1/quota?releaseId=rel_shop', { headers: { authorization: `Bearer ${door.token('u_owner')}` } });
    expect(((await platform.json()) as { tier: string }).tier).toBe('free');
  });

  it('serves a release publicly with its owning workspace as target', async () => {
    const res = await door.fetch('/white-label-release/rel_shop');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    // A published release reads `status: "available"` here, the real service's word (REAL-WIRE section 3).
    expect(body).toMatchObject({ id: 'rel_shop', name: 'Shop assistant', status: 'available', workspaceId: 'ws_shop', target: 'ws_shop', authMode: 'optional' });
    expect((await door.fetch('/white-label-release/rel_missing')).status).toBe(404);
  });
});
