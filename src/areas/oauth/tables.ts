// The oauth area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const OAUTH_TABLES: TableDef[] = [
  {
    name: 'oauth_codes',
    ddl: `CREATE TABLE IF NOT EXISTS oauth_codes (
      code_hash TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      client_id TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      user_id TEXT NOT NULL,
      scope TEXT NOT NULL,
      code_challenge TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`,
  },
  {
    name: 'oauth_refresh_tokens',
    ddl: `CREATE TABLE IF NOT EXISTS oauth_refresh_tokens (
      token_hash TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      client_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      scope TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      retired_at BIGINT,
      revoked_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS oauth_refresh_tokens_grant ON oauth_refresh_tokens (grant_id)'],
  },
  {
    name: 'oauth_access_tokens',
    ddl: `CREATE TABLE IF NOT EXISTS oauth_access_tokens (
      jti TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      client_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS oauth_access_tokens_grant ON oauth_access_tokens (grant_id)'],
  },
  {
    name: 'oauth_revoked_jtis',
    ddl: `CREATE TABLE IF NOT EXISTS oauth_revoked_jtis (
      jti TEXT PRIMARY KEY,
      revoked_at BIGINT NOT NULL,
      expires_at BIGINT
    )`,
  },
  {
    // One row per authorization: what the ID token and the audience need beyond the code
    // (separate from oauth_codes so data dirs saved before it existed still open).
    name: 'oauth_grants',
    ddl: `CREATE TABLE IF NOT EXISTS oauth_grants (
      grant_id TEXT PRIMARY KEY,
      nonce TEXT,
      resource TEXT,
      auth_time BIGINT NOT NULL
    )`,
  },
  {
    // Clients registered at run time (RFC 7591): public clients, PKCE only.
    name: 'oauth_clients',
    ddl: `CREATE TABLE IF NOT EXISTS oauth_clients (
      client_id TEXT PRIMARY KEY,
      client_name TEXT NOT NULL,
      redirect_uris TEXT NOT NULL,
      metadata TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  },
];
