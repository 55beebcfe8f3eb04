// The chat area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const CHAT_TABLES: TableDef[] = [
  {
    name: 'chat_threads',
    ddl: `CREATE TABLE IF NOT EXISTS chat_threads (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      owner_subject TEXT NOT NULL,
      kind TEXT NOT NULL,
      title TEXT,
      visibility TEXT NOT NULL,
      archived INTEGER NOT NULL DEFAULT 0,
      metadata TEXT NOT NULL DEFAULT '{}',
      message_count INTEGER NOT NULL DEFAULT 0,
      assistant_replies INTEGER NOT NULL DEFAULT 0,
      last_message_at BIGINT,
      cta_state TEXT NOT NULL DEFAULT '{}',
      expires_at BIGINT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS chat_threads_owner ON chat_threads (owner_subject, updated_at)'],
  },
  {
    name: 'chat_messages',
    ddl: `CREATE TABLE IF NOT EXISTS chat_messages (
      id TEXT PRIMARY KEY,
      thread_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      content_type TEXT,
      token_count INTEGER NOT NULL DEFAULT 0,
      context TEXT,
      metadata TEXT NOT NULL DEFAULT '{}',
      timestamp BIGINT NOT NULL
    )`,
    indexes: ['CREATE UNIQUE INDEX IF NOT EXISTS chat_messages_position ON chat_messages (thread_id, position)'],
  },
];
