// The database schema in portable SQL (SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are stored as text; booleans as 0/1 integers.
import { IDENTITY_TABLES } from './identity-tables.js';
import { OAUTH_TABLES } from './oauth-tables.js';
import { A2A_TABLES, CHAT_TABLES, X402_TABLES } from './chat-tables.js';
import { TERMS_FEEDBACK_TABLES } from './terms-tables.js';

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
      platform_admin INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'workspaces',
    ddl: `CREATE TABLE IF NOT EXISTS workspaces (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL DEFAULT 0,
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
      rate_limit_per_day INTEGER,
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
      // MAX(seq) on every create: an index makes it a seek instead of a scan.
      'CREATE INDEX IF NOT EXISTS transcripts_seq ON transcripts (seq)',
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
    name: 'rag_targets',
    ddl: `CREATE TABLE IF NOT EXISTS rag_targets (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT,
      vector_index_tool TEXT NOT NULL,
      embedding_model TEXT NOT NULL,
      chunking_tool TEXT NOT NULL,
      chunk_size INTEGER NOT NULL,
      chunk_overlap INTEGER NOT NULL,
      context_per_message INTEGER NOT NULL,
      minimum_similarity DOUBLE PRECISION NOT NULL,
      settings TEXT NOT NULL DEFAULT '{}',
      status TEXT NOT NULL,
      index_version TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS rag_targets_workspace ON rag_targets (workspace_id, seq)'],
  },
  {
    name: 'rag_groups',
    ddl: `CREATE TABLE IF NOT EXISTS rag_groups (
      id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      target_ids TEXT NOT NULL DEFAULT '[]',
      created_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'rag_files',
    ddl: `CREATE TABLE IF NOT EXISTS rag_files (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      target_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      original_name TEXT NOT NULL,
      file_type TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size_bytes BIGINT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      chunking_tool TEXT NOT NULL,
      options TEXT NOT NULL DEFAULT '{}',
      source_url TEXT,
      file_key TEXT,
      raw_file_key TEXT,
      document_metadata TEXT NOT NULL DEFAULT '{}',
      raw TEXT NOT NULL,
      text TEXT,
      chunks_count INTEGER,
      queryable INTEGER NOT NULL DEFAULT 0,
      queryable_at BIGINT,
      run_id TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS rag_files_workspace ON rag_files (workspace_id, seq)',
      'CREATE INDEX IF NOT EXISTS rag_files_target ON rag_files (target_id, seq)',
      // MAX(seq) on every upload: a seek instead of a scan.
      'CREATE INDEX IF NOT EXISTS rag_files_seq ON rag_files (seq)',
    ],
  },
  {
    name: 'rag_target_files',
    ddl: `CREATE TABLE IF NOT EXISTS rag_target_files (
      target_id TEXT NOT NULL,
      file_id TEXT NOT NULL,
      added_at BIGINT NOT NULL,
      PRIMARY KEY (target_id, file_id)
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS rag_target_files_file ON rag_target_files (file_id)'],
  },
  {
    name: 'rag_chunks',
    ddl: `CREATE TABLE IF NOT EXISTS rag_chunks (
      id TEXT PRIMARY KEY,
      file_id TEXT NOT NULL,
      target_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      file_seq BIGINT NOT NULL,
      position INTEGER NOT NULL,
      content TEXT NOT NULL,
      token_count INTEGER NOT NULL,
      heading TEXT
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS rag_chunks_file ON rag_chunks (file_id, position)',
      'CREATE INDEX IF NOT EXISTS rag_chunks_target ON rag_chunks (target_id, file_seq, position)',
    ],
  },
  {
    name: 'rag_events',
    ddl: `CREATE TABLE IF NOT EXISTS rag_events (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      target_id TEXT NOT NULL,
      file_id TEXT,
      action TEXT NOT NULL,
      actor_type TEXT NOT NULL,
      actor_id TEXT,
      details TEXT NOT NULL DEFAULT '{}',
      backfill INTEGER NOT NULL DEFAULT 0,
      at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS rag_events_target ON rag_events (target_id, seq)',
      // MAX(seq) on every event (several per upload): a seek instead of a scan of the whole log.
      'CREATE INDEX IF NOT EXISTS rag_events_seq ON rag_events (seq)',
    ],
  },
  {
    name: 'rag_uploads',
    ddl: `CREATE TABLE IF NOT EXISTS rag_uploads (
      id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      file_key TEXT NOT NULL UNIQUE,
      filename TEXT NOT NULL,
      byte_size BIGINT NOT NULL,
      content_type TEXT,
      data TEXT,
      uploaded_at BIGINT,
      expires_at BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'releases',
    ddl: `CREATE TABLE IF NOT EXISTS releases (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL,
      auth_mode TEXT NOT NULL,
      config TEXT NOT NULL DEFAULT '{}',
      theme TEXT,
      allowed_origins TEXT NOT NULL DEFAULT '[]',
      fallback_assistants TEXT,
      mcp_config TEXT,
      extra TEXT NOT NULL DEFAULT '{}',
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS releases_workspace ON releases (workspace_id, seq)'],
  },
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
  {
    name: 'usage_counters',
    ddl: `CREATE TABLE IF NOT EXISTS usage_counters (
      subject TEXT NOT NULL,
      period TEXT NOT NULL,
      count INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (subject, period)
    )`,
  },
  ...IDENTITY_TABLES,
  ...OAUTH_TABLES,
  ...CHAT_TABLES,
  ...A2A_TABLES,
  ...X402_TABLES,
  ...TERMS_FEEDBACK_TABLES,
  {
    name: 'auth_failures',
    ddl: `CREATE TABLE IF NOT EXISTS auth_failures (
      id TEXT PRIMARY KEY,
      ip TEXT NOT NULL,
      at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS auth_failures_ip ON auth_failures (ip, at)'],
  },
  {
    name: 'ip_lockouts',
    ddl: `CREATE TABLE IF NOT EXISTS ip_lockouts (
      ip TEXT PRIMARY KEY,
      locked_until BIGINT NOT NULL
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
    // Derived (areas/transcripts/order-index.ts): block counts of each workspace's list order.
    // Kept out of state exports; rebuilt from the transcripts when `meta` does not vouch for it.
    name: 'transcript_pages',
    ddl: `CREATE TABLE IF NOT EXISTS transcript_pages (
      workspace_id TEXT NOT NULL,
      lo_at BIGINT NOT NULL,
      lo_seq BIGINT NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (workspace_id, lo_at, lo_seq)
    )`,
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
