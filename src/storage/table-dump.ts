// Helpers shared by drivers for the portable JSON form of the database.
import type { Row, TableDump } from './storage.js';

/** Orders rows by their JSON text, so a dump's bytes do not depend on a driver's collation. */
export function sortRows(rows: Row[]): Row[] {
  const keyed = rows.map((row) => ({ row, key: JSON.stringify(Object.values(row)) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.row);
}

/** Checks that a dump names only known tables, so a bad import fails before anything is written. */
export function assertKnownTables(dump: TableDump, tableNames: readonly string[]): void {
  for (const name of Object.keys(dump)) {
    if (!tableNames.includes(name)) throw new Error(`unknown table in state: ${name}`);
    if (!Array.isArray(dump[name])) throw new Error(`table ${name} must be an array of rows`);
  }
}

/** Splits a table's rows into the column list and value rows an INSERT needs. */
export function insertShape(rows: Row[]): { columns: string[]; values: Row[] } {
  const first = rows[0];
  return { columns: first ? Object.keys(first) : [], values: rows };
}
