// The arena-presets table in portable SQL: named sets of variants, kept as JSON text.
import type { TableDef } from '../../storage/table-def.js';

export const ARENA_PRESET_TABLES: TableDef[] = [
  {
    name: 'arena_presets',
    ddl: `CREATE TABLE IF NOT EXISTS arena_presets (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT,
      variants TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS arena_presets_workspace ON arena_presets (workspace_id, seq)'],
  },
];
