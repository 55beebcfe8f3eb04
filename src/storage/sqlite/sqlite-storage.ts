// The better-sqlite3 driver: in memory by default, a file under --data DIR when asked.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Row, SnapshotOptions, SqlValue, Statement, StatementResult, Storage, StorageSnapshot, TableDump } from '../storage.js';
import { CORE_TABLES } from '../schema.js';
import { schemaStatementsOf, tableNamesOf, type TableDef } from '../table-def.js';
import { assertKnownTables, insertShape, sortRows } from '../table-dump.js';
import { sqliteAddon } from '../sqlite-probe.js';
import { isPending } from '../settled.js';

/** The driver's class, for the probe (sqlite-probe.ts): it opens a database with the one this module uses. */
export { Database as BetterSqliteDatabase };

/** Statements prepared again on a restored connection, at most (see `reprepare`). */
const MAX_REPREPARED = 256;
/** Images this large or larger may leave young-generation collections behind (see `settled`). */
const SETTLE_BYTES = 16 * 1024 * 1024;
/** Buffers made after such an image: each may cost one scavenge until the image is promoted. */
const SETTLE_BUFFERS = 4;

interface SqliteSnapshot extends StorageSnapshot {
  kind: 'sqlite';
  image?: Buffer;
  dump?: TableDump;
  /** A lazy snapshot released before it was imaged: only its own baseline savepoint leads back. */
  released?: boolean;
}

export interface SqliteOptions {
  /** A folder to keep the database in; in memory when absent. */
  dataDir?: string;
  /** The tables to create and keep (the world passes its areas' tables); only the core tables when absent. */
  tables?: readonly TableDef[];
}

/** `fn()` as a promise: a synchronous throw becomes its rejection, as from an async function. */
function promised<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err);
  }
}

/** The small buffers `settled` makes; kept so that no compiler can leave them out. */
let settlers: ArrayBuffer[] = [];

/**
 * A database image, with the young-generation collections it causes paid here. V8 runs a scavenge
 * whenever an ArrayBuffer is made while young buffers outside its heap total about 32 MB or more,
 * and the image is one (150 MB at 100k chunks): the next request's first typed array paid one or
 * two scavenges of the whole heap, 10-50 ms after every load and import (whose reset point is such
 * an image). A few tiny buffers made now take those scavenges inside the snapshot, until the image
 * is promoted; for an image below that size they cost nothing. Answers are unchanged. (Yielding an
 * event-loop turn between them, so V8's buffer sweeper can finish, moved the second scavenge too,
 * but let V8's memory reducer start a major collection that then ran in the next request.)
 */
function settled(image: Buffer): Buffer {
  if (image.length >= SETTLE_BYTES) settlers = Array.from({ length: SETTLE_BUFFERS }, () => new ArrayBuffer(8));
  return image;
}

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;
  private statements = new Map<string, Database.Statement>();
  private depth = 0;
  /**
   * In memory, the snapshot most recently taken or restored. While it is set a savepoint
   * (`emulator_baseline`) stays open under every write, so going back to it is a ROLLBACK TO that
   * costs the pages written since, not the whole database. Request transactions nest inside it.
   */
  private baseline: SqliteSnapshot | undefined;
  /**
   * The baseline, when it is a lazy snapshot not imaged yet. Only on a connection opened from an
   * image (SQLite's memdb VFS: the database is one buffer) and with cache spill off: writes then
   * stay in the page cache until the baseline's savepoint commits, so the buffer, which is what
   * `serialize()` copies, holds the baseline's rows at any moment before that. Imaged when the
   * savepoint is about to close (another snapshot, a full restore), unless released first.
   */
  private pending: SqliteSnapshot | undefined;
  /** The connection was opened from an image (memdb), where a lazy snapshot can be imaged late. */
  private memdb: boolean;

  readonly tableNames: readonly string[];

  private constructor(
    private readonly file: string | null,
    private readonly tables: readonly TableDef[],
    image?: Buffer,
  ) {
    this.tableNames = tableNamesOf(tables);
    this.db = SqliteStorage.open(file, image);
    this.memdb = image !== undefined;
  }

  static async create(options: SqliteOptions = {}): Promise<SqliteStorage> {
    let file: string | null = null;
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      file = join(options.dataDir, 'emulator.sqlite');
    }
    const storage = new SqliteStorage(file, options.tables ?? CORE_TABLES);
    storage.migrate();
    return storage;
  }

  /**
   * An in-memory database opened straight from a snapshot's image (a world made from a cached
   * scenario image): no schema statements run, and the image is the baseline a reset returns to.
   */
  static fromImage(snapshot: StorageSnapshot, tables: readonly TableDef[]): SqliteStorage | undefined {
    const snap = snapshot as SqliteSnapshot;
    if (snap.kind !== 'sqlite' || !snap.image) return undefined;
    const storage = new SqliteStorage(null, tables, snap.image);
    storage.beginBaseline(snap);
    return storage;
  }

  private static open(file: string | null, image?: Buffer): Database.Database {
    const db = new Database(image ?? file ?? ':memory:', sqliteAddon());
    if (file && !image) {
      // WAL with full sync: an acknowledged write survives a kill.
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
    }
    return db;
  }

  private migrate(): void {
    for (const statement of schemaStatementsOf(this.tables)) this.db.exec(statement);
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * The statements the old connection had prepared, prepared again on the new one: the first
   * requests after a full restore then find them ready (and the schema read), as before it.
   */
  private reprepare(): void {
    // The newest few hundred at most: a bound on the restore's cost, not a policy.
    const texts = [...this.statements.keys()].slice(-MAX_REPREPARED);
    this.statements.clear();
    for (const sql of texts) {
      try {
        this.prepare(sql);
      } catch {
        // A statement the restored schema no longer accepts is prepared (and fails) when used.
      }
    }
  }

  async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
    return this.prepare(sql).all(...params) as T[];
  }

  async get<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
    return this.prepare(sql).get(...params) as T | undefined;
  }

  async run(sql: string, params: SqlValue[] = []): Promise<{ changes: number }> {
    const info = this.prepare(sql).run(...params);
    return { changes: info.changes };
  }

  batch(statements: readonly Statement[]): StatementResult[] | Promise<StatementResult[]> {
    // Inside a transaction already (a request's write): answered at once, with no transaction and
    // no promise of its own around the statements; a failure (thrown) still undoes them with the enclosing one.
    if (this.depth === 0) return this.transaction(() => this.runAll(statements));
    return this.runAll(statements);
  }

  private runAll(statements: readonly Statement[]): StatementResult[] {
    const out: StatementResult[] = [];
    for (const { sql, params = [] } of statements) {
      const statement = this.prepare(sql);
      if (!statement.reader) {
        out.push({ rows: [], changes: statement.run(...params).changes });
        continue;
      }
      const rows = statement.all(...params) as Row[];
      // A write's RETURNING answers one row per row it changed.
      out.push({ rows, changes: statement.readonly ? 0 : rows.length });
    }
    return out;
  }

  /**
   * Not an async function: the transaction's promise is `fn`'s own, chained once to commit or roll
   * back (no wrapper promise, and no extra turns of the queue on each request's write).
   */
  transaction<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.depth > 0) return promised(fn);
    this.depth++;
    let nested: boolean;
    try {
      nested = this.db.inTransaction;
      // Prepared once, as every statement here: exec would parse them again on each request.
      this.prepare(nested ? 'SAVEPOINT emulator_tx' : 'BEGIN').run();
    } catch (err) {
      this.depth--;
      return Promise.reject(err);
    }
    let answered: T | Promise<T>;
    try {
      answered = fn();
    } catch (err) {
      return Promise.reject(this.rolledBack(err, nested));
    }
    // A function that answered at once (a create's batch ran inside it) commits at once too.
    if (!isPending(answered)) {
      try {
        return Promise.resolve(this.committed(answered, nested));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return answered.then(
      (result) => this.committed(result, nested),
      (err: unknown) => {
        throw this.rolledBack(err, nested);
      },
    );
  }

  /** Commits the open transaction and answers `result`; a failed commit rolls back and throws. */
  private committed<T>(result: T, nested: boolean): T {
    try {
      this.prepare(nested ? 'RELEASE emulator_tx' : 'COMMIT').run();
    } catch (err) {
      throw this.rolledBack(err, nested);
    }
    this.depth--;
    return result;
  }

  /** Undoes the open transaction after `err` and closes it; answers `err` for the caller to throw. */
  private rolledBack(err: unknown, nested: boolean): unknown {
    try {
      // SQLite rolled everything back itself: the rows are the baseline's again, and its savepoint is gone.
      if (!this.db.inTransaction) this.endBaseline();
      else if (nested) this.db.exec('ROLLBACK TO emulator_tx; RELEASE emulator_tx');
      else this.db.exec('ROLLBACK');
    } finally {
      this.depth--;
    }
    return err;
  }

  /** Opens the baseline savepoint: writes from here on can be rolled back to `snap`. */
  private beginBaseline(snap: SqliteSnapshot): void {
    this.db.exec('SAVEPOINT emulator_baseline');
    this.baseline = snap;
  }

  /** Keeps what was written since the baseline (in memory, a RELEASE is a commit). */
  private endBaseline(): void {
    if (this.pending) this.imagePending();
    if (this.baseline && this.db.inTransaction) this.db.exec('RELEASE emulator_baseline');
    this.baseline = undefined;
  }

  /** The lazy baseline's image, from the buffer that still holds its rows (see `pending`). */
  private imagePending(): void {
    const snap = this.pending!;
    snap.image = settled(this.db.serialize());
    this.stopPending();
  }

  private stopPending(): void {
    this.pending = undefined;
    this.db.pragma('cache_spill = ON');
  }

  async snapshot(options: SnapshotOptions = {}): Promise<StorageSnapshot> {
    if (this.file) return { kind: 'sqlite', dump: await this.dump() } as SqliteSnapshot;
    // Inside a transaction, as rows: on a connection opened from an image, serialize() copies the
    // committed buffer, which lacks what the open transaction wrote.
    if (this.depth > 0) return { kind: 'sqlite', dump: await this.dump() } as SqliteSnapshot;
    this.endBaseline();
    if (options.lazy && this.memdb) {
      const snap: SqliteSnapshot = { kind: 'sqlite' };
      this.db.pragma('cache_spill = OFF');
      this.beginBaseline(snap);
      this.pending = snap;
      return snap;
    }
    const snap: SqliteSnapshot = { kind: 'sqlite', image: settled(this.db.serialize()) };
    this.beginBaseline(snap);
    return snap;
  }

  /** A lazy snapshot no one will restore once another replaces it: no image is made of it. */
  release(snapshot: StorageSnapshot): void {
    if (snapshot !== this.pending) return;
    (snapshot as SqliteSnapshot).released = true;
    this.stopPending();
  }

  async restore(snapshot: StorageSnapshot): Promise<void> {
    const snap = snapshot as SqliteSnapshot;
    if (snap.kind !== 'sqlite') throw new Error('snapshot belongs to another driver');
    if (snap === this.baseline && this.depth === 0 && this.db.inTransaction) {
      // ROLLBACK TO keeps the savepoint open: the baseline stays ready for the next restore.
      this.db.exec('ROLLBACK TO emulator_baseline');
      return;
    }
    if (snap.released && !snap.image) throw new Error('snapshot cannot be restored: it was released before it was imaged');
    if (this.pending) this.imagePending();
    if (snap.image) {
      // Deserializing into a fresh connection is the fastest full restore better-sqlite3 offers.
      const next = SqliteStorage.open(null, snap.image);
      this.memdb = true;
      this.baseline = undefined;
      this.db.close();
      this.db = next;
      this.reprepare();
      if (this.depth === 0) this.beginBaseline(snap);
      return;
    }
    if (snap.dump) await this.load(snap.dump);
  }

  async dump(): Promise<TableDump> {
    const out: TableDump = {};
    // Prepared once per table, as every statement here: an export or a snapshot to a file runs them all.
    for (const name of this.tableNames) out[name] = sortRows(this.prepare(`SELECT * FROM ${name}`).all() as Row[]);
    return out;
  }

  async load(dump: TableDump): Promise<void> {
    assertKnownTables(dump, this.tableNames);
    const write = this.db.transaction(() => {
      for (const name of this.tableNames) this.db.exec(`DELETE FROM ${name}`);
      for (const [name, rows] of Object.entries(dump)) {
        const { columns, values } = insertShape(rows);
        if (columns.length === 0) continue;
        const insert = this.db.prepare(
          `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        for (const row of values) insert.run(...columns.map((c) => row[c] ?? null));
      }
    });
    write();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
