// Tables of the identity management areas: workspace clone jobs, BYOK credentials, groups,
// permission grants and rate-limit requests (portable SQL, like schema.ts).
import type { TableDef } from './table-def.js';

export const IDENTITY_TABLES: TableDef[] = [
  {
    name: 'workspace_clone_jobs',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_clone_jobs (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      source_workspace_id TEXT NOT NULL,
      workspace_id TEXT,
      name TEXT NOT NULL,
      rag_vector_ids TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL,
      error TEXT,
      requested_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'byok_credentials',
    ddl: `CREATE TABLE IF NOT EXISTS byok_credentials (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      provider TEXT NOT NULL,
      name TEXT,
      key_hash TEXT NOT NULL,
      key_hint TEXT NOT NULL,
      status TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      rotated_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS byok_credentials_workspace ON byok_credentials (workspace_id, seq)'],
  },
  {
    name: 'workspace_groups',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_groups (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS workspace_groups_workspace ON workspace_groups (workspace_id, seq)'],
  },
  {
    name: 'workspace_group_members',
    ddl: `CREATE TABLE IF NOT EXISTS workspace_group_members (
      group_id TEXT NOT NULL,
      email TEXT NOT NULL,
      user_id TEXT,
      status TEXT NOT NULL,
      seq BIGINT NOT NULL,
      added_at BIGINT NOT NULL,
      PRIMARY KEY (group_id, email)
    )`,
  },
  {
    name: 'permission_grants',
    ddl: `CREATE TABLE IF NOT EXISTS permission_grants (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      resource TEXT NOT NULL,
      principal TEXT NOT NULL,
      role TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS permission_grants_workspace ON permission_grants (workspace_id, resource)'],
  },
  {
    name: 'rate_limit_requests',
    ddl: `CREATE TABLE IF NOT EXISTS rate_limit_requests (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      key_id TEXT NOT NULL,
      requests_per_minute INTEGER,
      requests_per_day INTEGER,
      status TEXT NOT NULL,
      reason TEXT,
      requested_by TEXT,
      created_at BIGINT NOT NULL,
      decided_at BIGINT,
      decided_by TEXT,
      decision_reason TEXT
    )`,
  },
];
