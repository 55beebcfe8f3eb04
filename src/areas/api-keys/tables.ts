// The api-keys area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const API_KEYS_TABLES: TableDef[] = [
  {
    name: 'api_keys',
    ddl: `CREATE TABLE IF NOT EXISTS api_keys (
      id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      key_prefix TEXT NOT NULL,
      secret_hash TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL,
      allowed_origins TEXT NOT NULL DEFAULT '[]',
      permissions TEXT NOT NULL DEFAULT '[]',
      allowed_tiers TEXT,
      custom_tier_limits TEXT,
      rate_limit INTEGER,
      rate_limit_per_day INTEGER,
      last_used_at BIGINT,
      expires_at BIGINT,
      sessions_revoked_at BIGINT,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS api_keys_workspace ON api_keys (workspace_id)'],
  },
];
