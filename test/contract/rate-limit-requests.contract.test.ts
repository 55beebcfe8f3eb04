// Rate-limit requests through every door on every driver: a workspace admin asks, a platform
// admin decides; approval sets the key's limits, which the core then enforces.
import { describe, expect, it } from 'vitest';
import { RateLimitRequestListSchema, RateLimitRequestSchema } from '../../src/areas/rate-limit-requests/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor, type As } from '../support/use-door.js';
import { alice, dan } from '../support/identity.js';

const NOW = '2026-03-01T12:00:00.000Z';

/** A scenario of its own: a platform admin beside two workspaces. */
const SCENARIO = {
  name: 'rate-limit-requests',
  seed: 77,
  now: NOW,
  users: [
    { id: 'user_root', email: 'root@platform.example', platformAdmin: true },
    { id: 'user_alice', email: 'alice@acme.example', platformAdmin: false },
    { id: 'user_vic', email: 'vic@acme.example' },
    { id: 'user_dan', email: 'dan@globex.example' },
  ],
  workspaces: [
    {
      id: 'ws_acme',
      name: 'Acme',
      ownerId: 'user_alice',
      members: [{ userId: 'user_vic', role: 'viewer' }],
      apiKeys: [
        { id: 'key_full', name: 'full' },
        { id: 'key_old', name: 'old', status: 'revoked' },
      ],
    },
    { id: 'ws_globex', name: 'Globex', ownerId: 'user_dan', apiKeys: [{ id: 'key_globex', name: 'globex' }] },
  ],
};

describe.each(MATRIX)('rate-limit requests: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: SCENARIO });
  const { call } = door;
  const root = { user: 'user_root' };
  const vic = { user: 'user_vic' };
  const R = '/api/v1/workspaces/ws_acme/rate-limit-requests';
  const ask = (body: unknown, as: As = alice) => call('POST', R, as, body);

  it('files a pending request (201) and lists it for the workspace', async () => {
    const res = await ask({ keyId: 'key_full', requestsPerMinute: 120, requestsPerDay: 50_000, reason: 'Launch week' });
    expect(res.status).toBe(201);
    const made = RateLimitRequestSchema.parse(res.body);
    expect(res.body).toEqual({
      id: made.id,
      keyId: 'key_full',
      workspaceId: 'ws_acme',
      requestsPerMinute: 120,
      requestsPerDay: 50_000,
      status: 'pending',
      reason: 'Launch week',
      requestedBy: 'user_alice',
      createdAt: NOW,
    });
    const byKey = await ask({ keyId: 'key_full', requestsPerDay: 10 }, { key: door.key('key_full') });
    expect(byKey.body).toMatchObject({ requestsPerMinute: null, requestsPerDay: 10, reason: null });
    expect('requestedBy' in byKey.body).toBe(false);
    const list = RateLimitRequestListSchema.parse((await call('GET', R, alice)).body);
    expect(list.data.map((r) => r.id)).toEqual([made.id, byKey.body.id]);
    expect((await call('GET', `${R}?status=approved`, alice)).body).toEqual({ data: [], hasMore: false, total: 0 });
  });

  it('lets a platform admin approve: the key’s per-minute limit then holds', async () => {
    const { body } = await ask({ keyId: 'key_full', requestsPerMinute: 2, requestsPerDay: 500 });
    const pending = await call('GET', '/api/v1/admin/rate-limit-requests?status=pending', root);
    expect(pending.body).toEqual({ data: [body], hasMore: false, total: 1 });
    await door.emulator.clock.advance(30_000);
    const decided = await call('POST', `/api/v1/admin/rate-limit-requests/${body.id}/decide`, root, { status: 'approved', reason: 'ok for launch' });
    expect(decided.status).toBe(200);
    expect(decided.body).toEqual({
      ...body,
      status: 'approved',
      decidedAt: '2026-03-01T12:00:30.000Z',
      decidedBy: 'user_root',
      decisionReason: 'ok for launch',
    });
    const keys = await call('GET', '/api/v1/workspaces/ws_acme/api-keys', alice);
    expect(keys.body.data.find((k: { id: string }) => k.id === 'key_full')).toMatchObject({ rateLimit: 2, rateLimitPerDay: 500 });
    await door.emulator.clock.advance(30_000);
    const key = door.key('key_full');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': key } })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const again = await call('POST', `/api/v1/admin/rate-limit-requests/${body.id}/decide`, root, { status: 'denied' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'CONFLICT', message: 'The request was already approved', details: { status: 'approved' }, requestId: expect.any(String) });
  });

  it('denies without touching the key', async () => {
    const { body } = await ask({ keyId: 'key_full', requestsPerMinute: 1 });
    const decided = await call('POST', `/api/v1/admin/rate-limit-requests/${body.id}/decide`, root, { status: 'denied' });
    expect(decided.body).toMatchObject({ status: 'denied', decidedBy: 'user_root', decidedAt: NOW });
    expect('decisionReason' in decided.body).toBe(false);
    const keys = await call('GET', '/api/v1/workspaces/ws_acme/api-keys', alice);
    expect(keys.body.data.find((k: { id: string }) => k.id === 'key_full').rateLimit).toBeUndefined();
    expect((await call('GET', '/api/v1/admin/rate-limit-requests?status=denied', root)).body.total).toBe(1);
    expect((await call('GET', `${R}?status=denied`, alice)).body.data).toEqual([decided.body]);
  });

  it('answers 403 to anyone but a platform admin on the admin routes', async () => {
    const { body } = await ask({ keyId: 'key_full', requestsPerMinute: 5 });
    for (const who of [alice, vic, dan]) {
      const list = await call('GET', '/api/v1/admin/rate-limit-requests', who);
      expect(list.status).toBe(403);
      expect(list.body.error).toEqual({ code: 'FORBIDDEN', message: 'This call needs the platform-admin role', requestId: expect.any(String) });
      expect((await call('POST', `/api/v1/admin/rate-limit-requests/${body.id}/decide`, who, { status: 'approved' })).status).toBe(403);
    }
    expect((await call('GET', '/api/v1/admin/rate-limit-requests', { key: door.key('key_full') })).status).toBe(401);
    expect((await call('POST', '/api/v1/admin/rate-limit-requests/nope/decide', root, { status: 'approved' })).status).toBe(404);
    expect((await call('GET', `${R}`, alice)).body.data[0].status).toBe('pending');
  });

  it('needs admin on the workspace; another workspace and its keys are not found', async () => {
    expect((await ask({ keyId: 'key_full', requestsPerMinute: 5 }, vic)).status).toBe(403);
    expect((await call('GET', R, vic)).status).toBe(403);
    expect((await ask({ keyId: 'key_full', requestsPerMinute: 5 }, dan)).status).toBe(404);
    expect((await ask({ keyId: 'key_globex', requestsPerMinute: 5 })).body).toEqual({ error: { code: 'NOT_FOUND', message: 'API key not found', requestId: expect.any(String) } });
    expect((await ask({ keyId: 'key_old', requestsPerMinute: 5 })).status).toBe(409);
    expect((await call('GET', '/api/v1/workspaces/ws_globex/rate-limit-requests', dan)).body.total).toBe(0);
    expect((await call('GET', R, alice)).body.total).toBe(0);
  });

  it('rejects bad input with 400 and files nothing', async () => {
    const cases: [unknown, string][] = [
      [{ keyId: 'key_full' }, 'body.requestsPerMinute'],
      [{ requestsPerMinute: 5 }, 'body.keyId'],
      [{ keyId: 'key_full', requestsPerMinute: 0 }, 'body.requestsPerMinute'],
      [{ keyId: 'key_full', requestsPerDay: 1.5 }, 'body.requestsPerDay'],
      [{ keyId: 'key_full', requestsPerMinute: '60' }, 'body.requestsPerMinute'],
      [{ keyId: 'key_full', requestsPerMinute: 5, status: 'approved' }, 'body.status'],
    ];
    for (const [body, path] of cases) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await call('GET', R, alice)).body.total).toBe(0);
    const { body } = await ask({ keyId: 'key_full', requestsPerMinute: 5 });
    expect((await call('POST', `/api/v1/admin/rate-limit-requests/${body.id}/decide`, root, { status: 'maybe' })).status).toBe(400);
    expect((await call('GET', `${R}?status=unknown`, alice)).status).toBe(400);
    expect((await call('GET', R, alice)).body.data[0].status).toBe('pending');
  });
});
