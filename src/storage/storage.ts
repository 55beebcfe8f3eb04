// The storage interface every driver implements; route code speaks only this and portable SQL.

export type SqlValue = string | number | null;
export type Row = Record<string, SqlValue>;

export type StorageKind = 'sqlite' | 'pglite' | 'postgres';

/** One statement of a batch (`Storage.batch`). */
export interface Statement {
  sql: string;
  params?: SqlValue[];
}

/** What one statement of a batch answers: its rows (a write's `RETURNING` rows) and the rows it changed. */
export interface StatementResult {
  rows: Row[];
  changes: number;
}

/** An opaque in-memory copy of the whole database, as fast as the driver can make it. */
export interface StorageSnapshot {
  readonly kind: StorageKind;
}

export interface SnapshotOptions {
  /**
   * Copy nothing now where the driver can make the copy later (SQLite in memory, on a connection
   * opened from an image): the copy is made only if the snapshot's savepoint must close while it
   * may still be restored. An import's reset point, 150 MB at 100k chunks, is usually only reset
   * to. Elsewhere the copy is made at once, as without it.
   */
  lazy?: boolean;
}

/** Every table's rows as plain JSON: the portable form used by state export and import. */
export type TableDump = Record<string, Row[]>;

export interface Storage {
  readonly kind: StorageKind;
  /** The tables this storage was created with (dump, load and snapshots cover exactly these). */
  readonly tableNames: readonly string[];
  /** Rows of a query. Placeholders are `?`; the driver translates them to its dialect. */
  all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
  get<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
  run(sql: string, params?: SqlValue[]): Promise<{ changes: number }>;
  /**
   * Several statements in order, all or none, each answering its rows and changes; the first that
   * fails throws and the rest do not run. With no transaction open the batch is one of its own;
   * inside one, the enclosing transaction is what undoes a failed batch's earlier statements (it
   * must roll back, as a request's does when its handler throws: PostgreSQL has aborted it). A
   * later one may use what an earlier one wrote, not what it answered: the batch is one round
   * trip where the driver can make it one (PGlite: one call into WebAssembly, not one per statement).
   * A driver in process (SQLite) answers a batch inside a transaction at once, and throws at once.
   */
  batch(statements: readonly Statement[]): StatementResult[] | Promise<StatementResult[]>;
  /**
   * Runs `fn` atomically: all of its writes land, or none do. Not re-entrant. `fn` may answer at
   * once (SQLite then commits at once); a throw from it rejects, after the rollback, as a rejection does.
   */
  transaction<T>(fn: () => T | Promise<T>): Promise<T>;
  snapshot(options?: SnapshotOptions): Promise<StorageSnapshot>;
  restore(snapshot: StorageSnapshot): Promise<void>;
  /** The caller will never restore this snapshot again: a lazy one then needs no copy. Optional. */
  release?(snapshot: StorageSnapshot): void;
  dump(): Promise<TableDump>;
  load(dump: TableDump): Promise<void>;
  close(): Promise<void>;
  /**
   * Moves whenever rows may have changed (a write, a rolled-back transaction that wrote, a restore
   * or a load), and only then: what was computed from rows at one value still holds at the same
   * value. Only the watching wrapper (watched-storage.ts) keeps it; drivers leave it undefined.
   */
  readonly writeVersion?: number;
  /**
   * The snapshot whose rows the storage holds, unwritten since it was taken or restored: what was
   * computed from that snapshot's rows holds now. Kept by the watching wrapper only, like writeVersion.
   */
  readonly heldSnapshot?: StorageSnapshot;
}
