// The QA area's tables in portable SQL (SQLite and Postgres): suites, their tests, and runs (single,
// multi-release, arena and trust runs share one table; results are kept as JSON text).
import type { TableDef } from '../../storage/table-def.js';

export const QA_TABLES: TableDef[] = [
  {
    name: 'qa_suites',
    ddl: `CREATE TABLE IF NOT EXISTS qa_suites (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT,
      pass_threshold DOUBLE PRECISION NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS qa_suites_workspace ON qa_suites (workspace_id, seq)'],
  },
  {
    name: 'qa_tests',
    ddl: `CREATE TABLE IF NOT EXISTS qa_tests (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      suite_id TEXT NOT NULL,
      question TEXT NOT NULL,
      expected_answer TEXT NOT NULL,
      criteria TEXT NOT NULL DEFAULT '[]',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS qa_tests_suite ON qa_tests (suite_id, seq)'],
  },
  {
    name: 'qa_runs',
    ddl: `CREATE TABLE IF NOT EXISTS qa_runs (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      suite_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      title TEXT NOT NULL,
      status TEXT NOT NULL,
      release_ids TEXT NOT NULL,
      variants TEXT NOT NULL DEFAULT '[]',
      tests TEXT NOT NULL,
      pass_threshold DOUBLE PRECISION NOT NULL,
      results TEXT NOT NULL DEFAULT '[]',
      error TEXT,
      created_at BIGINT NOT NULL,
      started_at BIGINT,
      completed_at BIGINT,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS qa_runs_workspace ON qa_runs (workspace_id, seq)'],
  },
];
