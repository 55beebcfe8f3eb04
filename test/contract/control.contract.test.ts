// The /__emulator control API (contract sections 4 and 7) through every door on every driver:
// health, clock, reset, scenario loading (names and whole documents), jobs, tokens, bad input.
import { readFileSync } from 'node:fs';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Handles } from '../../src/index.js';
import { VERSION } from '../../src/version.js';
import { MATRIX, pgMatrix, expectError, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const DEFAULT_NOW_ISO = '2026-01-01T09:00:00.000Z';
const DEFAULT_NOW = Date.parse(DEFAULT_NOW_ISO);
const DEFAULT_SEED = 4010;
const SECRET_SHAPE = /^svc_[0-9A-Za-z]{87}$/;
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** A fixed, valid 91-character key secret for the documents below. */
const CUSTOM_SECRET = `svc_custom${'Z9'.repeat(40)}a`;

/** A JSON round trip: what a handles object looks like on the wire. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function customDocument() {
  return {
    name: 'custom',
    seed: 99,
    now: '2027-03-04T05:06:07.000Z',
    users: [{ id: 'user_zed', email: 'zed@custom.example', name: 'Zed' }],
    workspaces: [
      {
        id: 'ws_custom',
        name: 'Custom Co',
        slug: 'custom',
        ownerId: 'user_zed',
        apiKeys: [
          { id: 'key_custom', name: 'fixed', secret: CUSTOM_SECRET },
          { id: 'key_generated', name: 'generated' },
        ],
        transcripts: [{ id: 'tr_custom', title: 'Custom hello', messages: [{ role: 'user', content: 'hi from custom' }] }],
      },
    ],
  };
}

describe.each([...MATRIX, ...pgMatrix()])('control API: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let handles: Handles;
  let full: string;

  const get = (path: string, key?: string) => door.fetch(path, key ? { headers: { 'x-api-key': key } } : {});
  const post = (path: string, body?: unknown) =>
    door.fetch(path, body === undefined ? { method: 'POST' } : json(body));
  const postRaw = (path: string, text: string) =>
    door.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  const clock = async () => (await (await get('/__emulator/clock')).json()) as { mode: string; now: number; iso: string };
  const transcriptIds = async (key = full) =>
    ((await (await get('/api/v1/transcripts?limit=100', key)).json()) as { transcripts: { _id: string }[] }).transcripts.map((t) => t._id);

  beforeEach(() => {
    handles = door.emulator.handles;
    full = door.key('key_full');
  });

  describe('health', () => {
    it('answers status, version, storage driver, seed and the manual clock', async () => {
      const res = await get('/__emulator/health');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        status: 'ok',
        version: VERSION,
        storage: driver,
        seed: DEFAULT_SEED,
        scenario: 'default',
        clock: { mode: 'manual', now: DEFAULT_NOW },
      });
      expect(VERSION).toBe(PACKAGE_VERSION);
    });

    it('follows the clock and needs no auth', async () => {
      await door.emulator.clock.advance(1234);
      const body = (await (await get('/__emulator/health')).json()) as { clock: { now: number } };
      expect(body.clock).toEqual({ mode: 'manual', now: DEFAULT_NOW + 1234 });
    });
  });

  describe('clock', () => {
    it('GET answers {mode, now, iso} at the scenario’s now', async () => {
      const res = await get('/__emulator/clock');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ mode: 'manual', now: DEFAULT_NOW, iso: DEFAULT_NOW_ISO });
    });

    it('advances by advanceMs and answers the new clock', async () => {
      const res = await post('/__emulator/clock', { advanceMs: 90_000 });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ mode: 'manual', now: DEFAULT_NOW + 90_000, iso: '2026-01-01T09:01:30.000Z' });
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW + 90_000, iso: '2026-01-01T09:01:30.000Z' });
      expect(door.emulator.clock.now()).toBe(DEFAULT_NOW + 90_000);
      const zero = await post('/__emulator/clock', { advanceMs: 0 });
      expect(((await zero.json()) as { now: number }).now).toBe(DEFAULT_NOW + 90_000);
    });

    it('sets an ISO instant (with or without an offset)', async () => {
      const res = await post('/__emulator/clock', { set: '2026-01-02T00:00:00.000Z' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ mode: 'manual', now: Date.parse('2026-01-02T00:00:00.000Z'), iso: '2026-01-02T00:00:00.000Z' });
      const offset = await post('/__emulator/clock', { set: '2026-01-02T03:00:00+02:00' });
      expect(offset.status).toBe(200);
      expect(((await offset.json()) as { iso: string }).iso).toBe('2026-01-02T01:00:00.000Z');
    });

    it('sets an epoch-ms instant, and the current instant again is allowed', async () => {
      const target = DEFAULT_NOW + 3_600_000;
      const res = await post('/__emulator/clock', { set: target });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ mode: 'manual', now: target, iso: '2026-01-01T10:00:00.000Z' });
      const same = await post('/__emulator/clock', { set: target });
      expect(same.status).toBe(200);
      expect(((await same.json()) as { now: number }).now).toBe(target);
    });

    it('never moves backwards: 400 VALIDATION_ERROR and the clock unchanged', async () => {
      await post('/__emulator/clock', { advanceMs: 60_000 });
      const expected = { mode: 'manual', now: DEFAULT_NOW + 60_000, iso: '2026-01-01T09:01:00.000Z' };
      const iso = await expectError(await post('/__emulator/clock', { set: DEFAULT_NOW_ISO }), 400, 'VALIDATION_ERROR');
      expect(iso.error.message).toBe('Time never moves backwards');
      expect(iso.error.details?.issues).toEqual([{ path: 'set', message: 'Before the current time 2026-01-01T09:01:00.000Z' }]);
      expect(await clock()).toEqual(expected);
      await expectError(await post('/__emulator/clock', { set: DEFAULT_NOW + 59_999 }), 400, 'VALIDATION_ERROR');
      expect(await clock()).toEqual(expected);
      const negative = await expectError(await post('/__emulator/clock', { advanceMs: -1 }), 400, 'VALIDATION_ERROR');
      expect(negative.error.details?.issues?.length).toBeGreaterThan(0);
      expect(await clock()).toEqual(expected);
    });

    it('refuses to go past the last instant a Date can show (400, clock unchanged, still answering)', async () => {
      const max = 8_640_000_000_000_000;
      const advance = await expectError(await post('/__emulator/clock', { advanceMs: max - DEFAULT_NOW + 1 }), 400, 'VALIDATION_ERROR');
      expect(advance.error.details?.issues).toEqual([{ path: 'advanceMs', message: 'Beyond +275760-09-13T00:00:00.000Z' }]);
      const set = await expectError(await post('/__emulator/clock', { set: max + 1 }), 400, 'VALIDATION_ERROR');
      expect(set.error.details?.issues).toEqual([{ path: 'set', message: 'Beyond +275760-09-13T00:00:00.000Z' }]);
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW, iso: DEFAULT_NOW_ISO });
      expect((await get('/api/v1/service-agent/health')).status).toBe(200);
      // The last instant itself is fine.
      const last = await post('/__emulator/clock', { set: max });
      expect(last.status).toBe(200);
      expect(await last.json()).toEqual({ mode: 'manual', now: max, iso: '+275760-09-13T00:00:00.000Z' });
      await expect(door.emulator.clock.advance(1)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(door.emulator.clock.now()).toBe(max);
    });

    it('switches mode to real and back to manual', async () => {
      const real = await post('/__emulator/clock', { mode: 'real' });
      expect(real.status).toBe(200);
      const realBody = (await real.json()) as { mode: string; now: number };
      expect(realBody.mode).toBe('real');
      expect(realBody.now).toBeGreaterThanOrEqual(DEFAULT_NOW);
      expect(((await (await get('/__emulator/health')).json()) as { clock: { mode: string } }).clock.mode).toBe('real');
      const manual = await post('/__emulator/clock', { mode: 'manual' });
      expect(manual.status).toBe(200);
      const manualBody = (await manual.json()) as { mode: string; now: number };
      expect(manualBody.mode).toBe('manual');
      expect(manualBody.now).toBeGreaterThanOrEqual(realBody.now);
      // Manual time stands still again.
      expect((await clock()).now).toBe(manualBody.now);
    });

    it('refuses bodies that are not one of the three shapes', async () => {
      await expectError(await post('/__emulator/clock', {}), 400, 'VALIDATION_ERROR');
      await expectError(await post('/__emulator/clock', { mode: 'fast' }), 400, 'VALIDATION_ERROR');
      await expectError(await post('/__emulator/clock', { set: 'tomorrow' }), 400, 'VALIDATION_ERROR');
      await expectError(await post('/__emulator/clock', { advanceMs: 1, set: DEFAULT_NOW + 5 }), 400, 'VALIDATION_ERROR');
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW, iso: DEFAULT_NOW_ISO });
    });
  });

  describe('reset', () => {
    it('restores a deleted transcript and the clock, and answers the same handles', async () => {
      const del = await door.fetch('/api/v1/transcripts/tr_sso', { method: 'DELETE', headers: { 'x-api-key': full } });
      expect(del.status).toBe(200);
      expect((await get('/api/v1/transcripts/tr_sso', full)).status).toBe(404);
      await post('/__emulator/clock', { advanceMs: 3_600_000 });

      const res = await post('/__emulator/reset');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await res.json();
      expect(body).toEqual(wire(door.emulator.handles));
      expect(body).toEqual(wire(handles));
      expect((await get('/api/v1/transcripts/tr_sso', full)).status).toBe(200);
      expect(await transcriptIds()).toEqual(['tr_tools', 'tr_ratelimit', 'tr_sync', 'tr_sso', 'tr_refund']);
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW, iso: DEFAULT_NOW_ISO });

      const again = await post('/__emulator/reset', {});
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(wire(handles));
    });

    it('answers handles naming the scenario’s workspaces, keys and users', async () => {
      const body = (await (await post('/__emulator/reset')).json()) as Handles;
      expect(body.scenario).toBe('default');
      expect(body.seed).toBe(DEFAULT_SEED);
      expect(body.now).toBe(DEFAULT_NOW_ISO);
      expect(body.workspaces.map((w) => [w.id, w.slug])).toEqual([
        ['ws_acme', 'acme'],
        ['ws_globex', 'globex'],
      ]);
      expect(body.workspaces[0]!.apiKeys.map((k) => k.id)).toEqual(['key_full', 'key_read', 'key_rag', 'key_revoked']);
      expect(body.workspaces[0]!.apiKeys[0]!.secret).toBe(full);
      expect(body.users.map((u) => u.id)).toEqual(['user_alice', 'user_bob', 'user_carol', 'user_dan']);
      for (const user of body.users) expect(user.accessToken.split('.')).toHaveLength(3);
    });

    it('with {seed} regenerates ids and secrets from the new seed; the same seed twice is identical', async () => {
      const globexDefault = door.key('key_globex');
      expect(globexDefault).toMatch(SECRET_SHAPE);

      const seven = await post('/__emulator/reset', { seed: 7 });
      expect(seven.status).toBe(200);
      const first = (await seven.json()) as Handles;
      expect(first).toEqual(wire(door.emulator.handles));
      expect(first.seed).toBe(7);
      const globexSeven = first.workspaces[1]!.apiKeys[0]!.secret!;
      expect(globexSeven).toMatch(SECRET_SHAPE);
      expect(globexSeven).not.toBe(globexDefault);
      // Explicit secrets stay; generated ones and the signed tokens change.
      expect(first.workspaces[0]!.apiKeys[0]!.secret).toBe(full);
      expect(first.users[0]!.accessToken).not.toBe(handles.users[0]!.accessToken);
      expect(((await (await get('/__emulator/health')).json()) as { seed: number }).seed).toBe(7);
      // The new generated key works; the old generated one does not.
      expect((await get('/api/v1/transcripts', globexSeven)).status).toBe(200);
      expect((await get('/api/v1/transcripts', globexDefault)).status).toBe(401);

      const eight = (await (await post('/__emulator/reset', { seed: 8 })).json()) as Handles;
      expect(eight.workspaces[1]!.apiKeys[0]!.secret).not.toBe(globexSeven);
      const sevenAgain = await post('/__emulator/reset', { seed: 7 });
      expect(JSON.stringify(await sevenAgain.json())).toBe(JSON.stringify(first));

      const back = (await (await post('/__emulator/reset', { seed: DEFAULT_SEED })).json()) as Handles;
      expect(back).toEqual(wire(handles));
    });

    it('with {scenario} loads the named one; an unknown name is 404 and changes nothing', async () => {
      const res = await post('/__emulator/reset', { scenario: 'empty' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Handles).scenario).toBe('empty');
      await door.emulator.loadScenario('default');
      const missing = await expectError(await post('/__emulator/reset', { scenario: 'no-such-scenario' }), 404, 'NOT_FOUND');
      expect(missing.error.message).toBe('Scenario "no-such-scenario" not found');
      expect(door.emulator.handles).toEqual(handles);
      expect((await get('/api/v1/transcripts', full)).status).toBe(200);
    });

    it('refuses a bad body with 400 and changes nothing', async () => {
      await expectError(await post('/__emulator/reset', { seed: 'seven' }), 400, 'VALIDATION_ERROR');
      await expectError(await post('/__emulator/reset', { seed: -1 }), 400, 'VALIDATION_ERROR');
      const unknown = await expectError(await post('/__emulator/reset', { sede: 7 }), 400, 'VALIDATION_ERROR');
      expect(unknown.error.details?.issues?.[0]?.path).toBe('body.sede');
      expect(door.emulator.handles).toEqual(handles);
      expect(door.emulator.seed).toBe(DEFAULT_SEED);
    });
  });

  describe('scenario', () => {
    it('{name: "empty"} replaces all state and moves the clock to that scenario’s now', async () => {
      const res = await post('/__emulator/scenario', { name: 'empty' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Handles;
      expect(body).toEqual(wire(door.emulator.handles));
      expect(body.scenario).toBe('empty');
      expect(body.seed).toBe(1);
      expect(body.now).toBe('2026-01-01T00:00:00.000Z');
      expect(body.workspaces.map((w) => w.id)).toEqual(['ws_empty']);
      const emptyKey = body.workspaces[0]!.apiKeys[0]!;
      expect(emptyKey.id).toBe('key_empty');
      expect(emptyKey.secret).toMatch(SECRET_SHAPE);

      const list = await get('/api/v1/transcripts', emptyKey.secret);
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual({
        transcripts: [],
        pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasMore: false },
        // PaginatedResponse beside the spec's fields (the server SDK reads `data`).
        data: [],
        hasMore: false,
        total: 0,
      });
      // Time went backwards from the default scenario's 09:00: a load starts a new world.
      expect(await clock()).toEqual({ mode: 'manual', now: Date.parse('2026-01-01T00:00:00.000Z'), iso: '2026-01-01T00:00:00.000Z' });
      // The default scenario's keys are gone.
      expect((await get('/api/v1/transcripts', full)).status).toBe(401);
      // Reset now returns to the last loaded scenario.
      await door.fetch('/api/v1/transcripts', json({ title: 'made in empty' }, { 'x-api-key': emptyKey.secret! }));
      expect((await transcriptIds(emptyKey.secret)).length).toBe(1);
      const reset = (await (await post('/__emulator/reset')).json()) as Handles;
      expect(reset).toEqual(body);
      expect(await transcriptIds(emptyKey.secret)).toEqual([]);
    });

    it('{name, seed} loads a built-in with another seed', async () => {
      const a = (await (await post('/__emulator/scenario', { name: 'empty', seed: 5 })).json()) as Handles;
      expect(a.seed).toBe(5);
      const b = (await (await post('/__emulator/scenario', { name: 'empty', seed: 6 })).json()) as Handles;
      expect(b.workspaces[0]!.apiKeys[0]!.secret).not.toBe(a.workspaces[0]!.apiKeys[0]!.secret);
      const c = (await (await post('/__emulator/scenario', { name: 'empty', seed: 5 })).json()) as Handles;
      expect(c).toEqual(a);
    });

    it('loads a whole document', async () => {
      const res = await post('/__emulator/scenario', customDocument());
      expect(res.status).toBe(200);
      const body = (await res.json()) as Handles;
      expect(body).toEqual(wire(door.emulator.handles));
      expect(body.scenario).toBe('custom');
      expect(body.seed).toBe(99);
      expect(body.now).toBe('2027-03-04T05:06:07.000Z');
      expect(body.workspaces).toHaveLength(1);
      const ws = body.workspaces[0]!;
      expect({ id: ws.id, slug: ws.slug, name: ws.name, transcripts: ws.transcripts }).toEqual({
        id: 'ws_custom',
        slug: 'custom',
        name: 'Custom Co',
        transcripts: [{ id: 'tr_custom', title: 'Custom hello' }],
      });
      expect(ws.apiKeys[0]).toEqual({ id: 'key_custom', name: 'fixed', secret: CUSTOM_SECRET, status: 'active' });
      expect(ws.apiKeys[1]).toMatchObject({ id: 'key_generated', name: 'generated', status: 'active' });
      expect(ws.apiKeys[1]!.secret).toMatch(SECRET_SHAPE);
      expect(body.users).toHaveLength(1);
      expect(body.users[0]).toMatchObject({ id: 'user_zed', email: 'zed@custom.example', expiresAt: '2027-03-04T06:06:07.000Z' });

      expect(await clock()).toEqual({ mode: 'manual', now: Date.parse('2027-03-04T05:06:07.000Z'), iso: '2027-03-04T05:06:07.000Z' });
      const one = await get('/api/v1/transcripts/tr_custom', CUSTOM_SECRET);
      expect(one.status).toBe(200);
      const transcript = (await one.json()) as { title: string; messages: { role: string; content: string }[] };
      expect(transcript.title).toBe('Custom hello');
      expect(transcript.messages.map((m) => [m.role, m.content])).toEqual([['user', 'hi from custom']]);
      expect(await transcriptIds(ws.apiKeys[1]!.secret)).toEqual(['tr_custom']);
      expect((await get('/api/v1/transcripts', full)).status).toBe(401);
      const health = (await (await get('/__emulator/health')).json()) as { seed: number; scenario: string };
      expect([health.seed, health.scenario]).toEqual([99, 'custom']);
    });

    it('refuses a bad document with every error and its path, leaving the state untouched', async () => {
      const doc = customDocument() as Record<string, unknown> & ReturnType<typeof customDocument>;
      const bad = {
        ...doc,
        users: [{ id: 'user_zed', email: 'not-an-email' }],
        workspaces: [
          {
            ...doc.workspaces[0]!,
            slug: 'Not A Slug',
            ownerId: 'user_nobody',
            members: [{ userId: 'user_ghost', role: 'viewer' }],
            apiKeys: [
              { id: 'key_custom', name: 'fixed', secret: CUSTOM_SECRET },
              { id: 'key_short', name: 'short', secret: 'svc_tooShort' },
            ],
          },
        ],
      };
      const res = await post('/__emulator/scenario', bad);
      const body = await expectError(res, 400, 'VALIDATION_ERROR');
      expect(body.error.message).toBe('Invalid scenario document');
      const issues = body.error.details!.issues!;
      expect(issues.map((i) => i.path).sort()).toEqual([
        'users[0].email',
        'workspaces[0].apiKeys[1].secret',
        'workspaces[0].members[0].userId',
        'workspaces[0].ownerId',
        'workspaces[0].slug',
      ]);
      for (const issue of issues) expect(issue.message.length).toBeGreaterThan(0);
      const byPath = new Map(issues.map((i) => [i.path, i.message]));
      expect(byPath.get('workspaces[0].apiKeys[1].secret')).toBe('A key secret has 91 characters');
      expect(byPath.get('workspaces[0].ownerId')).toBe('Unknown user "user_nobody"');
      expect(byPath.get('workspaces[0].members[0].userId')).toBe('Unknown user "user_ghost"');
      expect(byPath.get('workspaces[0].slug')).toBe('A slug is lowercase letters, digits and dashes');

      // Untouched: same handles, same clock, the old key still works, the custom key does not.
      expect(door.emulator.handles).toEqual(handles);
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW, iso: DEFAULT_NOW_ISO });
      expect(await transcriptIds()).toEqual(['tr_tools', 'tr_ratelimit', 'tr_sync', 'tr_sso', 'tr_refund']);
      expect((await get('/api/v1/transcripts', CUSTOM_SECRET)).status).toBe(401);
      expect(((await (await get('/__emulator/health')).json()) as { scenario: string }).scenario).toBe('default');
      expect(await (await post('/__emulator/reset')).json()).toEqual(wire(handles));
    });

    it('reports a wrong type with its path and leaves the state untouched', async () => {
      const res = await post('/__emulator/scenario', { ...customDocument(), seed: 'ninety-nine' });
      const body = await expectError(res, 400, 'VALIDATION_ERROR');
      expect(body.error.details!.issues!.map((i) => i.path)).toContain('seed');
      expect(door.emulator.handles).toEqual(handles);
      expect((await get('/api/v1/transcripts', full)).status).toBe(200);
    });

    it('lists cross-reference errors even beside a type error', async () => {
      const doc = customDocument();
      const bad = { ...doc, seed: 'ninety-nine', workspaces: [{ ...doc.workspaces[0]!, ownerId: 'user_nobody' }] };
      const body = await expectError(await post('/__emulator/scenario', bad), 400, 'VALIDATION_ERROR');
      expect(body.error.details!.issues!.map((i) => i.path).sort()).toEqual(['seed', 'workspaces[0].ownerId']);
    });

    it('an unknown scenario name → 404 with the available names, state untouched', async () => {
      const body = await expectError(await post('/__emulator/scenario', { name: 'no-such-scenario' }), 404, 'NOT_FOUND');
      expect(body.error.message).toBe('Scenario "no-such-scenario" not found');
      expect(body.error.details?.available).toEqual(expect.arrayContaining(['default', 'empty']));
      expect(door.emulator.handles).toEqual(handles);
      expect((await get('/api/v1/transcripts', full)).status).toBe(200);
    });

    it('a body that is not an object → 400', async () => {
      await expectError(await postRaw('/__emulator/scenario', '[1,2,3]'), 400, 'VALIDATION_ERROR');
      await expectError(await postRaw('/__emulator/scenario', '"default"'), 400, 'VALIDATION_ERROR');
      await expectError(await post('/__emulator/scenario'), 400, 'VALIDATION_ERROR');
      expect(door.emulator.handles).toEqual(handles);
    });
  });

  describe('jobs/flush', () => {
    it('answers {now, ran: 0} when nothing is scheduled, with or without a body', async () => {
      const res = await post('/__emulator/jobs/flush');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ now: DEFAULT_NOW, ran: 0 });
      await door.emulator.clock.advance(5000);
      const withBody = await post('/__emulator/jobs/flush', {});
      expect(await withBody.json()).toEqual({ now: DEFAULT_NOW + 5000, ran: 0 });
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW + 5000, iso: '2026-01-01T09:00:05.000Z' });
    });
  });

  describe('tokens', () => {
    it('mints an EdDSA JWT for a user with a one-hour default lifetime', async () => {
      const res = await post('/__emulator/tokens', { userId: 'user_alice' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { accessToken: string; expiresAt: string };
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresAt']);
      expect(body.expiresAt).toBe('2026-01-01T10:00:00.000Z');
      const header = decodeProtectedHeader(body.accessToken);
      expect(header.alg).toBe('EdDSA');
      expect(header.typ).toBe('JWT');
      expect(typeof header.kid).toBe('string');
      const claims = decodeJwt(body.accessToken);
      expect(claims.sub).toBe('user_alice');
      expect(claims.iss).toBe(new URL(door.baseUrl).origin);
      expect(claims.iat).toBe(DEFAULT_NOW / 1000);
      expect(claims.exp).toBe(DEFAULT_NOW / 1000 + 3600);
      expect(claims.jti).toMatch(/^[0-9a-f]{24}$/);
    });

    it('honours expiresInSec and the emulator clock', async () => {
      await door.emulator.clock.advance(30 * 60_000);
      const res = await post('/__emulator/tokens', { userId: 'user_bob', expiresInSec: 120 });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { accessToken: string; expiresAt: string };
      expect(body.expiresAt).toBe('2026-01-01T09:32:00.000Z');
      const claims = decodeJwt(body.accessToken);
      expect(claims.sub).toBe('user_bob');
      expect(claims.iat).toBe(DEFAULT_NOW / 1000 + 1800);
      expect(claims.exp).toBe(DEFAULT_NOW / 1000 + 1800 + 120);
    });

    it('an unknown user → 404', async () => {
      const body = await expectError(await post('/__emulator/tokens', { userId: 'user_nobody' }), 404, 'NOT_FOUND');
      expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'User not found', requestId: expect.any(String) } });
    });

    it('refuses a bad body with 400', async () => {
      const missing = await expectError(await post('/__emulator/tokens', {}), 400, 'VALIDATION_ERROR');
      expect(missing.error.details?.issues?.map((i) => i.path)).toEqual(['body.userId']);
      const fraction = await expectError(await post('/__emulator/tokens', { userId: 'user_alice', expiresInSec: 1.5 }), 400, 'VALIDATION_ERROR');
      expect(fraction.error.details?.issues?.map((i) => i.path)).toEqual(['body.expiresInSec']);
      await expectError(await post('/__emulator/tokens', { userId: 'user_alice', expiresInSec: '60' }), 400, 'VALIDATION_ERROR');
    });

    it('is byte-identical when minted after the same reset, and distinct without one', async () => {
      const mint = async () => (await post('/__emulator/tokens', { userId: 'user_alice' })).text();
      const first = await mint();
      const second = await mint();
      expect(second).not.toBe(first);
      await post('/__emulator/reset');
      expect(await mint()).toBe(first);
      await door.emulator.reset();
      expect(await mint()).toBe(first);
      expect(await mint()).toBe(second);
    });
  });

  describe('bad input', () => {
    it('malformed JSON to any control route → 400 and nothing changes', async () => {
      for (const path of ['/__emulator/clock', '/__emulator/reset', '/__emulator/scenario', '/__emulator/tokens']) {
        const body = await expectError(await postRaw(path, '{"advanceMs": 10'), 400, 'VALIDATION_ERROR');
        expect(body).toEqual({
          error: { code: 'VALIDATION_ERROR', message: 'Malformed JSON body', details: { issues: [{ path: 'body', message: 'Body is not valid JSON' }] }, requestId: expect.any(String) },
        });
      }
      expect(await clock()).toEqual({ mode: 'manual', now: DEFAULT_NOW, iso: DEFAULT_NOW_ISO });
      expect(door.emulator.handles).toEqual(handles);
    });

    it('an unknown control route → 404', async () => {
      await expectError(await get('/__emulator/nothing'), 404, 'NOT_FOUND');
      await expectError(await door.fetch('/__emulator/health', { method: 'DELETE' }), 404, 'NOT_FOUND');
    });
  });
});
