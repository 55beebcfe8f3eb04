// The PGlite driver's shortcuts keep Postgres's answers: several reads sent in one buffer answer each
// in order (in a transaction too) and a failing one is named; emptying a table a new database never
// wrote is skipped, and every table written since is emptied for real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../emulator/open-storage.js';
import type { PgliteStorage } from './pglite-storage.js';
import type { PgliteWire } from './pglite-wire.js';

const T = 1_767_258_000_123;
const addUser = (s: PgliteStorage, id: string) =>
  s.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, 0, ?, ?)', [id, id, '{}', T]);
const count = async (s: PgliteStorage, table: string) => Number((await s.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);

describe('pglite statements', () => {
  let storage: PgliteStorage;
  beforeAll(async () => {
    storage = (await openStorage('pglite')) as PgliteStorage;
  });
  afterAll(() => storage.close());

  it('empties for real every table written since the database was new, in a transaction or not', async () => {
    // Never written: nothing to empty, nothing changes.
    expect(await storage.run('DELETE FROM users')).toEqual({ changes: 0 });
    await addUser(storage, 'u1');
    expect(await storage.run('DELETE FROM users')).toEqual({ changes: 1 });
    // Written by a statement the driver cannot place (no INSERT/UPDATE/DELETE at its start).
    await storage.run("WITH x AS (SELECT 'k' AS key) INSERT INTO meta (key, value) SELECT key, 'v' FROM x");
    expect(await storage.run('DELETE FROM meta')).toEqual({ changes: 1 });
    await storage.transaction(async () => {
      await addUser(storage, 'u1');
      expect(await storage.run('DELETE FROM users')).toEqual({ changes: 1 });
    });
    // Rows put back by a restore are emptied too.
    await addUser(storage, 'u2');
    const snap = await storage.snapshot();
    await storage.run('DELETE FROM users');
    await storage.restore(snap);
    expect(await count(storage, 'users')).toBe(1);
    expect(await storage.run('DELETE FROM users')).toEqual({ changes: 1 });
  });

  it('answers each read of a batch in order, inside a transaction too, and names the one that fails', async () => {
    // The driver's own statement path (a second one on the same session would reuse its statement names).
    const wire = (storage as unknown as { wire: PgliteWire }).wire;
    const reads = [
      { text: 'SELECT 1 AS a', params: [] },
      { text: 'SELECT $1::text AS b', params: ['x'] },
    ];
    expect((await wire.batch(reads)).map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 'x' }]]);
    wire.begin();
    expect((await wire.batch(reads)).map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 'x' }]]);
    await wire.commit();
    await expect(wire.batch([reads[0]!, { text: 'SELECT * FROM no_such_table', params: [] }])).rejects.toMatchObject({ query: 'SELECT * FROM no_such_table' });
    // Statements parsed before the failure stay prepared and usable.
    expect((await wire.batch([reads[0]!])).map((r) => r.rows)).toEqual([[{ a: 1 }]]);
  });
});
