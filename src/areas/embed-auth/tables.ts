// The embed-auth area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const EMBED_AUTH_TABLES: TableDef[] = [
  {
    name: 'api_key_users',
    ddl: `CREATE TABLE IF NOT EXISTS api_key_users (
      id TEXT PRIMARY KEY,
      api_key_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      external_user_id TEXT NOT NULL,
      email TEXT,
      name TEXT,
      nickname TEXT,
      picture TEXT,
      membership_tier TEXT NOT NULL,
      metadata TEXT NOT NULL DEFAULT '{}',
      last_used_at BIGINT,
      created_at BIGINT NOT NULL,
      UNIQUE (api_key_id, external_user_id)
    )`,
  },
  {
    name: 'embed_sessions',
    ddl: `CREATE TABLE IF NOT EXISTS embed_sessions (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      api_key_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      api_key_user_id TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      retired_at BIGINT,
      revoked_at BIGINT,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS embed_sessions_key ON embed_sessions (api_key_id)'],
  },
];
