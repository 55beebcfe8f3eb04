// The mcp area's tables (portable SQL): the workspace switch and the external tool servers
// registered on releases. Times are epoch ms; JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const MCP_TABLES: TableDef[] = [
  {
    name: 'mcp_settings',
    ddl: `CREATE TABLE IF NOT EXISTS mcp_settings (
      workspace_id TEXT PRIMARY KEY,
      enabled INTEGER NOT NULL,
      updated_by TEXT,
      updated_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'mcp_servers',
    ddl: `CREATE TABLE IF NOT EXISTS mcp_servers (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      title TEXT NOT NULL,
      url TEXT NOT NULL,
      transport TEXT NOT NULL,
      headers TEXT NOT NULL DEFAULT '{}',
      enabled INTEGER NOT NULL,
      tools TEXT NOT NULL DEFAULT '[]',
      discovered_at BIGINT,
      last_error TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS mcp_servers_release ON mcp_servers (release_id, seq)'],
  },
];
