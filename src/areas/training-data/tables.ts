// Tables of the training-data area (portable SQL, like storage/schema.ts): generated sets of
// question/answer pairs, their sources and their job state.
import type { TableDef } from '../../storage/table-def.js';

export const TRAINING_DATA_TABLES: TableDef[] = [
  {
    name: 'training_data',
    ddl: `CREATE TABLE IF NOT EXISTS training_data (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      status TEXT NOT NULL,
      progress INTEGER NOT NULL DEFAULT 0,
      sources TEXT NOT NULL DEFAULT '[]',
      max_pairs INTEGER NOT NULL,
      pair_count INTEGER NOT NULL DEFAULT 0,
      pairs TEXT NOT NULL DEFAULT '[]',
      error TEXT,
      run_id TEXT,
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      started_at BIGINT,
      completed_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS training_data_workspace ON training_data (workspace_id, seq)'],
  },
];
