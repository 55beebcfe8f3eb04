// Both storage drivers behind one interface: same answers, same transactions, same dumps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chooseStorage, openStorage } from '../emulator/open-storage.js';
import type { Storage, StorageKind } from './storage.js';
import { isPending } from './settled.js';

const open = (kind: StorageKind, dataDir?: string): Promise<Storage> => openStorage(kind, dataDir);

/** Both drivers; the quick loop (EMULATOR_MATRIX=quick) only the one the emulator would choose. */
const KINDS: StorageKind[] = process.env.EMULATOR_MATRIX === 'quick' ? [await chooseStorage(undefined, () => undefined)] : ['sqlite', 'pglite'];

const BIG_TIME = 1_767_258_000_123;
const insertUser = (s: Storage, id: string, name: string | null = null) =>
  s.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, ?, ?, ?)', [id, name, 1, '{"a":1}', BIG_TIME]);
const users = (s: Storage) => s.all<{ id: string; name: string | null; created_at: number }>('SELECT id, name, created_at FROM users ORDER BY id');

const dumps: Record<string, unknown> = {};

describe.each(KINDS)('%s storage', (kind) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open(kind);
  });
  afterAll(() => storage.close());
  beforeEach(async () => {
    for (const table of storage.tableNames) await storage.run(`DELETE FROM ${table}`);
  });

  it('reads and writes with ? placeholders, NULLs and epoch-ms integers as numbers', async () => {
    expect(await insertUser(storage, 'u1', 'Ann')).toEqual({ changes: 1 });
    await insertUser(storage, 'u2');
    expect(await users(storage)).toEqual([
      { id: 'u1', name: 'Ann', created_at: BIG_TIME },
      { id: 'u2', name: null, created_at: BIG_TIME },
    ]);
    expect(await storage.get('SELECT name FROM users WHERE id = ?', ['nope'])).toBeUndefined();
    const count = await storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM users');
    expect(Number(count?.n)).toBe(2);
    expect((await storage.run('UPDATE users SET name = ? WHERE id <> ?', ['Z', 'u1'])).changes).toBe(1);
  });

  it('commits a transaction whole, or rolls it back whole', async () => {
    await storage.transaction(async () => {
      await insertUser(storage, 'a');
      await insertUser(storage, 'b');
    });
    await expect(
      storage.transaction(async () => {
        await insertUser(storage, 'c');
        await insertUser(storage, 'a'); // duplicate primary key
      }),
    ).rejects.toThrow();
    expect((await users(storage)).map((u) => u.id)).toEqual(['a', 'b']);
  });

  it('rejects a transaction whose function throws before answering a promise, and stays usable', async () => {
    await expect(
      storage.transaction(() => {
        throw new Error('refused at once');
      }),
    ).rejects.toThrow('refused at once');
    // A function that answers a plain value (a synchronous handler) commits.
    expect(await storage.transaction(() => 'done')).toBe('done');
    // Still a transaction of its own afterwards: a failure inside rolls back its earlier write.
    await expect(
      storage.transaction(async () => {
        await insertUser(storage, 'y');
        await insertUser(storage, 'y'); // duplicate primary key
      }),
    ).rejects.toThrow();
    await storage.transaction(async () => {
      await insertUser(storage, 'z');
    });
    expect((await users(storage)).map((u) => u.id)).toEqual(['z']);
  });

  it('commits a function that ran its batch and answered at once, and rolls back one whose batch failed', async () => {
    const insert = (id: string) => [{ sql: 'INSERT INTO users (id, email_verified, metadata, created_at) VALUES (?, 1, ?, ?)', params: [id, '{}', BIG_TIME] }];
    // As the transcripts store writes: the batch's answer may come at once (SQLite) or later (PGlite).
    const changed = await storage.transaction(() => {
      const done = storage.batch(insert('a'));
      return isPending(done) ? done.then((results) => results[0]?.changes) : done[0]?.changes;
    });
    expect(changed).toBe(1);
    await expect(
      storage.transaction(() => {
        const first = storage.batch(insert('b'));
        const second = () => storage.batch(insert('a')); // duplicate primary key: throws, or rejects
        return isPending(first) ? first.then(second) : second();
      }),
    ).rejects.toThrow();
    expect((await users(storage)).map((u) => u.id)).toEqual(['a']);
    await storage.transaction(() => storage.batch(insert('c')));
    expect((await users(storage)).map((u) => u.id)).toEqual(['a', 'c']);
  });

  it('runs a batch in order, each statement answering its rows and changes, all of it or none', async () => {
    await insertUser(storage, 'a');
    const results = await storage.batch([
      { sql: 'INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, 1, ?, ?) RETURNING id', params: ['b', 'Bo', '{}', BIG_TIME] },
      // A later statement sees what an earlier one wrote.
      { sql: 'UPDATE users SET name = ? WHERE id IN (?, ?)', params: ['Z', 'a', 'b'] },
      { sql: 'SELECT id, name FROM users ORDER BY id' },
      { sql: 'DELETE FROM users WHERE id = ?', params: ['nope'] },
    ]);
    expect(results).toEqual([
      { rows: [{ id: 'b' }], changes: 1 },
      { rows: [], changes: 2 },
      { rows: [{ id: 'a', name: 'Z' }, { id: 'b', name: 'Z' }], changes: 0 },
      { rows: [], changes: 0 },
    ]);
    // A failing statement (a duplicate key) throws, and the statements before it do not land.
    await expect(
      storage.batch([
        { sql: 'UPDATE users SET name = ? WHERE id = ?', params: ['Y', 'a'] },
        { sql: 'INSERT INTO users (id, email_verified, metadata, created_at) VALUES (?, 1, ?, ?)', params: ['b', '{}', BIG_TIME] },
      ]),
    ).rejects.toThrow();
    expect(await users(storage)).toEqual([
      { id: 'a', name: 'Z', created_at: BIG_TIME },
      { id: 'b', name: 'Z', created_at: BIG_TIME },
    ]);
    // Inside a transaction, a batch is part of it: rolled back with it.
    await expect(
      storage.transaction(async () => {
        await storage.batch([{ sql: 'DELETE FROM users WHERE id = ?', params: ['a'] }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await users(storage)).map((u) => u.id)).toEqual(['a', 'b']);
  });

  it('restores a snapshot exactly, and round-trips a dump', async () => {
    await insertUser(storage, 'kept');
    const snapshot = await storage.snapshot();
    await insertUser(storage, 'lost');
    await storage.run('DELETE FROM users WHERE id = ?', ['kept']);
    await storage.restore(snapshot);
    expect((await users(storage)).map((u) => u.id)).toEqual(['kept']);
    const dump = await storage.dump();
    await storage.load({ users: [] });
    expect(await users(storage)).toEqual([]);
    await storage.load(dump);
    expect(await storage.dump()).toEqual(dump);
    dumps[kind] = dump;
  });

  it('restores the same snapshot twice in a row, whatever was written in between', async () => {
    await insertUser(storage, 'base');
    const snapshot = await storage.snapshot();
    for (const round of [1, 2, 3]) {
      await insertUser(storage, `extra${round}`);
      await storage.run('UPDATE users SET name = ? WHERE id = ?', [`changed${round}`, 'base']);
      await storage.run("INSERT INTO meta (key, value) VALUES (?, 'x')", [`m${round}`]);
      await storage.restore(snapshot);
      expect(await users(storage)).toEqual([{ id: 'base', name: null, created_at: BIG_TIME }]);
      expect(await storage.all('SELECT * FROM meta')).toEqual([]);
    }
    // Another snapshot in between, then back to the first: still exact.
    await insertUser(storage, 'later');
    const second = await storage.snapshot();
    await storage.restore(snapshot);
    expect((await users(storage)).map((u) => u.id)).toEqual(['base']);
    await storage.restore(second);
    expect((await users(storage)).map((u) => u.id)).toEqual(['base', 'later']);
  });

  it('keeps each of a chain of snapshots whole, whatever was written between them', async () => {
    await insertUser(storage, 'a');
    const first = await storage.snapshot();
    await insertUser(storage, 'b');
    await storage.run("INSERT INTO meta (key, value) VALUES ('m', 'x')");
    const second = await storage.snapshot();
    await insertUser(storage, 'c');
    await storage.run('DELETE FROM users WHERE id = ?', ['a']);
    await expect(storage.transaction(async () => {
      await storage.run("UPDATE meta SET value = 'rolled back'");
      throw new Error('abort');
    })).rejects.toThrow('abort');
    const third = await storage.snapshot();
    const state = async () => ({ users: (await users(storage)).map((u) => u.id), meta: await storage.all('SELECT key, value FROM meta') });
    for (const [snap, expected] of [
      [second, { users: ['a', 'b'], meta: [{ key: 'm', value: 'x' }] }],
      [first, { users: ['a'], meta: [] }],
      [third, { users: ['b', 'c'], meta: [{ key: 'm', value: 'x' }] }],
      [second, { users: ['a', 'b'], meta: [{ key: 'm', value: 'x' }] }],
    ] as const) {
      await storage.restore(snap);
      expect(await state()).toEqual(expected);
    }
  });

  it('undoes inserts, updates and deletes back to the snapshot, twice over', async () => {
    await insertUser(storage, 'u1', 'Ann');
    await insertUser(storage, 'u2', 'Bob');
    const before = await users(storage);
    const snapshot = await storage.snapshot();
    for (let round = 0; round < 2; round++) {
      await storage.transaction(async () => {
        await insertUser(storage, 'u3', 'Cy');
        await storage.run('UPDATE users SET name = ?, created_at = ? WHERE id = ?', ['Anna', 5, 'u1']);
      });
      await storage.run('DELETE FROM users WHERE id = ?', ['u2']);
      await storage.run('UPDATE users SET id = ? WHERE id = ?', ['u4', 'u3']);
      await storage.restore(snapshot);
      expect(await users(storage)).toEqual(before);
    }
  });

  it('refuses a dump with an unknown table and changes nothing', async () => {
    await insertUser(storage, 'stay');
    await expect(storage.load({ nope: [] })).rejects.toThrow('unknown table');
    expect((await users(storage)).map((u) => u.id)).toEqual(['stay']);
  });

  it('keeps its data in a data dir across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), `emu-${kind}-`));
    try {
      const first = await open(kind, dir);
      await insertUser(first, 'durable', 'Dee');
      await first.close();
      const second = await open(kind, dir);
      expect(await users(second)).toEqual([{ id: 'durable', name: 'Dee', created_at: BIG_TIME }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(KINDS.length < 2)('drivers agree', () => {
  it('dump the same rows to the same JSON', () => {
    expect(dumps.sqlite).toBeDefined();
    expect(JSON.stringify(dumps.pglite)).toBe(JSON.stringify(dumps.sqlite));
  });
});
