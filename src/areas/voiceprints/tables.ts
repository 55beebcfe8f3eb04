// Tables of the voiceprints area (portable SQL): an enrolled voice's feature vector and its facts.
import type { TableDef } from '../../storage/table-def.js';

export const VOICEPRINT_TABLES: TableDef[] = [
  {
    name: 'voiceprints',
    ddl: `CREATE TABLE IF NOT EXISTS voiceprints (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      source_type TEXT NOT NULL,
      source_ref TEXT,
      features TEXT NOT NULL,
      duration_ms BIGINT NOT NULL,
      sample_rate INTEGER NOT NULL,
      pitch_hz DOUBLE PRECISION NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS voiceprints_workspace ON voiceprints (workspace_id, seq)'],
  },
];
