// The rag-targets area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const RAG_TARGETS_TABLES: TableDef[] = [
  {
    name: 'rag_targets',
    ddl: `CREATE TABLE IF NOT EXISTS rag_targets (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT,
      vector_index_tool TEXT NOT NULL,
      embedding_model TEXT NOT NULL,
      chunking_tool TEXT NOT NULL,
      chunk_size INTEGER NOT NULL,
      chunk_overlap INTEGER NOT NULL,
      context_per_message INTEGER NOT NULL,
      minimum_similarity DOUBLE PRECISION NOT NULL,
      settings TEXT NOT NULL DEFAULT '{}',
      status TEXT NOT NULL,
      index_version TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS rag_targets_workspace ON rag_targets (workspace_id, seq)'],
  },
  {
    name: 'rag_groups',
    ddl: `CREATE TABLE IF NOT EXISTS rag_groups (
      id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      target_ids TEXT NOT NULL DEFAULT '[]',
      created_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'rag_events',
    ddl: `CREATE TABLE IF NOT EXISTS rag_events (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      target_id TEXT NOT NULL,
      file_id TEXT,
      action TEXT NOT NULL,
      actor_type TEXT NOT NULL,
      actor_id TEXT,
      details TEXT NOT NULL DEFAULT '{}',
      backfill INTEGER NOT NULL DEFAULT 0,
      at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS rag_events_target ON rag_events (target_id, seq)',
      // MAX(seq) on every event (several per upload): a seek instead of a scan of the whole log.
      'CREATE INDEX IF NOT EXISTS rag_events_seq ON rag_events (seq)',
    ],
  },
  {
    // The workspace's RAG defaults (GET/PATCH /api/v1/rag/config): only the fields it set.
    name: 'rag_workspace_config',
    ddl: `CREATE TABLE IF NOT EXISTS rag_workspace_config (
      workspace_id TEXT PRIMARY KEY,
      config TEXT NOT NULL DEFAULT '{}',
      updated_at BIGINT NOT NULL
    )`,
  },
];
