// The PostgreSQL driver: the same portable SQL as PGlite, on a real server through node-postgres,
// shareable by several processes. Every write transaction holds one advisory lock per schema and
// bumps a change counter, so a process can tell (cheaply) when another one wrote.
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Row, SqlValue, Statement, StatementResult, Storage, StorageSnapshot, TableDump } from '../storage.js';
import { CORE_TABLES } from '../schema.js';
import { schemaStatementsOf, tableNamesOf, type TableDef } from '../table-def.js';
import { assertKnownTables, sortRows } from '../table-dump.js';
import { reloadStatements } from '../reload-statements.js';
import { describeUrl, toPostgres } from './postgres-sql.js';

interface PostgresSnapshot extends StorageSnapshot {
  kind: 'postgres';
  dump: TableDump;
}

export interface PostgresOptions {
  /** `postgres://user:password@host:port/database` (any URL node-postgres takes). */
  url: string;
  /** The schema the tables live in (created when missing); `public` when absent. A world is one schema. */
  schema?: string;
  /** The tables to create and keep; only the core tables when absent. */
  tables?: readonly TableDef[];
  /** Connections kept open at most (requests take turns, so a few suffice). */
  maxConnections?: number;
}

/** A URL that is missing, malformed or cannot be reached: one line for the user, never a stack. */
export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

/** Postgres caps bind parameters per statement; bulk inserts are cut below it. */
const MAX_PARAMS = 30000;
/** Named prepared statements kept at most (per connection, by the server); longer texts go unnamed. */
const MAX_PREPARED = 512;
const MAX_PREPARED_CHARS = 2048;
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** The counter table: outside `tableNames`, so dumps, loads and resets never touch it. */
const CHANGES = 'emulator_changes';

const WRITE = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([A-Za-z_][A-Za-z0-9_]*)/i;

/** A statement that only reads (the stores' reads are SELECT or WITH ... SELECT). */
function readsOnly(sql: string): boolean {
  const head = sql.trimStart().slice(0, 6).toUpperCase();
  return head === 'SELECT' || (head.startsWith('WITH') && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql));
}

export class PostgresStorage implements Storage {
  readonly kind = 'postgres' as const;
  readonly tableNames: readonly string[];
  readonly schema: string;
  /**
   * Told, inside the transaction or before the request that noticed it, that another process
   * wrote since this one last looked: the world re-reads what it keeps in memory.
   */
  onForeignChange: (() => Promise<void>) | undefined;
  /** The change counter as this process last saw or wrote it. */
  private seen: number | undefined;
  /** The client of the open transaction: every statement goes there while it is open. */
  private tx: PoolClient | undefined;
  private wrote = false;
  private readonly names = new Map<string, string>();
  private serial = 0;
  private readonly lockKey: string;
  /** The snapshot most recently taken or restored, and the tables this process wrote since. */
  private baseline: PostgresSnapshot | undefined;
  private dirty = new Set<string>();
  /** A write since the baseline that `dirty` cannot place: another process's, or an odd statement. */
  private unplaced = false;

  private constructor(
    private readonly pool: Pool,
    tables: readonly TableDef[],
    schema: string,
  ) {
    this.tableNames = tableNamesOf(tables);
    this.schema = schema;
    this.lockKey = `service-emulator:${schema}`;
  }

  static async create(options: PostgresOptions): Promise<PostgresStorage> {
    const schema = options.schema ?? 'public';
    if (!SCHEMA_NAME.test(schema)) throw new DatabaseUrlError(`schema "${schema}" must be letters, digits and _ (not starting with a digit)`);
    if (!options.url) throw new DatabaseUrlError('storage "postgres" needs a database URL (--database-url postgres://user@host:port/db)');
    const where = describeUrl(options.url);
    let pg: typeof import('pg');
    try {
      // A name in a variable: bundlers (esbuild, Vite) leave pg out of a browser build, which never picks postgres.
      const driver = 'pg';
      pg = ((await import(driver)) as { default: typeof import('pg') }).default;
    } catch {
      throw new DatabaseUrlError('storage "postgres" needs the pg package, which is not installed');
    }
    let pool: Pool;
    try {
      pool = new pg.Pool({
        connectionString: options.url,
        max: options.maxConnections ?? 4,
        // Every connection looks in the world's schema first (a startup parameter: no round trip).
        options: `-c search_path=${schema}`,
        connectionTimeoutMillis: 10_000,
        // int8 as a number, as PGlite reads it (ids and epoch-ms times fit a double); the rest as pg parses.
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
            oid === 20 ? (text: string) => Number(text) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
        },
      });
    } catch (err) {
      throw new DatabaseUrlError(`the database URL ${where} is not valid: ${(err as Error).message}`);
    }
    // An idle connection the server dropped: the next query reconnects or fails with its own error.
    pool.on('error', () => undefined);
    const storage = new PostgresStorage(pool, options.tables ?? CORE_TABLES, schema);
    try {
      await storage.migrate(options.tables ?? CORE_TABLES);
    } catch (err) {
      await pool.end().catch(() => undefined);
      const reason = (err as Error).message || String((err as { code?: string }).code ?? err);
      throw new DatabaseUrlError(`cannot use PostgreSQL at ${where}: ${reason}`);
    }
    return storage;
  }

  /** Creates the schema, the tables and the counter, once even when several processes start together. */
  private async migrate(tables: readonly TableDef[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.lockKey]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      for (const statement of schemaStatementsOf(tables)) await client.query(statement);
      await client.query(`CREATE TABLE IF NOT EXISTS ${CHANGES} (id INTEGER PRIMARY KEY, n BIGINT NOT NULL)`);
      await client.query(`INSERT INTO ${CHANGES} (id, n) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`);
      const { rows } = await client.query<{ n: number }>(`SELECT n FROM ${CHANGES} WHERE id = 1`);
      await client.query('COMMIT');
      this.seen = Number(rows[0]?.n ?? 0);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** The statement as node-postgres takes it: `$n` placeholders, a stable name for short texts. */
  private statement(sql: string, params: SqlValue[]): { text: string; values: SqlValue[]; name?: string } {
    const text = toPostgres(sql);
    if (text.length > MAX_PREPARED_CHARS) return { text, values: params };
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_PREPARED) {
      name = `se${this.serial++}`;
      this.names.set(text, name);
    }
    return name === undefined ? { text, values: params } : { name, text, values: params };
  }

  private async query<T extends Row>(sql: string, params: SqlValue[]): Promise<QueryResult<T>> {
    const tx = this.tx;
    if (tx) {
      if (!readsOnly(sql)) {
        this.wrote = true;
        const table = WRITE.exec(sql)?.[1];
        if (table) this.dirty.add(table.toLowerCase());
        else this.unplaced = true;
      }
      return tx.query<T>(this.statement(sql, params));
    }
    // A write outside a transaction is one of its own: it takes the lock and counts as a change.
    if (!readsOnly(sql)) return this.transaction(() => this.query<T>(sql, params));
    return this.pool.query<T>(this.statement(sql, params));
  }

  async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
    return (await this.query<T>(sql, params)).rows;
  }

  async get<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params)).rows[0];
  }

  async run(sql: string, params: SqlValue[] = []): Promise<{ changes: number }> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  async batch(statements: readonly Statement[]): Promise<StatementResult[]> {
    const run = async () => {
      const out: StatementResult[] = [];
      for (const { sql, params = [] } of statements) {
        const result = await this.query<Row>(sql, params);
        out.push({ rows: result.rows, changes: result.command === 'SELECT' ? 0 : (result.rowCount ?? 0) });
      }
      return out;
    };
    return statements.some((s) => !readsOnly(s.sql)) ? this.transaction(run) : run();
  }

  /**
   * One checked-out connection, holding the schema's advisory lock: write transactions of every
   * process take turns, and each starts from what the one before it committed (another process's
   * writes are followed first). Nested calls join the open transaction, as PGlite's do.
   */
  async transaction<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.tx) return fn();
    const client = await this.pool.connect();
    this.tx = client;
    this.wrote = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.lockKey]);
      await this.follow(client);
      const result = await fn();
      if (this.wrote) {
        const { rows } = await client.query<{ n: number }>(`UPDATE ${CHANGES} SET n = n + 1 WHERE id = 1 RETURNING n`);
        await client.query('COMMIT');
        this.seen = Number(rows[0]?.n);
      } else await client.query('COMMIT');
      return result;
    } catch (err) {
      // The counter is bumped last, just before COMMIT: a rolled-back transaction left it as it was seen.
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      this.tx = undefined;
      this.wrote = false;
      client.release();
    }
  }

  /** The change counter now (one indexed row). */
  async changeCount(): Promise<number> {
    const client = this.tx;
    const sql = `SELECT n FROM ${CHANGES} WHERE id = 1`;
    const { rows } = client ? await client.query<{ n: number }>(sql) : await this.pool.query<{ n: number }>(sql);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Outside a transaction (before a request's turn): tells `onForeignChange` when another process
   * wrote since this one last looked. One cheap SELECT when nothing changed.
   */
  async followChanges(): Promise<void> {
    if (this.tx) return;
    const n = await this.changeCount();
    if (n === this.seen) return;
    this.unplaced = true;
    await this.onForeignChange?.();
    this.seen = n;
  }

  private async follow(client: PoolClient): Promise<void> {
    const { rows } = await client.query<{ n: number }>(`SELECT n FROM ${CHANGES} WHERE id = 1`);
    const n = Number(rows[0]?.n ?? 0);
    if (n === this.seen) return;
    this.unplaced = true;
    await this.onForeignChange?.();
    this.seen = n;
  }

  /** Whether only the tables in `dirty` can differ from the baseline's rows. */
  private placed(): boolean {
    return this.baseline !== undefined && !this.unplaced && [...this.dirty].every((t) => this.tableNames.includes(t));
  }

  private setBaseline(snap: PostgresSnapshot | undefined): void {
    this.baseline = snap;
    this.dirty.clear();
    this.unplaced = false;
  }

  /**
   * Rows kept in memory. Tables not written since the baseline are taken from it as they are (rows
   * are never mutated); a write by another process makes it read every table again.
   */
  async snapshot(): Promise<StorageSnapshot> {
    const base = this.placed() ? this.baseline : undefined;
    const dump = base ? await this.dumpOf([...this.dirty], base.dump) : await this.dump();
    const snap: PostgresSnapshot = { kind: 'postgres', dump };
    if (!this.tx) this.setBaseline(snap);
    return snap;
  }

  /**
   * Back to a snapshot's rows. Back to the baseline with only this process's writes since, only
   * the tables written are reloaded; otherwise every table (whoever wrote since, in any process).
   */
  async restore(snapshot: StorageSnapshot): Promise<void> {
    const snap = snapshot as PostgresSnapshot;
    if (snap.kind !== 'postgres') throw new Error('snapshot belongs to another driver');
    if (this.tx) return this.reload(snap.dump, () => this.tableNames);
    // Decided once the lock is held, after another process's writes were looked for.
    await this.reload(snap.dump, () => (snap === this.baseline && this.placed() ? [...this.dirty] : this.tableNames));
    this.setBaseline(snap);
  }

  /** Every table, read in one transaction (one consistent view). */
  async dump(): Promise<TableDump> {
    return this.dumpOf(this.tableNames, {});
  }

  /** `base` with `tables` read afresh, in one transaction. */
  private async dumpOf(tables: readonly string[], base: TableDump): Promise<TableDump> {
    const out: TableDump = { ...base };
    if (tables.length === 0) return out;
    if (this.tx) for (const name of tables) out[name] = sortRows(await this.all(`SELECT * FROM ${name}`));
    else {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        for (const name of tables) out[name] = sortRows((await client.query<Row>(`SELECT * FROM ${name}`)).rows);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    }
    return out;
  }

  async load(dump: TableDump): Promise<void> {
    assertKnownTables(dump, this.tableNames);
    this.setBaseline(undefined);
    await this.reload(dump, () => this.tableNames);
  }

  /** Replaces the rows of `which()` tables with the dump's, in one transaction (a refused dump changes nothing). */
  private async reload(dump: TableDump, which: () => readonly string[]): Promise<void> {
    await this.transaction(async () => {
      const client = this.tx as PoolClient;
      const tables = which();
      if (tables.length === 0) return;
      this.wrote = true;
      for (const { sql, params } of reloadStatements(dump, tables, MAX_PARAMS)) await client.query(sql, params);
    });
  }

  /**
   * One connection of the pool, outside the change counter and the schema's lock: for what the
   * database keeps beside the world (the list of created worlds, postgres-world-list.ts).
   */
  async withClient<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
