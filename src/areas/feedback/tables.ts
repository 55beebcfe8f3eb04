// The feedback area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const FEEDBACK_TABLES: TableDef[] = [
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
