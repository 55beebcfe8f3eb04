// Chooses a storage driver. Drivers are imported only when chosen, so a browser bundle that
// picks PGlite never sees better-sqlite3, and nothing native loads at import time.
import type { Storage, StorageKind } from '../storage/storage.js';

export async function openStorage(kind: StorageKind, dataDir?: string): Promise<Storage> {
  switch (kind) {
    case 'sqlite': {
      const { SqliteStorage } = await import('../storage/sqlite/sqlite-storage.js');
      return SqliteStorage.create(dataDir ? { dataDir } : {});
    }
    case 'pglite': {
      const { PgliteStorage } = await import('../storage/pglite/pglite-storage.js');
      return PgliteStorage.create(dataDir ? { dataDir } : {});
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown storage driver ${String(never)}`);
    }
  }
}
