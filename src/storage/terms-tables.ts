// Tables of the releases-adjacent areas: terms of service (documents, published versions,
// acceptances) and message feedback (portable SQL, like schema.ts).
import type { TableDef } from './table-def.js';

export const TERMS_FEEDBACK_TABLES: TableDef[] = [
  {
    name: 'terms',
    ddl: `CREATE TABLE IF NOT EXISTS terms (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT,
      title TEXT NOT NULL,
      content TEXT NOT NULL DEFAULT '',
      published_version INTEGER,
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS terms_workspace ON terms (workspace_id, seq)',
      'CREATE INDEX IF NOT EXISTS terms_release ON terms (release_id)',
    ],
  },
  {
    name: 'terms_versions',
    ddl: `CREATE TABLE IF NOT EXISTS terms_versions (
      tos_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      title TEXT NOT NULL,
      content TEXT NOT NULL,
      published_at BIGINT NOT NULL,
      PRIMARY KEY (tos_id, version)
    )`,
  },
  {
    name: 'terms_acceptances',
    ddl: `CREATE TABLE IF NOT EXISTS terms_acceptances (
      tos_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      subject TEXT NOT NULL,
      accepted_at BIGINT NOT NULL,
      PRIMARY KEY (tos_id, subject, version)
    )`,
  },
  {
    name: 'feedback',
    ddl: `CREATE TABLE IF NOT EXISTS feedback (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      message_ref TEXT NOT NULL,
      subject TEXT NOT NULL,
      sentiment INTEGER,
      feedback TEXT,
      source TEXT NOT NULL,
      chat_id TEXT,
      user_prompt TEXT,
      response_excerpt TEXT,
      user_id TEXT,
      email TEXT,
      is_read INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS feedback_workspace ON feedback (workspace_id, seq)',
      'CREATE INDEX IF NOT EXISTS feedback_message ON feedback (release_id, message_ref, subject)',
    ],
  },
];
