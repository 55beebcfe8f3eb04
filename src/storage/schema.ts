// The storage's own tables (the scheduler's jobs, the emulator's meta records) and the schema
// version. Every other table belongs to an area (src/areas/<area>/tables.ts); storage is given the
// whole list when it opens and knows tables only as TableDef.
import { schemaStatementsOf, type TableDef } from './table-def.js';

export type { TableDef } from './table-def.js';

export const CORE_TABLES: TableDef[] = [
  {
    name: 'jobs',
    ddl: `CREATE TABLE IF NOT EXISTS jobs (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      run_at BIGINT NOT NULL,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL DEFAULT '{}'
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS jobs_due ON jobs (run_at, seq)'],
  },
  {
    name: 'meta',
    ddl: `CREATE TABLE IF NOT EXISTS meta (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    )`,
  },
];

export const SCHEMA_VERSION = 1;

/** The statements that create the core tables (a storage opened without a list has only these). */
export function schemaStatements(): string[] {
  return schemaStatementsOf(CORE_TABLES);
}
