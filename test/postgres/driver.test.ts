// The PostgreSQL driver on a throwaway cluster: every Storage method, success and rollback, the
// change counter and the schema option.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/emulator/open-storage.js';
import type { Storage } from '../../src/storage/storage.js';
import type { PostgresStorage } from '../../src/storage/postgres/postgres-storage.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../support/postgres.js';
import { worldSchema } from '../../src/storage/postgres/postgres-sql.js';

describe('worldSchema', () => {
  it('names one schema per world id, never the same for two ids, within the identifier limit', () => {
    expect(worldSchema('w_ab-C9')).toBe('world_w_5fab_2d_439');
    expect(worldSchema('w-a')).not.toBe(worldSchema('w_a'));
    expect(worldSchema('x'.repeat(58))).toBeUndefined();
    expect(worldSchema('default')).toBe('world_default');
  });
});

if (postgresUnavailable) console.warn(`postgres driver tests skipped: ${postgresUnavailable}`);
const suite = postgresUnavailable ? describe.skip : describe;

const BIG_TIME = 1_767_258_000_123;
const insertUser = (s: Storage, id: string, name: string | null = null) =>
  s.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, ?, ?, ?)', [id, name, 1, '{"a":1}', BIG_TIME]);
const users = (s: Storage) => s.all<{ id: string; name: string | null; created_at: number }>('SELECT id, name, created_at FROM users ORDER BY id');

suite('postgres storage', () => {
  let cluster: PostgresCluster;
  let storage: Storage;
  beforeAll(async () => {
    cluster = await startPostgres();
    storage = await openStorage('postgres', undefined, undefined, { databaseUrl: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    await cluster?.stop();
  });
  beforeEach(async () => {
    for (const table of storage.tableNames) await storage.run(`DELETE FROM ${table}`);
  });

  it('reads and writes with ? placeholders, NULLs and epoch-ms integers as numbers', async () => {
    expect(storage.kind).toBe('postgres');
    expect(await insertUser(storage, 'u1', 'Ann')).toEqual({ changes: 1 });
    await insertUser(storage, 'u2');
    expect(await users(storage)).toEqual([
      { id: 'u1', name: 'Ann', created_at: BIG_TIME },
      { id: 'u2', name: null, created_at: BIG_TIME },
    ]);
    expect(await storage.get('SELECT name FROM users WHERE id = ?', ['nope'])).toBeUndefined();
    expect(await storage.get('SELECT COUNT(*) AS n FROM users')).toEqual({ n: 2 });
    expect((await storage.run('UPDATE users SET name = ? WHERE id <> ?', ['Z', 'u1'])).changes).toBe(1);
  });

  it('commits a transaction whole, or rolls it back whole (nested calls join it)', async () => {
    await storage.transaction(async () => {
      await insertUser(storage, 'a');
      await storage.transaction(() => insertUser(storage, 'b'));
    });
    await expect(
      storage.transaction(async () => {
        await insertUser(storage, 'c');
        await insertUser(storage, 'a'); // duplicate primary key
      }),
    ).rejects.toThrow();
    expect((await users(storage)).map((u) => u.id)).toEqual(['a', 'b']);
    // The connection went back clean: the next statement works.
    expect((await users(storage)).length).toBe(2);
  });

  it('restores a snapshot exactly, and round-trips a dump (a bad dump changes nothing)', async () => {
    await insertUser(storage, 'kept');
    const snapshot = await storage.snapshot();
    await insertUser(storage, 'gone');
    await storage.run('UPDATE users SET name = ? WHERE id = ?', ['changed', 'kept']);
    await storage.restore(snapshot);
    expect(await users(storage)).toEqual([{ id: 'kept', name: null, created_at: BIG_TIME }]);
    const dump = await storage.dump();
    expect(dump.users).toEqual([expect.objectContaining({ id: 'kept', created_at: BIG_TIME })]);
    await insertUser(storage, 'other');
    await storage.load(dump);
    expect((await users(storage)).map((u) => u.id)).toEqual(['kept']);
    await expect(storage.load({ nope: [] })).rejects.toThrow(/unknown table/);
    await expect(storage.load({ users: [{ id: 'x', nonsense: 1 }] })).rejects.toThrow();
    expect((await users(storage)).map((u) => u.id)).toEqual(['kept']);
  });

  it('bumps the change counter once per write transaction, never for reads or rollbacks', async () => {
    const pg = storage as PostgresStorage;
    const before = await pg.changeCount();
    await users(storage);
    await storage.transaction(() => users(storage));
    expect(await pg.changeCount()).toBe(before);
    await storage.transaction(async () => {
      await insertUser(storage, 'x');
      await insertUser(storage, 'y');
    });
    expect(await pg.changeCount()).toBe(before + 1);
    await expect(storage.transaction(() => insertUser(storage, 'x'))).rejects.toThrow();
    expect(await pg.changeCount()).toBe(before + 1);
  });

  it('tells a process when another one wrote, and keeps schemas apart', async () => {
    const other = (await openStorage('postgres', undefined, undefined, { databaseUrl: cluster.url })) as PostgresStorage;
    const world = (await openStorage('postgres', undefined, undefined, { databaseUrl: cluster.url, schema: 'w_test' })) as PostgresStorage;
    try {
      const pg = storage as PostgresStorage;
      let told = 0;
      pg.onForeignChange = async () => {
        told++;
      };
      await pg.followChanges();
      expect(told).toBe(0);
      await insertUser(other, 'from-other');
      expect((await users(storage)).map((u) => u.id)).toEqual(['from-other']);
      await pg.followChanges();
      expect(told).toBe(1);
      await pg.followChanges();
      expect(told).toBe(1);
      // Inside a transaction the lock is taken first, then the change is followed.
      await insertUser(other, 'again');
      await storage.transaction(() => insertUser(storage, 'mine'));
      expect(told).toBe(2);
      await pg.followChanges();
      expect(told).toBe(2);
      pg.onForeignChange = undefined;
      expect(await users(world)).toEqual([]);
      await insertUser(world, 'in-schema');
      expect((await users(storage)).map((u) => u.id)).toEqual(['again', 'from-other', 'mine']);
      expect((await users(world)).map((u) => u.id)).toEqual(['in-schema']);
    } finally {
      await other.close();
      await world.close();
    }
  });

  it('says in one line when the server cannot be reached or the URL is missing', async () => {
    await expect(openStorage('postgres', undefined, undefined, { databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/x' })).rejects.toThrow(
      /^cannot use PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/x: /,
    );
    await expect(openStorage('postgres', undefined, undefined, { databaseUrl: '' })).rejects.toThrow(/needs a database URL/);
    await expect(openStorage('postgres', undefined, undefined, { databaseUrl: cluster.url, schema: 'bad;name' })).rejects.toThrow(/schema/);
  });
});
