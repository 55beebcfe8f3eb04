// The groups area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const GROUPS_TABLES: TableDef[] = [
  {
    name: 'workspace_groups',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_groups (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS workspace_groups_workspace ON workspace_groups (workspace_id, seq)'],
  },
  {
    name: 'workspace_group_members',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_group_members (
      group_id TEXT NOT NULL,
      email TEXT NOT NULL,
      user_id TEXT,
      status TEXT NOT NULL,
      seq BIGINT NOT NULL,
      added_at BIGINT NOT NULL,
      PRIMARY KEY (group_id, email)
    )`,
  },
];
