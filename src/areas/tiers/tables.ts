// The tiers area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const TIERS_TABLES: TableDef[] = [
  {
    name: 'usage_counters',
    ddl: `CREATE TABLE IF NOT EXISTS usage_counters (
      subject TEXT NOT NULL,
      period TEXT NOT NULL,
      count INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (subject, period)
    )`,
  },
];
