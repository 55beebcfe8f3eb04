// The terms area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const TERMS_TABLES: TableDef[] = [
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
];
