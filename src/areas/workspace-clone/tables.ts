// The workspace-clone area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const WORKSPACE_CLONE_TABLES: TableDef[] = [
  {
    name: 'workspace_clone_jobs',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_clone_jobs (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      source_workspace_id TEXT NOT NULL,
      workspace_id TEXT,
      name TEXT NOT NULL,
      rag_vector_ids TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL,
      error TEXT,
      requested_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
  },
];
