// Chooses a storage driver. Drivers are imported only when chosen, so a browser bundle that
// picks PGlite never sees better-sqlite3, and nothing native loads at import time.
import type { Storage, StorageKind } from '../storage/storage.js';
import type { TableDef } from '../storage/table-def.js';
import { AREAS } from '../areas/index.js';
import { worldTables } from './area-mount.js';
import { noticeFallback } from '../native/native-modules.js';
import { betterSqliteLoads } from '../storage/sqlite-probe.js';

/** A driver that was asked for by name cannot load here (its native module is missing). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/**
 * The driver to open: the one asked for, or (none asked) SQLite where better-sqlite3 loads and
 * PGlite where it does not (an install with --omit=optional, or no compiler), said once.
 */
export async function chooseStorage(requested: StorageKind | undefined, onNotice?: (message: string) => void): Promise<StorageKind> {
  if (requested === 'pglite') return 'pglite';
  if (requested === 'postgres') return 'postgres';
  if (await betterSqliteLoads()) return 'sqlite';
  if (requested === 'sqlite') {
    throw new StorageUnavailableError('storage "sqlite" needs better-sqlite3, which is not installed or did not build here; use --storage pglite (storage: \'pglite\') or install better-sqlite3');
  }
  noticeFallback('better-sqlite3', onNotice);
  return 'pglite';
}

/** The build's PGlite image, in Node only (a browser boots PGlite as it always did). */
async function preparedPgliteImage(tables: readonly TableDef[]) {
  if (typeof process === 'undefined' || !process.versions?.node) return undefined;
  // Any failure to find or read it means the usual path, never an error.
  return import('../storage/pglite-image.js').then((m) => m.readPgliteImage(tables)).catch(() => undefined);
}

/** Where the `postgres` driver connects: a server's URL and the schema of the world. */
export interface PostgresTarget {
  databaseUrl: string;
  /** `public` when absent. */
  schema?: string;
}

/**
 * Opens a driver with `tables` (absent: every table of the area list, as a world without extra
 * areas keeps). `postgres` takes its server from `postgres` (it keeps no data dir).
 */
export async function openStorage(kind: StorageKind, dataDir?: string, tables: readonly TableDef[] = worldTables(AREAS), postgres?: PostgresTarget): Promise<Storage> {
  switch (kind) {
    case 'postgres': {
      const { PostgresStorage } = await import('../storage/postgres/postgres-storage.js');
      return PostgresStorage.create({ url: postgres?.databaseUrl ?? '', tables, ...(postgres?.schema !== undefined && { schema: postgres.schema }) });
    }
    case 'sqlite': {
      const { SqliteStorage } = await import('../storage/sqlite/sqlite-storage.js');
      return SqliteStorage.create({ ...(dataDir && { dataDir }), tables });
    }
    case 'pglite': {
      const { PgliteStorage } = await import('../storage/pglite/pglite-storage.js');
      if (dataDir) return PgliteStorage.create({ dataDir, tables });
      const image = await preparedPgliteImage(tables);
      return PgliteStorage.create({ tables, ...(image && { image }) });
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown storage driver ${String(never)}`);
    }
  }
}
