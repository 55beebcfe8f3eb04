// The compliance area's table (portable SQL): data-subject requests and, for exports, their JSON.
import type { TableDef } from '../../storage/table-def.js';

export const COMPLIANCE_TABLES: TableDef[] = [
  {
    name: 'compliance_requests',
    ddl: `CREATE TABLE IF NOT EXISTS compliance_requests (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      type TEXT NOT NULL,
      subject TEXT NOT NULL,
      status TEXT NOT NULL,
      counts TEXT,
      content TEXT,
      created_at BIGINT NOT NULL,
      finished_at BIGINT,
      expires_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS compliance_requests_workspace ON compliance_requests (workspace_id, seq)'],
  },
];
