// Determinism (contract sections 2 and 3): one fixed request sequence gives byte-identical answers
// through every door on every storage driver, and for two fresh emulators with the same seed; a
// different seed gives different generated ids.
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../src/index.js';
import type { StorageKind } from '../src/storage/storage.js';
import { MSW_BASE, NEEDS_SQLITE, ONE_DRIVER, SQLITE_LOADS, openDoor, type DoorName } from './support/doors.js';

type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

/** Headers that matter: they must agree across doors and drivers too. */
const COMPARED_HEADERS = ['content-type', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'x-request-id'];

interface Run {
  /** `status + ' ' + body` of every answer, in order. */
  answers: string[];
  /** The compared headers of every answer, in order. */
  headers: string[];
  /** Ids the run generated, for the seed comparisons. */
  ids: string[];
}

/** The statuses the sequence must produce, so the comparison cannot pass on uniform garbage. */
const EXPECTED_STATUSES = [201, 201, 200, 200, 200, 200, 200, 200, 200, 200, 200, 404, 400, 400, 200, 200, 200, 200, 200, 200, 200];

async function runSequence(send: Fetcher, key: string): Promise<Run> {
  const run: Run = { answers: [], headers: [], ids: [] };
  const call = async (method: string, path: string, body?: unknown, raw?: string) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    const init: RequestInit = { method, headers };
    if (body !== undefined || raw !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = raw ?? JSON.stringify(body);
    }
    const res = await send(path, init);
    const text = await res.text();
    run.answers.push(`${res.status} ${text}`);
    run.headers.push(COMPARED_HEADERS.map((h) => `${h}=${res.headers.get(h) ?? ''}`).join(';'));
    return JSON.parse(text) as Record<string, unknown>;
  };

  // Creates.
  const a = (await call('POST', '/api/v1/transcripts', {
    title: 'Determinism A',
    metadata: { run: 1 },
    messages: [
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi there' },
    ],
  }))._id as string;
  const b = (await call('POST', '/api/v1/transcripts', {}))._id as string;
  run.ids.push(a, b);
  // Appends, around a clock advance.
  await call('POST', `/api/v1/transcripts/${a}/messages`, { role: 'user', content: 'one more thing' });
  await call('POST', '/__emulator/clock', { advanceMs: 61_000 });
  await call('POST', `/api/v1/transcripts/${b}/messages`, { role: 'tool', content: { type: 'card', items: [1, 2, 3] } });
  // Lists and gets.
  await call('GET', '/api/v1/transcripts?limit=10');
  await call('GET', `/api/v1/transcripts/${a}`);
  // A session transcript and its sync.
  const s = (await call('POST', '/api/v1/service-agent/transcript', { sessionId: 'det-session', title: 'Session' }))._id as string;
  run.ids.push(s);
  await call('POST', `/api/v1/service-agent/transcript/${s}/sync`, {
    messages: [
      { role: 'user', content: 'restore me' },
      { role: 'assistant', content: 'restored' },
    ],
  });
  await call('GET', `/api/v1/service-agent/transcript/${s}/messages`);
  // A delete, then the 404 it leaves, and two 400s.
  await call('DELETE', `/api/v1/transcripts/${b}`);
  await call('GET', `/api/v1/transcripts/${b}`);
  await call('POST', '/api/v1/transcripts', undefined, '{"title": "half');
  await call('POST', '/api/v1/transcripts', { title: 42, messages: [{ role: 'robot', content: 'x' }] });
  // Tokens, the clock and the list once more.
  await call('POST', '/__emulator/tokens', { userId: 'user_alice' });
  await call('POST', '/__emulator/tokens', { userId: 'user_bob', expiresInSec: 120 });
  await call('GET', '/__emulator/clock');
  await call('GET', '/api/v1/transcripts?page=2&limit=3');
  await call('GET', '/api/v1/transcripts/tr_refund?limit=2&offset=1');
  await call('POST', '/__emulator/reset', {});
  await call('GET', '/api/v1/transcripts?limit=100');
  return run;
}

const fullKey = (emulator: Emulator): string => {
  const secret = emulator.handles.workspaces[0]?.apiKeys.find((k) => k.id === 'key_full')?.secret;
  if (!secret) throw new Error('no key_full in the handles');
  return secret;
};

async function throughDoor(driver: StorageKind, doorName: DoorName): Promise<Run> {
  // Each door is its own origin, and tokens name their issuer: one configured issuer makes the
  // doors comparable byte for byte (contract section 6).
  const emulator = await createEmulator({ storage: driver, issuer: MSW_BASE, onInternalError: (err) => console.error(err) });
  try {
    const door = await openDoor(doorName, emulator);
    try {
      return await runSequence(door.fetch, fullKey(emulator));
    } finally {
      await door.close();
    }
  } finally {
    await emulator.close();
  }
}

/** The core handler alone, as both doors call it. */
async function throughCore(options: EmulatorOptions): Promise<{ run: Run; handles: string }> {
  const emulator = await createEmulator({ storage: ONE_DRIVER, ...options, onInternalError: (err) => console.error(err) });
  try {
    const handles = JSON.stringify(emulator.handles);
    const run = await runSequence((path, init) => emulator.fetch(new Request(`${MSW_BASE}${path}`, init)), fullKey(emulator));
    return { run, handles };
  } finally {
    await emulator.close();
  }
}

describe('determinism', () => {
  // Compares the two drivers, so it needs both.
  it.skipIf(!SQLITE_LOADS)(`the same sequence answers byte for byte alike through both doors on both drivers${NEEDS_SQLITE}`, { timeout: 180_000 }, async () => {
    const runs: Record<string, Run> = {};
    // Sequentially: only one MSW server may listen at a time.
    for (const driver of ['sqlite', 'pglite'] as const) {
      for (const door of ['msw', 'http'] as const) runs[`${door} on ${driver}`] = await throughDoor(driver, door);
    }
    const reference = runs['msw on sqlite']!;
    expect(reference.answers.map((a) => Number(a.slice(0, 3)))).toEqual(EXPECTED_STATUSES);
    for (const [label, run] of Object.entries(runs)) {
      expect(run.answers, label).toEqual(reference.answers);
      expect(run.headers, label).toEqual(reference.headers);
      expect(run.ids, label).toEqual(reference.ids);
    }
    // The answers carry real content, not just matching shells.
    expect(reference.ids.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(new Set(reference.ids).size).toBe(3);
    expect(reference.answers[3]).toBe(`200 {"mode":"manual","now":${Date.parse('2026-01-01T09:01:01.000Z')},"iso":"2026-01-01T09:01:01.000Z"}`);
    expect(reference.answers[11]).toBe('404 {"error":{"code":"NOT_FOUND","message":"Transcript not found","requestId":"req_43e62fbf9099c41f12952362"}}');
    // Request ids are seeded and counted per world: the header names the same request, and the
    // count starts again after a reset (the last call is the first service call of the new world).
    expect(reference.headers[11]).toContain('x-request-id=req_43e62fbf9099c41f12952362');
    const requestIdOf = (headers: string) => /x-request-id=([^;]*)/.exec(headers)?.[1];
    expect(requestIdOf(reference.headers[20]!)).toBe(requestIdOf(reference.headers[0]!));
    expect(new Set(reference.headers.map(requestIdOf)).size).toBe(reference.headers.length - 1);
    expect(reference.headers[5]).toContain('content-type=application/json');
    expect(reference.headers[5]).toMatch(/ratelimit-limit=\d+/);
  });

  it('two fresh emulators with the same seed answer identically; another seed generates other ids', { timeout: 60_000 }, async () => {
    const first = await throughCore({ seed: 77 });
    const second = await throughCore({ seed: 77 });
    expect(second.handles).toBe(first.handles);
    expect(second.run.answers).toEqual(first.run.answers);
    expect(second.run.answers.join('\n')).toBe(first.run.answers.join('\n'));
    expect(first.run.answers.map((a) => Number(a.slice(0, 3)))).toEqual(EXPECTED_STATUSES);

    const other = await throughCore({ seed: 78 });
    expect(other.run.answers.map((a) => Number(a.slice(0, 3)))).toEqual(EXPECTED_STATUSES);
    for (const [i, id] of first.run.ids.entries()) expect(other.run.ids[i]).not.toBe(id);
    // Same creation second, different seeded bytes.
    expect(other.run.ids.map((id) => id.slice(0, 8))).toEqual(first.run.ids.map((id) => id.slice(0, 8)));
    expect(other.handles).not.toBe(first.handles);
    const globex = (handles: string) =>
      (JSON.parse(handles) as { workspaces: { apiKeys: { id: string; secret: string }[] }[] }).workspaces[1]!.apiKeys[0]!.secret;
    expect(globex(other.handles)).not.toBe(globex(first.handles));
    // Tokens are signed with a key derived from the seed.
    const token = (run: Run) => (JSON.parse(run.answers[14]!.slice(4)) as { accessToken: string }).accessToken;
    expect(token(other.run)).not.toBe(token(first.run));
    expect(token(second.run)).toBe(token(first.run));
    // And a seed is not the default scenario's seed either.
    const boot = await throughCore({});
    expect(boot.run.ids[0]).not.toBe(first.run.ids[0]);
  });
});
