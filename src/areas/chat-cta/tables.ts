// The chat-cta area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const CHAT_CTA_TABLES: TableDef[] = [
  {
    name: 'chat_ctas',
    ddl: `CREATE TABLE IF NOT EXISTS chat_ctas (
      release_id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      cta TEXT NOT NULL,
      source TEXT NOT NULL,
      saved_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'chat_cta_versions',
    ddl: `CREATE TABLE IF NOT EXISTS chat_cta_versions (
      release_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      saved_at BIGINT NOT NULL,
      source TEXT NOT NULL,
      snapshot TEXT NOT NULL,
      PRIMARY KEY (release_id, version)
    )`,
  },
  {
    name: 'chat_cta_submissions',
    ddl: `CREATE TABLE IF NOT EXISTS chat_cta_submissions (
      id TEXT PRIMARY KEY,
      thread_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      cta_version INTEGER NOT NULL,
      email TEXT NOT NULL,
      name TEXT,
      phone TEXT,
      crm_destination TEXT,
      created_at BIGINT NOT NULL
    )`,
  },
];
