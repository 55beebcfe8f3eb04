// The a2a area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const A2A_TABLES: TableDef[] = [
  {
    name: 'a2a_tasks',
    ddl: `CREATE TABLE IF NOT EXISTS a2a_tasks (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      context_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      state TEXT NOT NULL,
      history TEXT NOT NULL DEFAULT '[]',
      artifacts TEXT NOT NULL DEFAULT '[]',
      status_message TEXT,
      pending TEXT,
      metadata TEXT NOT NULL DEFAULT '{}',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS a2a_tasks_context ON a2a_tasks (context_id, seq)'],
  },
];
