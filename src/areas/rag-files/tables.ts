// The rag-files area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const RAG_FILES_TABLES: TableDef[] = [
  {
    name: 'rag_files',
    ddl: `CREATE TABLE IF NOT EXISTS rag_files (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      target_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      original_name TEXT NOT NULL,
      file_type TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size_bytes BIGINT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      chunking_tool TEXT NOT NULL,
      options TEXT NOT NULL DEFAULT '{}',
      source_url TEXT,
      file_key TEXT,
      raw_file_key TEXT,
      document_metadata TEXT NOT NULL DEFAULT '{}',
      raw TEXT NOT NULL,
      text TEXT,
      chunks_count INTEGER,
      queryable INTEGER NOT NULL DEFAULT 0,
      queryable_at BIGINT,
      run_id TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS rag_files_workspace ON rag_files (workspace_id, seq)',
      'CREATE INDEX IF NOT EXISTS rag_files_target ON rag_files (target_id, seq)',
      // MAX(seq) on every upload: a seek instead of a scan.
      'CREATE INDEX IF NOT EXISTS rag_files_seq ON rag_files (seq)',
      // The workspace's stored bytes (SUM(size_bytes)) on every upload: read from the index, not the rows and their contents.
      'CREATE INDEX IF NOT EXISTS rag_files_workspace_size ON rag_files (workspace_id, size_bytes)',
      // A search's scope (completed files of a workspace, by seq, with their run) read from the index
      // alone: on SQLite run_id sits past the large raw and text columns, whose overflow pages a
      // table read would walk (200 files of 150 KB: ~60 MB of pages per search).
      'CREATE INDEX IF NOT EXISTS rag_files_scope ON rag_files (workspace_id, status, seq, target_id, id, run_id)',
    ],
  },
  {
    name: 'rag_target_files',
    ddl: `CREATE TABLE IF NOT EXISTS rag_target_files (
      target_id TEXT NOT NULL,
      file_id TEXT NOT NULL,
      added_at BIGINT NOT NULL,
      PRIMARY KEY (target_id, file_id)
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS rag_target_files_file ON rag_target_files (file_id)'],
  },
  {
    name: 'rag_chunks',
    ddl: `CREATE TABLE IF NOT EXISTS rag_chunks (
      id TEXT PRIMARY KEY,
      file_id TEXT NOT NULL,
      target_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      file_seq BIGINT NOT NULL,
      position INTEGER NOT NULL,
      content TEXT NOT NULL,
      token_count INTEGER NOT NULL,
      heading TEXT
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS rag_chunks_file ON rag_chunks (file_id, position)',
      'CREATE INDEX IF NOT EXISTS rag_chunks_target ON rag_chunks (target_id, file_seq, position)',
    ],
  },
  {
    name: 'rag_uploads',
    ddl: `CREATE TABLE IF NOT EXISTS rag_uploads (
      id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      file_key TEXT NOT NULL UNIQUE,
      filename TEXT NOT NULL,
      byte_size BIGINT NOT NULL,
      content_type TEXT,
      data TEXT,
      uploaded_at BIGINT,
      expires_at BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  },
];
