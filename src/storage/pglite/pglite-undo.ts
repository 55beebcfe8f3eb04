// Row-level undo for PGlite: while a baseline snapshot is held, triggers record each written row's
// previous image (as jsonb) in `emulator_undo`, and going back to that baseline replays the log in
// reverse, so a reset costs what changed since the snapshot instead of reloading whole tables.
import type { PGlite, Transaction } from '@electric-sql/pglite';

const LOG = 'emulator_undo';
const SWITCH = 'emulator.undo';

/**
 * The log table, the trigger function (a no-op while the switch is off) and a trigger per table.
 * An insert logs only the new row's key (the trigger's arguments name the key columns).
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

/** Turns recording on or off for this connection (session setting, outside any transaction). */
export async function setRecording(pg: PGlite | Transaction, on: boolean): Promise<void> {
  await pg.query(`SELECT set_config('${SWITCH}', '${on ? 'on' : 'off'}', false)`);
}

/** Forgets the log: the state now is the baseline. */
export async function clearLog(db: PGlite | Transaction): Promise<void> {
  await db.query(`DELETE FROM ${LOG}`);
}

/** Undoes every logged change, newest first, then empties the log (call inside a transaction, recording off). */
export async function rollBack(tx: Transaction, keys: Map<string, string[]>, tableNames: readonly string[]): Promise<void> {
  const { rows } = await tx.query<{ lsn: number; tbl: string; op: string }>(`SELECT lsn, tbl, op FROM ${LOG} ORDER BY lsn DESC`);
  for (const { lsn, tbl, op } of rows) {
    if (!tableNames.includes(tbl)) throw new Error(`undo log names an unknown table: ${tbl}`);
    const pk = keys.get(tbl);
    if (!pk || pk.length === 0) throw new Error(`table ${tbl} has no primary key to undo by`);
    const cols = pk.map((c) => `"${c}"`).join(', ');
    const picked = pk.map((c) => `(r)."${c}"`).join(', ');
    if (op === 'i' || op === 'u') {
      await tx.query(
        `DELETE FROM ${tbl} WHERE (${cols}) IN (SELECT ${picked} FROM (SELECT jsonb_populate_record(NULL::${tbl}, new) AS r FROM ${LOG} WHERE lsn = $1) x)`,
        [lsn],
      );
    }
    if (op === 'u' || op === 'd') {
      await tx.query(`INSERT INTO ${tbl} SELECT (jsonb_populate_record(NULL::${tbl}, old)).* FROM ${LOG} WHERE lsn = $1`, [lsn]);
    }
  }
  await clearLog(tx);
}
