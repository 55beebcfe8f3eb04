// The permissions area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const PERMISSIONS_TABLES: TableDef[] = [
  {
    name: 'permission_grants',
    ddl: `CREATE TABLE IF NOT EXISTS permission_grants (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      resource TEXT NOT NULL,
      principal TEXT NOT NULL,
      role TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS permission_grants_workspace ON permission_grants (workspace_id, resource)'],
  },
];
