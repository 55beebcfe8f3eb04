// The transcripts area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const TRANSCRIPTS_TABLES: TableDef[] = [
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
      // Only rows with a session (service-agent's): a create without one writes no entry here.
      'CREATE INDEX IF NOT EXISTS transcripts_session ON transcripts (workspace_id, session_id) WHERE session_id IS NOT NULL',
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
];
