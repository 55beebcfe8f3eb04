// Row-level undo for PGlite: while a baseline snapshot is held, triggers record each written row's
// previous image (as jsonb) in `emulator_undo`, and going back to that baseline replays the log in
// reverse, so a reset costs what changed since the snapshot instead of reloading whole tables.
import type { PGlite } from '@electric-sql/pglite';
import type { SqlValue } from '../storage.js';

/** Where the helpers send their statements (the driver's one statement path). */
export interface Queryable {
  query<T>(sql: string, params?: SqlValue[]): Promise<{ rows: T[] }>;
}

const LOG = 'emulator_undo';
const SWITCH = 'emulator.undo';

/**
 * The log table, the trigger function (a no-op while the switch is off), a trigger per table, and
 * the replay function (one call: newest first, an insert's or update's row deleted by the key
 * logged for it, an update's or delete's old image put back). An insert logs only the new row's key
 * (the trigger's arguments name the key columns).
 */
export function undoStatements(keys: Map<string, string[]>, tableNames: readonly string[]): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${LOG} (lsn BIGSERIAL PRIMARY KEY, tbl TEXT NOT NULL, op CHAR(1) NOT NULL, old JSONB, new JSONB)`,
    `CREATE OR REPLACE FUNCTION emulator_undo_record() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF coalesce(current_setting('${SWITCH}', true), '') <> 'on' THEN RETURN NULL; END IF;
       IF TG_OP = 'INSERT' THEN
         INSERT INTO ${LOG} (tbl, op, new) VALUES (TG_TABLE_NAME, 'i', (SELECT jsonb_object_agg(k, to_jsonb(NEW) -> k) FROM unnest(TG_ARGV) k));
       ELSIF TG_OP = 'UPDATE' THEN
         INSERT INTO ${LOG} (tbl, op, old, new)
           VALUES (TG_TABLE_NAME, 'u', to_jsonb(OLD), (SELECT jsonb_object_agg(k, to_jsonb(NEW) -> k) FROM unnest(TG_ARGV) k));
       ELSE
         INSERT INTO ${LOG} (tbl, op, old) VALUES (TG_TABLE_NAME, 'd', to_jsonb(OLD));
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION emulator_undo_replay() RETURNS integer LANGUAGE plpgsql AS $$
     DECLARE r record; cols text; picked text; n integer := 0;
     BEGIN
       -- Recording off: the log may miss writes, so it is not replayed (the caller reloads instead).
       IF coalesce(current_setting('${SWITCH}', true), '') <> 'on' THEN RETURN -1; END IF;
       PERFORM set_config('${SWITCH}', 'off', true);
       FOR r IN SELECT lsn, tbl, op, old, new FROM ${LOG} ORDER BY lsn DESC LOOP
         IF r.op = 'i' OR r.op = 'u' THEN
           SELECT string_agg(format('%I', k), ', ' ORDER BY k), string_agg(format('(x).%I', k), ', ' ORDER BY k) INTO cols, picked
             FROM jsonb_object_keys(r.new) k;
           EXECUTE format('DELETE FROM %I WHERE (%s) IN (SELECT %s FROM (SELECT jsonb_populate_record(NULL::%I, $1) AS x) y)', r.tbl, cols, picked, r.tbl)
             USING r.new;
         END IF;
         IF r.op = 'u' OR r.op = 'd' THEN
           EXECUTE format('INSERT INTO %I SELECT (jsonb_populate_record(NULL::%I, $1)).*', r.tbl, r.tbl) USING r.old;
         END IF;
         n := n + 1;
       END LOOP;
       DELETE FROM ${LOG};
       PERFORM set_config('${SWITCH}', 'on', true);
       RETURN n;
     END $$`,
    ...tableNames.flatMap((t) => [
      `DROP TRIGGER IF EXISTS ${t}_undo ON ${t}`,
      `CREATE TRIGGER ${t}_undo AFTER INSERT OR UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION emulator_undo_record(${(keys.get(t) ?? [])
        .map((c) => `'${c}'`)
        .join(', ')})`,
    ]),
  ];
}

/** Primary-key columns of every table, read once from the catalog. */
export async function primaryKeys(pg: PGlite): Promise<Map<string, string[]>> {
  const { rows } = await pg.query<{ tbl: string; col: string }>(
    `SELECT c.relname AS tbl, a.attname AS col FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE i.indisprimary AND n.nspname = current_schema() ORDER BY c.relname, k.ord`,
  );
  const out = new Map<string, string[]>();
  for (const { tbl, col } of rows) out.set(tbl, [...(out.get(tbl) ?? []), col]);
  return out;
}

/** Turns recording on or off for this connection (a session setting: it outlives the transaction). */
export async function setRecording(db: Queryable, on: boolean): Promise<void> {
  await db.query(`SELECT set_config('${SWITCH}', '${on ? 'on' : 'off'}', false)`);
}

/** Forgets the log: the state now is the baseline. */
export async function clearLog(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM ${LOG}`);
}

/** Forgets the log and turns recording on, in one statement: the state now is the baseline. */
export const START_LOG = `WITH cleared AS (DELETE FROM ${LOG}) SELECT set_config('${SWITCH}', 'on', false)`;

export async function startLog(db: Queryable): Promise<void> {
  await db.query(START_LOG);
}

/**
 * Undoes every logged change, newest first, and empties the log, in one call into Postgres (call
 * inside a transaction). Recording is off during the replay and on after it. False, with nothing
 * changed, when recording was off: the log cannot be trusted then.
 */
export async function rollBack(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT emulator_undo_replay() AS n');
  return Number(rows[0]?.n) >= 0;
}
