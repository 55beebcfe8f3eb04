// Tables of the fine-tune area (portable SQL, like storage/schema.ts): jobs with their state,
// per-epoch progress and loss curve.
import type { TableDef } from '../../storage/table-def.js';

export const FINE_TUNE_TABLES: TableDef[] = [
  {
    name: 'fine_tunes',
    ddl: `CREATE TABLE IF NOT EXISTS fine_tunes (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      base_model TEXT NOT NULL,
      training_data_id TEXT NOT NULL,
      status TEXT NOT NULL,
      epochs INTEGER NOT NULL,
      epoch INTEGER NOT NULL DEFAULT 0,
      loss_curve TEXT NOT NULL DEFAULT '[]',
      trained_pairs INTEGER,
      model_id TEXT,
      error_code TEXT,
      error_message TEXT,
      copied_from TEXT,
      run_id TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      started_at BIGINT,
      finished_at BIGINT
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS fine_tunes_workspace ON fine_tunes (workspace_id, seq)',
      'CREATE INDEX IF NOT EXISTS fine_tunes_model ON fine_tunes (model_id)',
    ],
  },
];
