// The releases area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const RELEASES_TABLES: TableDef[] = [
  {
    name: 'releases',
    ddl: `CREATE TABLE IF NOT EXISTS releases (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL,
      auth_mode TEXT NOT NULL,
      config TEXT NOT NULL DEFAULT '{}',
      theme TEXT,
      allowed_origins TEXT NOT NULL DEFAULT '[]',
      fallback_assistants TEXT,
      mcp_config TEXT,
      extra TEXT NOT NULL DEFAULT '{}',
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS releases_workspace ON releases (workspace_id, seq)'],
  },
];

/**
 * The workspace-level chat resources a release points at (`conversationStarter`, `chatWelcomeMessage`,
 * `msgPrefix` as `{id}`): created on the workspace mount, never edited (a change is a new resource).
 */
export const CHAT_RESOURCE_TABLES: TableDef[] = [
  {
    name: 'release_chat_resources',
    ddl: `CREATE TABLE IF NOT EXISTS release_chat_resources (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      body TEXT NOT NULL,
      created_by TEXT,
      created_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS release_chat_resources_workspace ON release_chat_resources (workspace_id, seq)'],
  },
];
