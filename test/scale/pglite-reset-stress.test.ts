// PGlite resets under a seeded storm of operations: writes (one at a time and concurrent), refused
// state imports and scenario loads, snapshots and restores, uploads whose jobs run as the clock moves,
// then a reset, after which the whole state must be the boot state again, byte for byte. This is how
// a reset once kept a membership written before it: an import the database refused left the undo log
// switched off while the driver still trusted it (the config suite, after the state suite, in one worker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

/** A small seeded generator (the test's own: the same storm every run). */
function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** The tables (and the clock, seed and settings) that differ between two exports, each with its row counts. */
function differences(a: string, b: string): string[] {
  const x = JSON.parse(a) as { tables: Record<string, unknown[]> } & Record<string, unknown>;
  const y = JSON.parse(b) as { tables: Record<string, unknown[]> } & Record<string, unknown>;
  const out: string[] = [];
  for (const k of Object.keys({ ...x, ...y })) if (k !== 'tables' && JSON.stringify(x[k]) !== JSON.stringify(y[k])) out.push(k);
  for (const t of Object.keys({ ...x.tables, ...y.tables })) {
    if (JSON.stringify(x.tables[t]) !== JSON.stringify(y.tables[t])) out.push(`${t} (${x.tables[t]?.length} rows, boot ${y.tables[t]?.length})`);
  }
  return out;
}

const ROUNDS = 12;
const OPS_PER_ROUND = 8;

describe('PGlite reset after a storm of operations', () => {
  let emulator: Emulator;
  let boot: string;
  beforeAll(async () => {
    emulator = await createEmulator({ storage: 'pglite' });
    boot = JSON.stringify(await emulator.exportState());
  }, 180_000);
  afterAll(() => emulator.close());

  const token = (userId: string) => emulator.handles.users.find((u) => u.id === userId)!.accessToken;
  const keySecret = () => emulator.handles.workspaces[0]!.apiKeys.find((k) => k.id === 'key_full')!.secret!;
  const call = (method: string, path: string, auth: Record<string, string>, body?: unknown) =>
    emulator.fetch(
      new Request(`http://emulator.test${path}`, {
        method,
        headers: { ...auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
  const asDan = () => ({ authorization: `Bearer ${token('user_dan')}` });
  const asKey = () => ({ 'x-api-key': keySecret() });

  /** One operation of the storm; each leaves the state different from boot or exactly as it was. */
  async function op(pick: (n: number) => number, n: number): Promise<void> {
    switch (pick(9)) {
      case 0:
        await call('POST', '/api/v1/workspaces/ws_globex/members', asDan(), { userId: 'user_alice', role: 'admin' });
        return;
      case 1:
        await call('POST', '/api/v1/transcripts', asKey(), { title: `storm ${n}`, messages: [{ role: 'user', content: `m${n}` }] });
        return;
      case 2:
        // Concurrent requests: the lock serialises them, the driver must keep each one's transaction whole.
        await Promise.all([
          call('PUT', '/api/v1/config/title', { authorization: `Bearer ${token('user_alice')}` }, { title: `T${n}` }),
          call('POST', '/api/v1/transcripts', asKey(), { title: `c${n}`, messages: [] }),
          call('GET', '/api/v1/transcripts', asKey()),
        ]);
        return;
      case 3: {
        // An import the database refuses (a NOT NULL column missing): nothing changes.
        const state = (await emulator.exportState()) as unknown as { tables: Record<string, Record<string, unknown>[]> };
        const users = state.tables.users!.map(({ created_at: _c, ...rest }) => rest);
        await expect(emulator.importState({ ...state, tables: { ...state.tables, users } })).rejects.toThrow();
        return;
      }
      case 4:
        // A scenario load refused by validation: nothing changes.
        await expect(emulator.loadScenario({ name: 'bad', workspaces: [{ id: 42 }] })).rejects.toThrow();
        return;
      case 5: {
        // A snapshot, a write, and back to it.
        const snap = await emulator.snapshot();
        await call('POST', '/api/v1/transcripts', asKey(), { title: `s${n}`, messages: [] });
        await emulator.restore(snap);
        return;
      }
      case 6: {
        const form = new FormData();
        form.set('title', `f${n}.md`);
        form.set('description', 'storm');
        form.set('chunkingTool', 'default');
        form.set('file', new File([`Storm file ${n}: the keeper trims the wick.`], `f${n}.md`, { type: 'text/plain' }));
        await emulator.fetch(new Request('http://emulator.test/api/v1/rag/files', { method: 'POST', headers: asKey(), body: form }));
        return;
      }
      case 7:
        // Due jobs (indexing) run as the clock moves.
        await emulator.clock.advance(1000 + pick(5000));
        return;
      default:
        await call('DELETE', '/api/v1/workspaces/ws_globex/members/user_dan', asDan());
    }
  }

  it('comes back to the boot state exactly after every round', async () => {
    const pick = lcg(13);
    let n = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < OPS_PER_ROUND; i++) await op(pick, n++);
      await emulator.reset();
      expect(differences(JSON.stringify(await emulator.exportState()), boot), `round ${round}`).toEqual([]);
    }
  }, 60_000);

  it('a refused import, then a reset: the next write is undone by the reset after it', async () => {
    const state = (await emulator.exportState()) as unknown as { tables: Record<string, Record<string, unknown>[]> };
    const users = state.tables.users!.map(({ created_at: _c, ...rest }) => rest);
    await expect(emulator.importState({ ...state, tables: { ...state.tables, users } })).rejects.toThrow();
    await emulator.reset();
    expect((await call('POST', '/api/v1/workspaces/ws_globex/members', asDan(), { userId: 'user_alice', role: 'admin' })).status).toBeLessThan(300);
    await emulator.reset();
    expect(differences(JSON.stringify(await emulator.exportState()), boot)).toEqual([]);
  });
});
