// The connectors area's tables (portable SQL). Credentials are kept only as a hash: write-only.
import type { TableDef } from '../../storage/table-def.js';

export const CONNECTOR_TABLES: TableDef[] = [
  {
    name: 'connectors',
    ddl: `CREATE TABLE IF NOT EXISTS connectors (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      kind TEXT NOT NULL,
      target_id TEXT NOT NULL,
      config TEXT NOT NULL DEFAULT '{}',
      credentials_hash TEXT,
      last_sync_at BIGINT,
      last_sync_status TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS connectors_workspace ON connectors (workspace_id, seq)'],
  },
  {
    name: 'connector_runs',
    ddl: `CREATE TABLE IF NOT EXISTS connector_runs (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      connector_id TEXT NOT NULL,
      status TEXT NOT NULL,
      items_found INTEGER NOT NULL DEFAULT 0,
      items_ingested INTEGER NOT NULL DEFAULT 0,
      items_skipped INTEGER NOT NULL DEFAULT 0,
      items_failed INTEGER NOT NULL DEFAULT 0,
      file_ids TEXT NOT NULL DEFAULT '[]',
      errors TEXT NOT NULL DEFAULT '[]',
      created_at BIGINT NOT NULL,
      started_at BIGINT,
      finished_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS connector_runs_connector ON connector_runs (connector_id, seq)'],
  },
  {
    // What the last sync ingested per item (a URL or a document's source): unchanged content is skipped.
    name: 'connector_items',
    ddl: `CREATE TABLE IF NOT EXISTS connector_items (
      connector_id TEXT NOT NULL,
      item_key TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      file_id TEXT NOT NULL,
      synced_at BIGINT NOT NULL,
      PRIMARY KEY (connector_id, item_key)
    )`,
  },
];
