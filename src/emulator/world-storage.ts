// The one seam that opens a created world's storage from its scenario's cached image, per driver:
// SQLite deserialises the image into a new in-memory database; PGlite boots (from the build's
// prepared image where there is one) and loads the image's rows. A new driver (the shared
// PostgreSQL engine: one schema per world) plugs in here. A PGlite instance takes seconds to boot and
// tens of MB: a freed one is kept (a few per emulator) and the next world loads its image into it.
import type { Storage, StorageKind, StorageSnapshot } from '../storage/storage.js';
import type { TableDef } from '../storage/table-def.js';
import { openStorage } from './open-storage.js';

/** Freed storage kept for the next world, by driver; only drivers slow to open keep any. */
export class StoragePool {
  private readonly free: Storage[] = [];
  constructor(private readonly keep = 4) {}

  take(kind: StorageKind): Storage | undefined {
    const at = this.free.findIndex((s) => s.kind === kind);
    return at < 0 ? undefined : this.free.splice(at, 1)[0];
  }

  /** Keeps a freed PGlite storage while there is room; closes anything else. */
  async release(storage: Storage): Promise<void> {
    if (storage.kind === 'pglite' && this.free.length < this.keep) this.free.push(storage);
    else await storage.close();
  }

  async closeAll(): Promise<void> {
    for (const storage of this.free.splice(0)) await storage.close().catch(() => undefined);
  }
}

/** Opens empty storage for a template world, the one that loads a scenario to make the image. */
export function openTemplateStorage(kind: StorageKind, tables: readonly TableDef[], pool?: StoragePool): Promise<Storage> {
  const kept = pool?.take(kind);
  return kept ? Promise.resolve(kept) : openStorage(kind, undefined, tables);
}

/**
 * Storage holding exactly `image` (a template world's storage snapshot), which a later reset of
 * the world returns to.
 */
export async function openWorldStorage(kind: StorageKind, tables: readonly TableDef[], image: StorageSnapshot, pool?: StoragePool): Promise<Storage> {
  const kept = pool?.take(kind);
  if (kept) {
    try {
      await kept.restore(image);
      return kept;
    } catch (err) {
      await kept.close().catch(() => undefined);
      throw err;
    }
  }
  switch (kind) {
    case 'sqlite': {
      const { SqliteStorage } = await import('../storage/sqlite/sqlite-storage.js');
      const storage = SqliteStorage.fromImage(image, tables);
      if (storage) return storage;
      break;
    }
    case 'pglite':
    case 'postgres':
      break;
    default: {
      const never: never = kind;
      throw new Error(`unknown storage driver ${String(never)}`);
    }
  }
  // Any other driver: open it empty and restore the image into it.
  const storage = await openStorage(kind, undefined, tables);
  await storage.restore(image);
  return storage;
}
