// PGlite's undo log stays bounded between snapshots, and going back to the baseline is exact whether
// the log was replayed or dropped past its limit; the prepared-statement path keeps PGlite's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../index.js';
import { openStorage } from '../../emulator/open-storage.js';
import type { PgliteStorage } from './pglite-storage.js';

const logSize = async (s: PgliteStorage) => Number((await s.get<{ n: number }>('SELECT COUNT(*) AS n FROM emulator_undo'))?.n);
const addUser = (s: PgliteStorage, id: string, name: string) =>
  s.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, 0, ?, ?)', [id, name, '{}', 1_767_258_000_123]);

describe('pglite undo log', () => {
  let storage: PgliteStorage;
  beforeAll(async () => {
    storage = (await openStorage('pglite')) as PgliteStorage;
  });
  afterAll(() => storage.close());

  /** Inserts, updates and deletes over two tables: `n` rows logged at least. */
  async function churn(tag: string, n: number) {
    for (let i = 0; i < n; i++) {
      await storage.transaction(async () => {
        await addUser(storage, `${tag}-${i}`, `n${i}`);
        await storage.run('UPDATE users SET name = ? WHERE id = ?', [`${tag}${i}`, 'keep-1']);
        await storage.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', ['k', `${tag}${i}`]);
      });
    }
    await storage.run('DELETE FROM users WHERE id = ?', ['keep-2']);
  }

  it('drops the log past its limit, and reset to the baseline is still exact', async () => {
    for (let i = 0; i < 5; i++) await addUser(storage, `keep-${i}`, `k${i}`);
    await storage.run("INSERT INTO meta (key, value) VALUES ('k', 'base')");
    const snapshot = await storage.snapshot();
    const before = await storage.dump();
    storage.undoLimit = 20;

    // Under the limit: the log holds the writes and is replayed.
    await churn('a', 3);
    expect(await logSize(storage)).toBeGreaterThan(0);
    await storage.restore(snapshot);
    expect(await storage.dump()).toEqual(before);
    expect(await logSize(storage)).toBe(0);

    // Past it: the log is emptied and stays empty while writes go on; going back reloads instead.
    await churn('b', 30);
    expect(await logSize(storage)).toBe(0);
    await addUser(storage, 'late', 'x');
    expect(await logSize(storage)).toBe(0);
    await storage.restore(snapshot);
    expect(await storage.dump()).toEqual(before);

    // Recording is on again after the reload: the next round is undone from the log.
    await churn('c', 2);
    expect(await logSize(storage)).toBeGreaterThan(0);
    await storage.restore(snapshot);
    expect(await storage.dump()).toEqual(before);
  });

  it('answers a failed statement with the error, and the transaction rolls back whole', async () => {
    await expect(storage.run('INSERT INTO nope (x) VALUES (?)', [1])).rejects.toThrow(/nope/);
    await expect(
      storage.transaction(async () => {
        await addUser(storage, 'dup', 'one');
        await addUser(storage, 'dup', 'two');
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await storage.get('SELECT id FROM users WHERE id = ?', ['dup'])).toBeUndefined();
    // The statement that failed once runs again (its prepared form is kept).
    await addUser(storage, 'dup', 'three');
    expect(await storage.get('SELECT name FROM users WHERE id = ?', ['dup'])).toEqual({ name: 'three' });
  });
});

describe('pglite reset after a refused load', () => {
  let storage: PgliteStorage;
  beforeAll(async () => {
    storage = (await openStorage('pglite')) as PgliteStorage;
  });
  afterAll(() => storage.close());

  it('undoes the writes made after it, whether through the log or a reload', async () => {
    await addUser(storage, 'base', 'b');
    const snapshot = await storage.snapshot();
    const before = await storage.dump();
    // A dump the database refuses (a NOT NULL column missing): nothing changes, and the log is no longer trusted.
    await expect(storage.load({ ...before, users: [{ id: 'x', name: 'x' }] })).rejects.toThrow();
    expect(await storage.dump()).toEqual(before);
    await addUser(storage, 'after-load', 'a');
    await storage.restore(snapshot);
    expect(await storage.dump()).toEqual(before);
    // Recording is back: the next write is undone by the log.
    await addUser(storage, 'after-reset', 'a');
    expect(await logSize(storage)).toBeGreaterThan(0);
    await storage.restore(snapshot);
    expect(await storage.dump()).toEqual(before);
  });
});

describe('pglite reset after the undo log was dropped', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ storage: 'pglite' });
  });
  afterAll(() => emulator.close());

  it('gives back the boot state byte for byte', async () => {
    const key = emulator.handles.workspaces[0]?.apiKeys[0]?.secret as string;
    const before = JSON.stringify(await emulator.exportState());
    // The world's storage is not public (and wrapped by the answer cache's watch): reached here only to lower the limit.
    const storage = (emulator as unknown as { here: { storage: { inner: PgliteStorage } } }).here.storage.inner;
    storage.undoLimit = 10;
    for (let i = 0; i < 8; i++) {
      const res = await emulator.fetch(
        new Request('http://127.0.0.1:4010/api/v1/transcripts', {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `t${i}`, messages: [{ role: 'user', content: 'hi' }] }),
        }),
      );
      expect(res.status).toBe(201);
    }
    expect(await logSize(storage)).toBe(0); // past the limit: dropped
    await emulator.reset();
    expect(JSON.stringify(await emulator.exportState())).toBe(before);
  });
});
