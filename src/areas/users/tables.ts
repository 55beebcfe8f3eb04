// The users area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const USERS_TABLES: TableDef[] = [
  {
    name: 'users',
    ddl: `CREATE TABLE IF NOT EXISTS users (
      id TEXT PRIMARY KEY,
      email TEXT,
      name TEXT,
      nickname TEXT,
      picture TEXT,
      email_verified INTEGER NOT NULL DEFAULT 0,
      metadata TEXT NOT NULL DEFAULT '{}',
      platform_admin INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL
    )`,
  },
];
