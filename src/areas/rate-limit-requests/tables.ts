// The rate-limit-requests area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const RATE_LIMIT_REQUESTS_TABLES: TableDef[] = [
  {
    name: 'rate_limit_requests',
    ddl: `CREATE TABLE IF NOT EXISTS rate_limit_requests (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      key_id TEXT NOT NULL,
      requests_per_minute INTEGER,
      requests_per_day INTEGER,
      status TEXT NOT NULL,
      reason TEXT,
      requested_by TEXT,
      created_at BIGINT NOT NULL,
      decided_at BIGINT,
      decided_by TEXT,
      decision_reason TEXT
    )`,
  },
];
