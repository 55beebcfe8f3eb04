// The database schema in portable SQL (SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are stored as text; booleans as 0/1 integers.

export interface TableDef {
  name: string;
  ddl: string;
  indexes?: string[];
}

export const TABLES: TableDef[] = [
  {
    name: 'users',
    ddl: `CREATE TABLE IF NOT EXISTS users (
      id TEXT PRIMARY KEY,
      email TEXT,
      name TEXT,
      nickname TEXT,
      picture TEXT,
      email_verified INTEGER NOT NULL DEFAULT 0,
      metadata TEXT NOT NULL DEFAULT '{}',
      created_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'workspaces',
    ddl: `CREATE TABLE IF NOT EXISTS workspaces (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      slug TEXT NOT NULL UNIQUE,
      description TEXT,
      owner_id TEXT NOT NULL,
      settings TEXT NOT NULL DEFAULT '{}',
      limits TEXT NOT NULL DEFAULT '{}',
      embed_tiers TEXT NOT NULL DEFAULT '[]',
      metadata TEXT NOT NULL DEFAULT '{}',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'workspace_members',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_members (
      workspace_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      role TEXT NOT NULL,
      permissions TEXT NOT NULL DEFAULT '[]',
      joined_at BIGINT NOT NULL,
      PRIMARY KEY (workspace_id, user_id)
    )`,
  },
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
      last_used_at BIGINT,
      expires_at BIGINT,
      sessions_revoked_at BIGINT,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS api_keys_workspace ON api_keys (workspace_id)'],
  },
  {
    name: 'transcripts',
    ddl: `CREATE TABLE IF NOT EXISTS transcripts (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      locked INTEGER NOT NULL DEFAULT 0,
      hide_conversation_starters INTEGER NOT NULL DEFAULT 0,
      metadata TEXT NOT NULL DEFAULT '{}',
      child_transcripts TEXT NOT NULL DEFAULT '[]',
      extra TEXT NOT NULL DEFAULT '{}',
      session_id TEXT,
      message_count INTEGER NOT NULL DEFAULT 0,
      last_message_at BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS transcripts_workspace_recent ON transcripts (workspace_id, updated_at, seq)',
      'CREATE INDEX IF NOT EXISTS transcripts_session ON transcripts (workspace_id, session_id)',
    ],
  },
  {
    name: 'transcript_messages',
    ddl: `CREATE TABLE IF NOT EXISTS transcript_messages (
      transcript_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      timestamp BIGINT NOT NULL,
      context TEXT NOT NULL DEFAULT '[]',
      extra TEXT NOT NULL DEFAULT '{}',
      PRIMARY KEY (transcript_id, position)
    )`,
  },
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

export const TABLE_NAMES = TABLES.map((t) => t.name);

export function schemaStatements(): string[] {
  return TABLES.flatMap((t) => [t.ddl, ...(t.indexes ?? [])]);
}
