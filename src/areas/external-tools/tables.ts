// The external-tools area's table (portable SQL). Header values must be sent with each call, so
// they are stored; every read masks them.
import type { TableDef } from '../../storage/table-def.js';

export const EXTERNAL_TOOL_TABLES: TableDef[] = [
  {
    name: 'external_tools',
    ddl: `CREATE TABLE IF NOT EXISTS external_tools (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      input_schema TEXT NOT NULL DEFAULT '{}',
      url TEXT NOT NULL,
      method TEXT NOT NULL,
      headers TEXT NOT NULL DEFAULT '{}',
      release_ids TEXT NOT NULL DEFAULT '[]',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS external_tools_workspace ON external_tools (workspace_id, seq)'],
  },
];
