// Tables of the model-edits area (portable SQL): corrections of a release's answers with their
// apply job state; `prompt_key` is the normalised prompt chat looks an applied correction up by.
import type { TableDef } from '../../storage/table-def.js';

export const MODEL_EDITS_TABLES: TableDef[] = [
  {
    name: 'model_edits',
    ddl: `CREATE TABLE IF NOT EXISTS model_edits (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      title TEXT NOT NULL,
      prompt TEXT NOT NULL,
      prompt_key TEXT NOT NULL,
      original_reply TEXT,
      corrected_reply TEXT NOT NULL,
      message_ref TEXT,
      status TEXT NOT NULL,
      error_code TEXT,
      error_message TEXT,
      run_id TEXT,
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      applied_at BIGINT,
      reverted_at BIGINT
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS model_edits_workspace ON model_edits (workspace_id, seq)',
      'CREATE INDEX IF NOT EXISTS model_edits_lookup ON model_edits (release_id, prompt_key, status)',
    ],
  },
];
