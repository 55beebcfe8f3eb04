// The workspaces area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const WORKSPACES_TABLES: TableDef[] = [
  {
    name: 'workspaces',
    ddl: `CREATE TABLE IF NOT EXISTS workspaces (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL DEFAULT 0,
      name TEXT NOT NULL,
      slug TEXT NOT NULL UNIQUE,
      description TEXT,
      owner_id TEXT NOT NULL,
      settings TEXT NOT NULL DEFAULT '{}',
      limits TEXT NOT NULL DEFAULT '{}',
      embed_tiers TEXT NOT NULL DEFAULT '[]',
      metadata TEXT NOT NULL DEFAULT '{}',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'workspace_members',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_members (
      workspace_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      role TEXT NOT NULL,
      permissions TEXT NOT NULL DEFAULT '[]',
      joined_at BIGINT NOT NULL,
      PRIMARY KEY (workspace_id, user_id)
    )`,
  },
];
