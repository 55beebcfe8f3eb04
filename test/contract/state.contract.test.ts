// State export and import (GET/PUT /__emulator/state) through every door on every driver:
// byte-identical round trips, secrets only as hashes, keys that keep working, and refusals that
// leave the state untouched.
import { beforeEach, describe, expect, it } from 'vitest';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

interface StateBody {
  formatVersion: number;
  emulatorVersion: string;
  schemaVersion: number;
  clock: { now: number; iso: string };
  random: { seed: number; counter: number };
  rateLimits: Record<string, { windowStart: number; count: number }>;
  settings: Record<string, unknown>;
  scenario: { name: string; workspaces: { apiKeys: Record<string, unknown>[] }[] };
  handles: { workspaces: { apiKeys: Record<string, unknown>[] }[] };
  tables: Record<string, Record<string, unknown>[]>;
}
interface Envelope {
  error: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } };
}

const put = (body: unknown): RequestInit => ({ method: 'PUT', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe.each(MATRIX)('state export/import: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let full: string;
  let secrets: string[];

  const exportText = async () => {
    const res = await door.fetch('/__emulator/state');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    return res.text();
  };
  const titles = async () =>
    ((await (await door.fetch('/api/v1/transcripts?limit=100', { headers: { 'x-api-key': full } })).json()) as { transcripts: { title: string }[] }).transcripts.map((t) => t.title);

  beforeEach(() => {
    full = door.key('key_full');
    secrets = door.emulator.handles.workspaces.flatMap((ws) => ws.apiKeys.map((k) => k.secret!));
  });

  it('exports tables, clock, random state, counters, settings, scenario and handles, with a formatVersion', async () => {
    await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': full } });
    const state = JSON.parse(await exportText()) as StateBody;
    expect(Object.keys(state)).toEqual(['formatVersion', 'emulatorVersion', 'schemaVersion', 'clock', 'random', 'rateLimits', 'settings', 'scenario', 'handles', 'tables']);
    expect(state.formatVersion).toBe(1);
    expect(state.clock).toEqual({ now: Date.parse('2026-01-01T09:00:00.000Z'), iso: '2026-01-01T09:00:00.000Z' });
    expect(state.random.seed).toBe(4010);
    expect(state.rateLimits).toEqual({
      'key:key_full:transcripts': { windowStart: Date.parse('2026-01-01T09:00:00.000Z'), count: 1 },
      // The workspace's calls this calendar month (maxMonthlyApiCalls).
      'workspace:ws_acme:month': { windowStart: Date.parse('2026-01-01T00:00:00.000Z'), count: 1 },
    });
    expect(state.scenario.name).toBe('default');
    expect(state.tables.meta).toBeUndefined();
    expect(state.tables.transcripts!.map((t) => t.id).sort()).toEqual(['tr_globex', 'tr_ratelimit', 'tr_refund', 'tr_sso', 'tr_sync', 'tr_tools']);
    expect(state.tables.api_keys!.map((k) => k.secret_hash)).toHaveLength(5);
  });

  it('holds only hashes of secrets: no key secret anywhere, handles and scenario without them', async () => {
    const text = await exportText();
    expect(secrets).toHaveLength(5);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const state = JSON.parse(text) as StateBody;
    for (const ws of state.handles.workspaces) for (const key of ws.apiKeys) expect(key).not.toHaveProperty('secret');
    for (const ws of state.scenario.workspaces) for (const key of ws.apiKeys) expect(key).not.toHaveProperty('secret');
  });

  it('export → import → export is byte-identical', async () => {
    await door.fetch('/api/v1/transcripts', json({ title: 'Before export', messages: [{ role: 'user', content: 'x' }] }, { 'x-api-key': full }));
    await door.emulator.clock.advance(12_345);
    const first = await exportText();
    const res = await door.fetch('/__emulator/state', put(first));
    expect(res.status).toBe(200);
    expect(await exportText()).toBe(first);
  });

  it('imports a state back after changes, and every key keeps working', async () => {
    await door.fetch('/api/v1/transcripts', json({ title: 'Kept', messages: [] }, { 'x-api-key': full }));
    await door.emulator.clock.advance(60_000);
    const saved = await exportText();
    await door.fetch('/api/v1/transcripts/tr_sso', { method: 'DELETE', headers: { 'x-api-key': full } });
    await door.emulator.loadScenario('empty');

    const res = await door.fetch('/__emulator/state', put(saved));
    expect(res.status).toBe(200);
    const handles = (await res.json()) as { scenario: string; workspaces: { apiKeys: { id: string }[] }[] };
    expect(handles.scenario).toBe('default');
    expect(door.emulator.clock.iso()).toBe('2026-01-01T09:01:00.000Z');
    expect(await titles()).toContain('Kept');
    expect(await titles()).toContain('Setting up single sign-on with Okta');
    // Every key answers as it did: active keys 200, the revoked one 401.
    const statuses = await Promise.all(
      secrets.map(async (secret) => (await door.fetch('/api/v1/transcripts?limit=1', { headers: { 'x-api-key': secret } })).status),
    );
    expect(statuses).toEqual([200, 200, 403, 401, 200]);
    // A reset now returns to the imported state.
    await door.fetch('/api/v1/transcripts', json({ title: 'After import', messages: [] }, { 'x-api-key': full }));
    await door.fetch('/__emulator/reset', { method: 'POST' });
    expect(await exportText()).toBe(saved);
    const after = await titles();
    expect(after).not.toContain('After import');
    expect(after).toContain('Kept');
  });

  it('an imported state stays the reset point across later snapshots and restores', async () => {
    const before = await door.emulator.snapshot();
    await door.fetch('/api/v1/transcripts', json({ title: 'Imported', messages: [] }, { 'x-api-key': full }));
    const saved = await exportText();
    expect((await door.fetch('/__emulator/state', put(saved))).status).toBe(200);
    await door.fetch('/api/v1/transcripts', json({ title: 'Written after', messages: [] }, { 'x-api-key': full }));
    const later = await door.emulator.snapshot();
    await door.fetch('/api/v1/transcripts', json({ title: 'Undone', messages: [] }, { 'x-api-key': full }));
    await door.fetch('/__emulator/reset', { method: 'POST' });
    expect(await exportText()).toBe(saved);
    await door.emulator.restore(later);
    expect(await titles()).toEqual(expect.arrayContaining(['Imported', 'Written after']));
    expect(await titles()).not.toContain('Undone');
    // Back past the import, then a reset: the import is still where a reset goes.
    await door.emulator.restore(before);
    expect(await titles()).not.toContain('Imported');
    await door.fetch('/__emulator/reset', { method: 'POST' });
    expect(await exportText()).toBe(saved);
  });

  it('JS exportState/importState give the same JSON as the control API', async () => {
    const viaHttp = await exportText();
    expect(JSON.stringify(await door.emulator.exportState())).toBe(viaHttp);
    await door.emulator.importState(JSON.parse(viaHttp));
    expect(await exportText()).toBe(viaHttp);
    expect(door.emulator.handles.workspaces[0]!.apiKeys[0]!.secret).toBe(full);
  });

  it('exports each write at once, and an export changed by its caller leaves the next one as it was', async () => {
    const snapshot = await door.emulator.snapshot();
    const first = await door.emulator.exportState();
    const text = JSON.stringify(first);
    // Unwritten storage is not read again (the dump is kept), but each caller owns what it gets.
    for (const rows of Object.values(first.tables)) for (const row of rows) for (const column of Object.keys(row)) row[column] = 'changed by the caller';
    first.tables.transcripts?.splice(0);
    expect(JSON.stringify(await door.emulator.exportState())).toBe(text);
    expect(await exportText()).toBe(text);
    // A write moves it: the next export has the new row, through either way.
    await door.fetch('/api/v1/transcripts', json({ title: 'Written between exports', messages: [] }, { 'x-api-key': full }));
    const after = await door.emulator.exportState();
    expect(JSON.stringify(after.tables.transcripts)).toContain('Written between exports');
    expect(await exportText()).toBe(JSON.stringify(after));
    // Restored, the tables are the snapshot's again (the clock too: nothing moved it).
    await door.emulator.restore(snapshot);
    expect(JSON.stringify(await door.emulator.exportState())).toBe(text);
    await door.fetch('/api/v1/transcripts', json({ title: 'Written after the restore', messages: [] }, { 'x-api-key': full }));
    expect(await exportText()).toContain('Written after the restore');
  });

  it('refuses a snapshot from a newer formatVersion with 400, state untouched', async () => {
    const before = await exportText();
    const state = JSON.parse(before) as StateBody;
    const res = await door.fetch('/__emulator/state', put({ ...state, formatVersion: 2, tables: {} }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toBe('The snapshot comes from a newer emulator');
    expect(body.error.details?.issues).toEqual([{ path: 'formatVersion', message: 'Format 2 is newer than 1, the newest this emulator reads' }]);
    expect(await exportText()).toBe(before);
  });

  it('refuses malformed snapshots with 400 and every issue, state untouched', async () => {
    const before = await exportText();
    const state = JSON.parse(before) as StateBody;
    const cases: [unknown, string[]][] = [
      [{ ...state, clock: { now: 'soon' } }, ['clock.now', 'clock.iso']],
      [{ ...state, tables: { ...state.tables, bogus: [] } }, ['tables.bogus']],
      [{ ...state, tables: { ...state.tables, users: 'nope' } }, ['tables.users']],
      [{ ...state, tables: { ...state.tables, users: [{ 'id; DROP TABLE users': 'x' }] } }, ['tables.users[0].id; DROP TABLE users']],
      [{ ...state, random: undefined, extra: true }, ['random', 'extra']],
      [[1, 2], ['']],
    ];
    for (const [body, paths] of cases) {
      const res = await door.fetch('/__emulator/state', put(body));
      expect(res.status).toBe(400);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.error.code).toBe('VALIDATION_ERROR');
      expect(envelope.error.details?.issues?.map((i) => i.path).sort()).toEqual(paths.sort());
    }
    const notJson = await door.fetch('/__emulator/state', put('{"formatVersion": 1,'));
    expect(notJson.status).toBe(400);
    expect(await exportText()).toBe(before);
  });

  it('refuses tables the database rejects (a missing NOT NULL column), state untouched', async () => {
    const before = await exportText();
    const state = JSON.parse(before) as StateBody;
    const users = state.tables.users!.map(({ created_at: _c, ...rest }) => rest);
    const res = await door.fetch('/__emulator/state', put({ ...state, tables: { ...state.tables, users } }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details?.issues?.[0]?.path).toBe('tables');
    expect(await exportText()).toBe(before);
    expect((await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': full } })).status).toBe(200);
  });
});
