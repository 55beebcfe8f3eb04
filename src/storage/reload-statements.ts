// The statements that put a dump's rows back into Postgres-dialect tables (PGlite, PostgreSQL): each table emptied, then its rows in bulk inserts.
import type { SqlValue, Statement, TableDump } from './storage.js';
import { insertShape } from './table-dump.js';

/**
 * `DELETE FROM` each of `tables` (not TRUNCATE: the tables are small, and TRUNCATE makes new files
 * for each), then each one's rows from `dump` in inserts of at most `maxParams` values (`$n` form).
 */
export function reloadStatements(dump: TableDump, tables: readonly string[], maxParams: number): Statement[] {
  const out: Statement[] = tables.map((name) => ({ sql: `DELETE FROM ${name}` }));
  for (const name of tables) {
    const { columns, values } = insertShape(dump[name] ?? []);
    if (columns.length === 0) continue;
    const perStatement = Math.max(1, Math.floor(maxParams / columns.length));
    for (let start = 0; start < values.length; start += perStatement) {
      const params: SqlValue[] = [];
      const tuples = values.slice(start, start + perStatement).map((row) => {
        const marks = columns.map((c) => {
          params.push(row[c] ?? null);
          return `$${params.length}`;
        });
        return `(${marks.join(', ')})`;
      });
      out.push({ sql: `INSERT INTO ${name} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params });
    }
  }
  return out;
}
