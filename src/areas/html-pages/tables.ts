// The html-pages tables in portable SQL: crawls and their items, stored pages, docs sources,
// www-rag sites and locks, and local-sync vectors and rows.
import type { TableDef } from '../../storage/table-def.js';

export const HTML_PAGE_TABLES: TableDef[] = [
  {
    name: 'crawls',
    ddl: `CREATE TABLE IF NOT EXISTS crawls (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      url TEXT NOT NULL,
      host TEXT NOT NULL,
      source TEXT NOT NULL,
      status TEXT NOT NULL,
      vector_ids TEXT NOT NULL,
      options TEXT NOT NULL,
      actor TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      started_at BIGINT,
      finished_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS crawls_workspace ON crawls (workspace_id, seq)'],
  },
  {
    name: 'crawl_items',
    ddl: `CREATE TABLE IF NOT EXISTS crawl_items (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      crawl_id TEXT NOT NULL,
      url TEXT NOT NULL,
      status TEXT NOT NULL,
      reason TEXT,
      http_status INTEGER,
      page_id TEXT,
      file_ids TEXT NOT NULL DEFAULT '[]',
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS crawl_items_crawl ON crawl_items (crawl_id, seq)'],
  },
  {
    name: 'html_pages',
    ddl: `CREATE TABLE IF NOT EXISTS html_pages (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      url TEXT NOT NULL,
      host TEXT NOT NULL,
      path TEXT NOT NULL,
      title TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      bytes BIGINT NOT NULL,
      fetched_at BIGINT NOT NULL,
      vector_ids TEXT NOT NULL DEFAULT '[]',
      file_ids TEXT NOT NULL DEFAULT '[]',
      crawl_id TEXT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS html_pages_url ON html_pages (workspace_id, url)', 'CREATE INDEX IF NOT EXISTS html_pages_host ON html_pages (workspace_id, host, seq)'],
  },
  {
    name: 'doc_sources',
    ddl: `CREATE TABLE IF NOT EXISTS doc_sources (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      url TEXT NOT NULL,
      name TEXT NOT NULL,
      target_id TEXT NOT NULL,
      limit_pages INTEGER NOT NULL,
      last_crawl_id TEXT,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS doc_sources_workspace ON doc_sources (workspace_id, seq)'],
  },
  {
    name: 'www_rag_sites',
    ddl: `CREATE TABLE IF NOT EXISTS www_rag_sites (
      host TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT,
      vector_id TEXT,
      release_id TEXT,
      page_count BIGINT NOT NULL DEFAULT 0,
      total_bytes BIGINT NOT NULL DEFAULT 0,
      theme TEXT,
      lock_crawl_id TEXT,
      removed INTEGER NOT NULL DEFAULT 0,
      updated_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'local_sync_vectors',
    ddl: `CREATE TABLE IF NOT EXISTS local_sync_vectors (
      target_id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      host TEXT NOT NULL,
      total_chunks BIGINT,
      finalized_at BIGINT,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS local_sync_vectors_host ON local_sync_vectors (workspace_id, host)'],
  },
  {
    name: 'local_sync_rows',
    ddl: `CREATE TABLE IF NOT EXISTS local_sync_rows (
      target_id TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      file_id TEXT NOT NULL,
      url TEXT,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (target_id, content_hash)
    )`,
  },
];
