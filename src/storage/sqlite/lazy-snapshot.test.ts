// A lazy SQLite snapshot (an import's reset point) copies nothing until its savepoint must close
// while it may still be restored; every way back then leads to its rows, byte for byte. A snapshot taken
// inside a transaction holds what the transaction wrote, on any connection.
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../emulator/open-storage.js';
import { betterSqliteLoads } from '../sqlite-probe.js';
import type { Storage, StorageSnapshot } from '../storage.js';

type Imaged = StorageSnapshot & { image?: Buffer };
const names = async (storage: Storage) => (await storage.all<{ name: string }>('SELECT name FROM users ORDER BY name')).map((r) => r.name);
const add = (storage: Storage, name: string, size = 0) =>
  storage.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, ?, ?, ?)', [name, name, 1, 'm'.repeat(size), 0]);

/** A storage holding user `a`, running on a connection opened from an image (as after any full restore). */
async function onImage(): Promise<Storage> {
  const storage = await openStorage('sqlite');
  await add(storage, 'a');
  const first = await storage.snapshot();
  await storage.snapshot();
  await storage.restore(first);
  return storage;
}

// Needs better-sqlite3 (not on an install without a compiler: npm run test:install).
describe.skipIf(!(await betterSqliteLoads()))('lazy sqlite snapshot', () => {
  it('makes no image while it is the baseline, and goes back with a rollback', async () => {
    const storage = await onImage();
    const lazy = (await storage.snapshot({ lazy: true })) as Imaged;
    await storage.transaction(() => add(storage, 'b'));
    await storage.restore(lazy);
    expect(await names(storage)).toEqual(['a']);
    await add(storage, 'c');
    expect(lazy.image).toBeUndefined();
    await storage.close();
  });

  it('is imaged with the rows it was taken at when a newer snapshot closes its savepoint, after megabytes of writes', async () => {
    const storage = await onImage();
    const eager = (await storage.snapshot()) as Imaged;
    const lazy = (await storage.snapshot({ lazy: true })) as Imaged;
    // Far more than the page cache (better-sqlite3 builds SQLite with 16 MB): pages that spilled into the image buffer would show here.
    await storage.transaction(async () => {
      for (let i = 0; i < 800; i++) await add(storage, `x${String(i).padStart(3, '0')}`, 50_000);
    });
    const later = await storage.snapshot();
    expect(Buffer.compare(lazy.image!, eager.image!)).toBe(0);
    expect((await names(storage)).length).toBe(801);
    await storage.restore(lazy);
    expect(await names(storage)).toEqual(['a']);
    await storage.restore(later);
    expect((await names(storage)).length).toBe(801);
    await storage.close();
  });

  it('is imaged before a full restore closes its savepoint', async () => {
    const storage = await onImage();
    const before = await storage.snapshot();
    await add(storage, 'b');
    const lazy = (await storage.snapshot({ lazy: true })) as Imaged;
    await add(storage, 'c');
    await storage.restore(before);
    expect(await names(storage)).toEqual(['a']);
    await storage.restore(lazy);
    expect(await names(storage)).toEqual(['a', 'b']);
    await storage.close();
  });

  it('once released, is not imaged, and only its own savepoint leads back to it', async () => {
    const storage = await onImage();
    const lazy = (await storage.snapshot({ lazy: true })) as Imaged;
    storage.release!(lazy);
    await add(storage, 'b');
    await storage.restore(lazy);
    expect(await names(storage)).toEqual(['a']);
    await storage.snapshot();
    expect(lazy.image).toBeUndefined();
    await expect(storage.restore(lazy)).rejects.toThrow(/released/);
    await storage.close();
  });

  it('on a connection SQLite opened empty, is an image at once', async () => {
    const storage = await openStorage('sqlite');
    await add(storage, 'a');
    const lazy = (await storage.snapshot({ lazy: true })) as Imaged;
    expect(lazy.image).toBeDefined();
    await storage.close();
  });

  it('taken inside a transaction, holds what the transaction wrote (on a connection opened from an image)', async () => {
    const storage = await onImage();
    let inside: StorageSnapshot | undefined;
    await storage.transaction(async () => {
      await add(storage, 'b');
      inside = await storage.snapshot();
    });
    await add(storage, 'c');
    await storage.restore(inside!);
    expect(await names(storage)).toEqual(['a', 'b']);
    await storage.close();
  });
});
