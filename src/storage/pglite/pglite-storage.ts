// The PGlite driver: Postgres semantics in WebAssembly, in memory or in a data dir (or IndexedDB in a browser).
import { PGlite, type Results } from '@electric-sql/pglite';
import type { Row, SqlValue, Statement, StatementResult, Storage, StorageSnapshot, TableDump } from '../storage.js';
import { CORE_TABLES } from '../schema.js';
import { schemaStatementsOf, tableNamesOf, type TableDef } from '../table-def.js';
import { assertKnownTables, sortRows } from '../table-dump.js';
import { reloadStatements } from '../reload-statements.js';
import { clearLog, primaryKeys, rollBack, setRecording, startLog, START_LOG, undoStatements, type Queryable } from './pglite-undo.js';
import { PgliteWire } from './pglite-wire.js';
import { PackedMemoryFS, packDataDir } from './pglite-pack.js';
import { toPostgres } from '../placeholders.js';

interface PgliteSnapshot extends StorageSnapshot {
  kind: 'pglite';
  dump: TableDump;
}

export interface PgliteOptions {
  /** A data dir (Node), `idb://name` (browser), or in memory when absent. */
  dataDir?: string;
  /** The tables to create and keep (the world passes its areas' tables); only the core tables when absent. */
  tables?: readonly TableDef[];
  /**
   * In memory only: a packed data dir (pglite-pack.ts) that already holds this schema and the undo
   * triggers (the build's image, src/storage/pglite-image.ts), with each table's key columns. Skips
   * initdb and DDL. May still be on its way (read and unzipped while PGlite compiles).
   */
  image?: { packed: Uint8Array | Promise<Uint8Array>; keys: Map<string, string[]> };
}

/**
 * An in-memory database starts with 16 MB of shared buffers instead of Postgres's 128 MB: setting
 * up the larger pool took about a quarter of a boot from the image (0.6-0.9 s of CPU of 2.2-3.1 s,
 * measured side by side), and an emulator's working set fits the smaller one (pages it evicts stay
 * in memory, in PGlite's file system).
 */
const IN_MEMORY_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Postgres caps bind parameters per statement; bulk inserts are cut below it. */
const MAX_PARAMS = 30000;

const WRITE = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([A-Za-z_][A-Za-z0-9_]*)/i;
const ANY_WRITE = /\b(?:INSERT|UPDATE|DELETE|TRUNCATE|ALTER|DROP|CREATE)\b/i;
/** Command tags whose row count is rows changed (a SELECT's is rows read). */
const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** A statement that empties one whole table. */
const DELETE_ALL = /^\s*DELETE\s+FROM\s+([A-Za-z_][A-Za-z0-9_]*)\s*;?\s*$/i;


export class PgliteStorage implements Storage {
  readonly kind = 'pglite' as const;
  private depth = 0;
  private translated = new Map<string, string>();
  /** Tables written since `baseline` was taken or restored: a reset to it reloads only these. */
  private dirty = new Set<string>();
  private baseline: PgliteSnapshot | undefined;
  /** Rows the undo log may hold before it is dropped (a reset then reloads the tables written since). */
  undoLimit = 10_000;
  /** Rows written while recording (an upper bound on the log's size: rolled-back ones count too). */
  private logged = 0;
  /** The session's undo switch as last set outside any transaction (a rolled-back one would undo it). */
  private recording = false;
  /**
   * The log may miss a write made since the baseline (it was dropped, or recording was off for a
   * while): going back to the baseline then reloads the written tables from its rows instead.
   */
  private unlogged = false;
  /**
   * Tables known to hold no rows: all of a new in-memory database's, until a statement may have
   * written one. Emptying or dumping one of them is answered here: a world's first load empties
   * every table first, and those ~80 DELETEs, each parsed and planned by a cold backend, were a
   * third of the first create's statement time; its boot snapshot then read them all again.
   */
  private readonly empty = new Set<string>();
  /** Primary keys per table: the undo triggers log an insert by its key (pglite-undo.ts). */
  private keys = new Map<string, string[]>();
  /**
   * Every statement goes through one prepared-statement path (pglite-wire.ts); transactions are
   * opened there too, and the files are written out (IndexedDB in a browser) once, at the commit.
   */
  private readonly wire: PgliteWire;
  /** What the undo helpers run their statements through. */
  private readonly db: Queryable;

  readonly tableNames: readonly string[];

  private constructor(
    private readonly pg: PGlite,
    tables: readonly TableDef[],
  ) {
    this.tableNames = tableNamesOf(tables);
    this.wire = new PgliteWire(pg);
    this.db = { query: (sql, params = []) => this.wire.query(sql, params) };
  }

  static async create(options: PgliteOptions = {}): Promise<PgliteStorage> {
    if (options.image && !options.dataDir) {
      const fromImage = await PgliteStorage.fromImage(options.image, options.tables ?? CORE_TABLES);
      if (fromImage) return fromImage;
    }
    const pg = options.dataDir ? new PGlite(options.dataDir) : new PGlite({ startParams: IN_MEMORY_START });
    await pg.waitReady;
    const tables = options.tables ?? CORE_TABLES;
    const storage = new PgliteStorage(pg, tables);
    await pg.exec(schemaStatementsOf(tables).join(';\n'));
    storage.keys = await primaryKeys(pg);
    await pg.exec(undoStatements(storage.keys, storage.tableNames).join(';\n'));
    await setRecording(pg, false);
    if (!options.dataDir) storage.startsEmpty();
    return storage;
  }

  /** A database booted from a prepared image; undefined (today's path follows) if it does not boot. */
  private static async fromImage(image: NonNullable<PgliteOptions['image']>, tables: readonly TableDef[]): Promise<PgliteStorage | undefined> {
    let pg: PGlite | undefined;
    try {
      pg = new PGlite({ fs: new PackedMemoryFS(image.packed), startParams: IN_MEMORY_START });
      await pg.waitReady;
      const storage = new PgliteStorage(pg, tables);
      storage.keys = image.keys;
      await setRecording(pg, false);
      storage.startsEmpty();
      return storage;
    } catch {
      await pg?.close().catch(() => undefined);
      return undefined;
    }
  }

  /** The data dir as it stands, packed (the build's image), with the key columns it was made with. */
  async image(): Promise<{ packed: Uint8Array; keys: Map<string, string[]> }> {
    // The emulator uses its own database only: initdb's template databases (half the image's files)
    // are dropped, catalog and all, so a boot from the image unpacks half as much.
    for (const db of ['template0', 'template1']) {
      await this.pg.exec(`ALTER DATABASE ${db} IS_TEMPLATE false`);
      await this.pg.exec(`DROP DATABASE ${db}`);
    }
    await this.pg.exec('CHECKPOINT');
    return { packed: packDataDir(this.pg), keys: this.keys };
  }

  /** A new in-memory database: no table holds a row yet. */
  private startsEmpty(): void {
    for (const name of this.tableNames) this.empty.add(name);
  }

  private sql(sql: string): string {
    let out = this.translated.get(sql);
    if (out === undefined) {
      out = toPostgres(sql);
      this.translated.set(sql, out);
    }
    return out;
  }

  /** Notes which table a statement writes; a write it cannot place forgets the baseline. */
  private noteWrite(sql: string): void {
    const table = WRITE.exec(sql)?.[1]?.toLowerCase();
    if (table) {
      this.dirty.add(table);
      this.empty.delete(table);
    } else if (ANY_WRITE.test(sql)) {
      this.baseline = undefined;
      this.empty.clear();
    }
  }

  /** True for a statement emptying a table that holds no rows (nothing to run: it changes nothing). */
  private emptiesEmpty(sql: string): boolean {
    const table = DELETE_ALL.exec(sql)?.[1]?.toLowerCase();
    return table !== undefined && this.empty.has(table);
  }

  /** One statement; outside a transaction a write is synced to the files at once. */
  private async query<T>(sql: string, params: SqlValue[]): Promise<Results<T>> {
    if (this.emptiesEmpty(sql)) return { rows: [], fields: [], affectedRows: 0 };
    this.noteWrite(sql);
    const result = await this.wire.query<T>(this.sql(sql), params);
    if (this.recording) this.logged += result.affectedRows ?? 0;
    if (!this.wire.inTransaction && result.command !== 'SELECT') {
      await this.bound();
      await this.pg.syncToFs();
    }
    return result;
  }

  async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
    return (await this.query<T>(sql, params)).rows;
  }

  async get<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
    const rows = await this.all<T>(sql, params);
    return rows[0];
  }

  async run(sql: string, params: SqlValue[] = []): Promise<{ changes: number }> {
    const result = await this.query(sql, params);
    return { changes: result.affectedRows ?? 0 };
  }

  /** One buffer, one call into Postgres (outside a transaction: one implicit transaction, closed by its Sync). */
  async batch(statements: readonly Statement[]): Promise<StatementResult[]> {
    const out: StatementResult[] = statements.map(() => ({ rows: [], changes: 0 }));
    const sent: { at: number; text: string; params: SqlValue[] }[] = [];
    statements.forEach(({ sql, params = [] }, at) => {
      if (this.emptiesEmpty(sql)) return;
      this.noteWrite(sql);
      sent.push({ at, text: this.sql(sql), params });
    });
    if (sent.length === 0) return out;
    const results = await this.wire.batch<Row>(sent);
    let wrote = false;
    results.forEach((result, i) => {
      const changes = CHANGING.has(result.command ?? '') ? (result.rowCount ?? 0) : 0;
      out[sent[i]!.at] = { rows: result.rows, changes };
      if (this.recording) this.logged += changes;
      if (result.command !== 'SELECT') wrote = true;
    });
    if (!this.wire.inTransaction && wrote) {
      await this.bound();
      await this.pg.syncToFs();
    }
    return out;
  }

  async transaction<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.depth > 0) return fn();
    this.depth++;
    try {
      this.wire.begin();
      let result: T;
      try {
        result = await fn();
      } catch (err) {
        await this.wire.rollback();
        throw err;
      }
      await this.wire.commit();
      await this.bound();
      // Written out before the caller answers, so an acknowledged write is in IndexedDB (a no-op
      // on memory and Node dirs).
      await this.pg.syncToFs();
      return result;
    } finally {
      this.depth--;
    }
  }

  /**
   * Rows kept in memory (PGlite's own dump and restore take about half a second). Tables not
   * written since the last snapshot or restore are taken from it as they are (rows are never
   * mutated), so only the tables written since are read again.
   */
  async snapshot(): Promise<StorageSnapshot> {
    const base = this.baseline;
    const written = [...this.dirty];
    const placed = base !== undefined && written.every((t) => this.tableNames.includes(t));
    // Outside a transaction the undo log starts afresh in the same call as the reads (see record()).
    const records = !this.wire.inTransaction;
    const dump = await this.dumpOver(placed ? base.dump : {}, placed ? written : this.tableNames, records);
    const snap: PgliteSnapshot = { kind: 'pglite', dump };
    if (records) this.recorded(snap);
    else this.forgetBaseline();
    return snap;
  }

  /**
   * `snap` is the state now: writes from here on are logged, so going back to it undoes only them.
   * Inside a transaction nothing is recorded (the switch and the log would go back with a
   * rollback): `snap` is then no baseline, and going back to it reloads it whole.
   */
  private async record(snap: PgliteSnapshot): Promise<void> {
    if (this.wire.inTransaction) {
      this.forgetBaseline();
      return;
    }
    await startLog(this.db);
    this.recorded(snap);
  }

  /** The log was emptied and recording switched on (START_LOG) with `snap` the state then. */
  private recorded(snap: PgliteSnapshot): void {
    this.recording = true;
    this.logged = 0;
    this.baseline = snap;
    this.dirty.clear();
    this.unlogged = false;
  }

  /** No snapshot is the baseline any more: the next restore reloads whole, and records again. */
  private forgetBaseline(): void {
    this.baseline = undefined;
    this.unlogged = true;
  }

  /**
   * Sets the session's undo switch. Turning it off while a baseline is held leaves that baseline's
   * log incomplete from here on (`unlogged`); inside a transaction the switch is not trusted at all.
   */
  private async setRecording(on: boolean): Promise<void> {
    await setRecording(this.db, on);
    if (this.wire.inTransaction) this.forgetBaseline();
    if (!on) this.unlogged = true;
    this.recording = on;
    this.logged = 0;
  }

  /**
   * Keeps the undo log bounded on a long-running server: past `undoLimit` rows (or with no
   * baseline left to go back to) it is emptied and recording stops. The baseline stays exact: its
   * rows are in memory, and going back to it reloads the tables written since (`dirty`).
   */
  private async bound(): Promise<void> {
    if (!this.recording || (this.baseline && this.logged <= this.undoLimit)) return;
    await this.setRecording(false);
    await clearLog(this.db);
  }

  /** Back to the snapshot most recently taken or restored: its undo log is replayed; any other is reloaded whole. */
  async restore(snapshot: StorageSnapshot): Promise<void> {
    const snap = snapshot as PgliteSnapshot;
    if (snap.kind !== 'pglite') throw new Error('snapshot belongs to another driver');
    // Rows come back (replayed or reloaded) outside the statement path that keeps `empty`.
    this.empty.clear();
    const isBaseline = snap === this.baseline && this.depth === 0;
    if (isBaseline && this.recording && !this.unlogged) {
      // Every write since the baseline is in the undo log: replay it backwards. The replay answers
      // false, changing nothing, when the session's switch is off after all (then reload below).
      if (await this.transaction(() => rollBack(this.db))) {
        this.dirty.clear();
        this.logged = 0;
        return;
      }
    }
    const written = [...this.dirty];
    await this.setRecording(false);
    if (isBaseline && written.every((t) => this.tableNames.includes(t))) {
      // The log is incomplete: only the tables written since the baseline differ from its rows.
      await this.reload(snap.dump, written);
    } else await this.reload(snap.dump, this.tableNames);
    await this.record(snap);
  }

  /** Every table, read in one call into Postgres (one consistent view, and no file sync per table). */
  async dump(): Promise<TableDump> {
    return this.dumpOver({}, this.tableNames);
  }

  /**
   * `base` with `tables` read afresh, in one call into Postgres (one implicit transaction: one
   * consistent view); with `startLog`, the undo log starts afresh in that call, after the reads.
   */
  private async dumpOver(base: TableDump, tables: readonly string[], startLog = false): Promise<TableDump> {
    const out: TableDump = { ...base };
    // A table never written holds no rows: not read (most of them, in the boot snapshot of a new database).
    const read = tables.filter((name) => {
      if (this.empty.has(name)) out[name] = [];
      return !this.empty.has(name);
    });
    const reads = read.map((name) => ({ text: `SELECT * FROM ${name}`, params: [] as SqlValue[] }));
    if (reads.length === 0 && !startLog) return out;
    const results = await this.wire.batch<Row>(startLog ? [...reads, { text: START_LOG, params: [] }] : reads);
    read.forEach((name, i) => (out[name] = sortRows(results[i]?.rows ?? [])));
    return out;
  }

  async load(dump: TableDump): Promise<void> {
    assertKnownTables(dump, this.tableNames);
    this.empty.clear();
    // Whatever happens below, the baseline is gone: a refused dump leaves the rows as they were
    // (one transaction), and the next restore, of any snapshot, reloads it whole.
    this.forgetBaseline();
    await this.setRecording(false);
    await this.reload(dump, this.tableNames);
  }

  /** Replaces the rows of `tables` with those of the dump, in one transaction. */
  private async reload(dump: TableDump, tables: readonly string[]): Promise<void> {
    if (tables.length === 0) return;
    await this.transaction(async () => {
      for (const { sql, params } of reloadStatements(dump, tables, MAX_PARAMS)) await this.db.query(sql, params);
    });
  }

  async close(): Promise<void> {
    await this.pg.close();
  }
}
