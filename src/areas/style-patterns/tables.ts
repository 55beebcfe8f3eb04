// The style-patterns table in portable SQL: named style rules and the releases they apply to.
import type { TableDef } from '../../storage/table-def.js';

export const STYLE_PATTERN_TABLES: TableDef[] = [
  {
    name: 'style_patterns',
    ddl: `CREATE TABLE IF NOT EXISTS style_patterns (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT,
      rules TEXT NOT NULL,
      release_ids TEXT NOT NULL DEFAULT '[]',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS style_patterns_workspace ON style_patterns (workspace_id, seq)'],
  },
];
