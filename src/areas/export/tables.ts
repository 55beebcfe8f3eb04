// The export area's table (portable SQL): the jobs and, once built, their file (base64 text).
import type { TableDef } from '../../storage/table-def.js';

export const EXPORT_TABLES: TableDef[] = [
  {
    name: 'export_jobs',
    ddl: `CREATE TABLE IF NOT EXISTS export_jobs (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      kind TEXT NOT NULL,
      format TEXT NOT NULL,
      filters TEXT NOT NULL DEFAULT '{}',
      status TEXT NOT NULL,
      items INTEGER,
      size_bytes BIGINT,
      content TEXT,
      error TEXT,
      created_at BIGINT NOT NULL,
      finished_at BIGINT,
      expires_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS export_jobs_workspace ON export_jobs (workspace_id, seq)'],
  },
];
