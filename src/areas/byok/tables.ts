// The byok area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const BYOK_TABLES: TableDef[] = [
  {
    name: 'byok_credentials',
    ddl: `CREATE TABLE IF NOT EXISTS byok_credentials (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      provider TEXT NOT NULL,
      name TEXT,
      key_hash TEXT NOT NULL,
      key_hint TEXT NOT NULL,
      status TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      rotated_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS byok_credentials_workspace ON byok_credentials (workspace_id, seq)'],
  },
];
