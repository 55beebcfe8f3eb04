// The one seam that opens a created world's storage from its scenario's cached image, per driver:
// SQLite deserialises the image into a new in-memory database; PGlite boots (from the build's
// prepared image where there is one) and loads the image's rows. A new driver (the shared
// PostgreSQL engine: one schema per world) plugs in here.
import type { Storage, StorageKind, StorageSnapshot } from '../storage/storage.js';
import type { TableDef } from '../storage/table-def.js';
import { openStorage } from './open-storage.js';

/** Opens empty storage for a template world, the one that loads a scenario to make the image. */
export function openTemplateStorage(kind: StorageKind, tables: readonly TableDef[]): Promise<Storage> {
  return openStorage(kind, undefined, tables);
}

/**
 * Storage holding exactly `image` (a template world's storage snapshot), which a later reset of
 * the world returns to.
 */
export async function openWorldStorage(kind: StorageKind, tables: readonly TableDef[], image: StorageSnapshot): Promise<Storage> {
  switch (kind) {
    case 'sqlite': {
      const { SqliteStorage } = await import('../storage/sqlite/sqlite-storage.js');
      const storage = SqliteStorage.fromImage(image, tables);
      if (storage) return storage;
      break;
    }
    case 'pglite':
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
