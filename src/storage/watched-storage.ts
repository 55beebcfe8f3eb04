// A storage that tells when anything may have changed: every write statement, transaction,
// restore and load calls `changed` first. The answer cache (src/core/answer-cache.ts) empties on
// it, so a cached answer never outlives the rows it was built from.
import type { Row, SnapshotOptions, SqlValue, Statement, StatementResult, Storage, StorageSnapshot, TableDump } from './storage.js';

/** Statements already classified: the stores use a fixed set of SQL texts. */
const classified = new Map<string, boolean>();

/** A statement that only reads: SELECT, or WITH ... SELECT without a write inside. */
function readsOnly(sql: string): boolean {
  let reads = classified.get(sql);
  if (reads === undefined) {
    const head = sql.trimStart().slice(0, 6).toUpperCase();
    reads = head === 'SELECT' || (head.startsWith('WITH') && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql));
    if (classified.size >= 4096) classified.clear();
    classified.set(sql, reads);
  }
  return reads;
}

/**
 * Tables whose rows auth reads of a key (src/areas/api-keys/store.ts `findForAuth`): a write to
 * any other table cannot change a key, so the answer cache keeps its remembered keys across it.
 */
const KEY_TABLES = /\b(api_keys|workspaces)\b/i;
const touchesKeys = new Map<string, boolean>();

function keyWrite(sql: string): boolean {
  let touches = touchesKeys.get(sql);
  if (touches === undefined) {
    touches = KEY_TABLES.test(sql);
    if (touchesKeys.size >= 4096) touchesKeys.clear();
    touchesKeys.set(sql, touches);
  }
  return touches;
}

export class WatchedStorage implements Storage {
  /** Writes seen so far that may have changed a key (see KEY_TABLES). */
  private keyWrites = 0;
  /** See Storage.writeVersion: moved by every write, restore and load, and never by a read. */
  private writes = 0;
  /** The snapshot taken or restored last, and the writeVersion it held at. */
  private held: { version: number; snapshot: StorageSnapshot } | undefined;

  /**
   * @param changed told before every write, and after every transaction, restore and load;
   *   `keys` is false when the change cannot have touched a key's rows.
   */
  constructor(
    readonly inner: Storage,
    private readonly changed: (keys?: boolean) => void,
  ) {}

  get writeVersion(): number {
    return this.writes;
  }

  /** Rows changed under this wrapper (another process wrote to a shared database): moves writeVersion. */
  touch(): void {
    this.writes++;
    this.changed();
  }

  private wrote(sql: string): void {
    this.writes++;
    const keys = keyWrite(sql);
    if (keys) this.keyWrites++;
    this.changed(keys);
  }

  get kind(): Storage['kind'] {
    return this.inner.kind;
  }

  get tableNames(): readonly string[] {
    return this.inner.tableNames;
  }

  all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> {
    if (!readsOnly(sql)) this.wrote(sql);
    return this.inner.all<T>(sql, params);
  }

  get<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined> {
    if (!readsOnly(sql)) this.wrote(sql);
    return this.inner.get<T>(sql, params);
  }

  run(sql: string, params?: SqlValue[]): Promise<{ changes: number }> {
    this.wrote(sql);
    return this.inner.run(sql, params);
  }

  batch(statements: readonly Statement[]): StatementResult[] | Promise<StatementResult[]> {
    for (const { sql } of statements) if (!readsOnly(sql)) this.wrote(sql);
    return this.inner.batch(statements);
  }

  transaction<T>(fn: () => T | Promise<T>): Promise<T> {
    // A rollback puts rows back: whatever was read inside may be gone (keys too, when one was written).
    const keyWrites = this.keyWrites;
    const writes = this.writes;
    const ended = () => {
      // A transaction that only read changed nothing, even when rolled back.
      if (this.writes !== writes) this.writes++;
      this.changed(this.keyWrites !== keyWrites);
    };
    // `then` with both callbacks, not `finally`: one promise a transaction instead of three.
    return this.inner.transaction(fn).then(
      (result) => {
        ended();
        return result;
      },
      (err: unknown) => {
        ended();
        throw err;
      },
    );
  }

  /** See Storage.heldSnapshot. */
  get heldSnapshot(): StorageSnapshot | undefined {
    return this.held?.version === this.writes ? this.held.snapshot : undefined;
  }

  async snapshot(options?: SnapshotOptions): Promise<StorageSnapshot> {
    const version = this.writes;
    const snapshot = await this.inner.snapshot(options);
    // A write beside the snapshot may or may not be in it: hold only one nothing overlapped.
    if (this.writes === version) this.held = { version, snapshot };
    return snapshot;
  }

  async restore(snapshot: StorageSnapshot): Promise<void> {
    this.writes++;
    this.changed();
    try {
      await this.inner.restore(snapshot);
    } finally {
      this.writes++;
      this.changed();
    }
    this.held = { version: this.writes, snapshot };
  }

  release(snapshot: StorageSnapshot): void {
    this.inner.release?.(snapshot);
  }

  dump(): Promise<TableDump> {
    return this.inner.dump();
  }

  load(dump: TableDump): Promise<void> {
    this.writes++;
    this.changed();
    return this.inner.load(dump).finally(() => {
      this.writes++;
      this.changed();
    });
  }

  close(): Promise<void> {
    this.writes++;
    this.changed();
    return this.inner.close();
  }
}
