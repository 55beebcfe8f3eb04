// The created worlds of every process sharing one database: a table in the default world's schema
// (outside its table list, like emulator_changes, so dumps, loads and resets never touch it). Ids
// are allocated under the table's lock, and a deleted world's row stays (marked) so its id is never
// given again; each world's tables live in its own schema (worldSchema(id)), dropped on delete.
import type { PoolClient } from 'pg';
import type { PostgresStorage } from './postgres-storage.js';
import { worldSchema } from './postgres-sql.js';

/** A world's row: `ready` once its schema holds its scenario and state, `deleted` once deleted. */
export interface WorldRow {
  id: string;
  scenario: string;
  seed: number;
  createdAt: string;
}

const TABLE = 'emulator_worlds';
const LOCK = 'service-emulator:worlds';

async function inTransaction<T>(client: PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCK]);
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

const toRow = (r: { id: string; scenario: string; seed: number | string; created_at: string }): WorldRow => ({ id: r.id, scenario: r.scenario, seed: Number(r.seed), createdAt: r.created_at });

export class PostgresWorldList {
  private constructor(private readonly storage: PostgresStorage) {}

  /** Creates the table once, even when several processes start together. */
  static async open(storage: PostgresStorage): Promise<PostgresWorldList> {
    await storage.withClient((client) =>
      inTransaction(client, async () => {
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${TABLE} (n BIGINT PRIMARY KEY, id TEXT NOT NULL UNIQUE, scenario TEXT NOT NULL, seed BIGINT NOT NULL, created_at TEXT NOT NULL, ready INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0)`,
        );
      }),
    );
    return new PostgresWorldList(storage);
  }

  /** The schema a world's tables live in. */
  schemaOf(id: string): string {
    const schema = worldSchema(id);
    if (!schema) throw new Error(`world id ${id} is too long for a schema name`);
    return schema;
  }

  /** A new row (not ready yet) with the next number no process has used: its id is `idOf(n)`. */
  allocate(idOf: (n: number) => string, info: Omit<WorldRow, 'id'>): Promise<string> {
    return this.storage.withClient((client) =>
      inTransaction(client, async () => {
        const { rows } = await client.query<{ n: number | string | null }>(`SELECT max(n) AS n FROM ${TABLE}`);
        let n = Number(rows[0]?.n ?? 0);
        for (;;) {
          const id = idOf(++n);
          const inserted = await client.query(
            `INSERT INTO ${TABLE} (n, id, scenario, seed, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [n, id, info.scenario, info.seed, info.createdAt],
          );
          if (inserted.rowCount === 1) return id;
        }
      }),
    );
  }

  async markReady(id: string): Promise<void> {
    await this.storage.withClient((client) => client.query(`UPDATE ${TABLE} SET ready = 1 WHERE id = $1`, [id]));
  }

  /** Marks a world deleted; false when it was not a live one. */
  markDeleted(id: string): Promise<boolean> {
    return this.storage.withClient(async (client) => {
      const done = await client.query(`UPDATE ${TABLE} SET deleted = 1 WHERE id = $1 AND deleted = 0`, [id]);
      return done.rowCount === 1;
    });
  }

  /** A live (ready, not deleted) world, or undefined. */
  get(id: string): Promise<WorldRow | undefined> {
    return this.storage.withClient(async (client) => {
      const { rows } = await client.query(`SELECT id, scenario, seed, created_at FROM ${TABLE} WHERE id = $1 AND ready = 1 AND deleted = 0`, [id]);
      return rows[0] ? toRow(rows[0]) : undefined;
    });
  }

  /** Every live world, oldest first. */
  list(): Promise<WorldRow[]> {
    return this.storage.withClient(async (client) => {
      const { rows } = await client.query(`SELECT id, scenario, seed, created_at FROM ${TABLE} WHERE ready = 1 AND deleted = 0 ORDER BY n`);
      return rows.map(toRow);
    });
  }

  /** Drops a world's schema and every table in it. */
  async dropSchema(id: string): Promise<void> {
    const schema = this.schemaOf(id);
    await this.storage.withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  }
}
