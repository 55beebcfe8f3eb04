// The auth area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const AUTH_TABLES: TableDef[] = [
  {
    name: 'auth_failures',
    ddl: `CREATE TABLE IF NOT EXISTS auth_failures (
      id TEXT PRIMARY KEY,
      ip TEXT NOT NULL,
      at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS auth_failures_ip ON auth_failures (ip, at)'],
  },
  {
    name: 'ip_lockouts',
    ddl: `CREATE TABLE IF NOT EXISTS ip_lockouts (
      ip TEXT PRIMARY KEY,
      locked_until BIGINT NOT NULL
    )`,
  },
];
