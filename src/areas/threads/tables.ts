// Tables of the threads area (portable SQL): thread prefixes and their published versions. The
// threads themselves live in the chat area's tables; this area reads them through chat's store.
import type { TableDef } from '../../storage/table-def.js';

export const THREADS_TABLES: TableDef[] = [
  {
    name: 'thread_prefixes',
    ddl: `CREATE TABLE IF NOT EXISTS thread_prefixes (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      draft TEXT NOT NULL,
      version INTEGER NOT NULL,
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS thread_prefixes_workspace ON thread_prefixes (workspace_id, seq)'],
  },
  {
    name: 'thread_prefix_versions',
    ddl: `CREATE TABLE IF NOT EXISTS thread_prefix_versions (
      prefix_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      lines TEXT NOT NULL,
      published_by TEXT,
      restored_from INTEGER,
      published_at BIGINT NOT NULL,
      PRIMARY KEY (prefix_id, version)
    )`,
  },
];
