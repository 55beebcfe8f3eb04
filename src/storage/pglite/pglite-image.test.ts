// The prepared PGlite image (issue 13, start-up): a database booted from it holds the same catalog
// as a freshly built one, writes, snapshots and undo resets the same way, and a bad image falls back.
import { beforeAll, describe, expect, it } from 'vitest';
import { PgliteStorage } from './pglite-storage.js';
import { readPgliteImage } from '../pglite-image.js';
import { PackedMemoryFS } from './pglite-pack.js';
import { PGlite } from '@electric-sql/pglite';
import { worldTables } from '../../emulator/area-mount.js';
import { AREAS } from '../../areas/index.js';

/** The tables a world without extra areas opens with. */
const tables = worldTables(AREAS);

const T = 1_767_258_000_123;
/** Each test boots PGlite once or twice (seconds each on a loaded machine). */
const BOOTS_MS = 300_000;
/** The schema as Postgres sees it: tables and columns, indexes, triggers. */
const CATALOG = [
  `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname`,
  `SELECT event_object_table, trigger_name, action_statement FROM information_schema.triggers ORDER BY 1, 2, 3`,
];

/** A few writes, a snapshot, more writes, a reset to the snapshot: what each step leaves. */
async function exercise(s: PgliteStorage): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (const sql of CATALOG) seen.push(await s.all(sql));
  await s.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, ?, ?, ?)', ['u1', 'Ada', 1, '{}', T]);
  const snap = await s.snapshot();
  await s.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, ?, ?, ?)', ['u2', 'Bo', 0, '{}', T]);
  await s.run('UPDATE users SET name = ? WHERE id = ?', ['Ada L.', 'u1']);
  seen.push(await s.all('SELECT * FROM emulator_undo ORDER BY lsn'));
  await s.restore(snap);
  seen.push(await s.dump());
  return seen;
}

describe('PGlite prepared image', () => {
  let image: Awaited<ReturnType<PgliteStorage['image']>>;
  beforeAll(async () => {
    const built = await PgliteStorage.create({ tables });
    image = await built.image();
    await built.close();
  }, BOOTS_MS);

  it('boots to the state the fresh path builds, and behaves the same after', async () => {
    const fresh = await PgliteStorage.create({ tables });
    const booted = await PgliteStorage.create({ tables, image });
    try {
      expect(await exercise(booted)).toEqual(await exercise(fresh));
    } finally {
      await Promise.all([fresh.close(), booted.close()]);
    }
  }, BOOTS_MS);

  it('boots PGlite by itself, with no fallback to hide a broken unpacking', async () => {
    const pg = new PGlite({ fs: new PackedMemoryFS(image.packed) });
    try {
      await pg.waitReady;
      expect((await pg.query(CATALOG[2]!)).rows.length).toBeGreaterThan(0);
    } finally {
      await pg.close();
    }
  }, BOOTS_MS);

  it('falls back to the fresh path when the image does not boot', async () => {
    const storage = await PgliteStorage.create({ tables, image: { packed: new Uint8Array([1, 2, 3]), keys: image.keys } });
    try {
      expect((await storage.all(CATALOG[2]!)).length).toBeGreaterThan(0);
    } finally {
      await storage.close();
    }
  }, BOOTS_MS);

  it('is not found beside the sources (only the build writes one), so tests take the fresh path', async () => {
    expect(await readPgliteImage(tables)).toBeUndefined();
  });
});

