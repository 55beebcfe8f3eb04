// The flaggers area's tables in portable SQL: a workspace's custom flaggers and the flags they raised
// on stored chat messages. Times are epoch ms; JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const FLAGGER_TABLES: TableDef[] = [
  {
    name: 'flaggers',
    ddl: `CREATE TABLE IF NOT EXISTS flaggers (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      enabled INTEGER NOT NULL DEFAULT 1,
      doc TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS flaggers_workspace ON flaggers (workspace_id, enabled, seq)'],
  },
  {
    name: 'flags',
    ddl: `CREATE TABLE IF NOT EXISTS flags (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      flagger_id TEXT NOT NULL,
      flagger_title TEXT NOT NULL,
      message_id TEXT NOT NULL,
      thread_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      role TEXT NOT NULL,
      excerpt TEXT NOT NULL,
      outputs TEXT NOT NULL DEFAULT '{}',
      tags TEXT NOT NULL DEFAULT '[]',
      notify_user INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS flags_workspace ON flags (workspace_id, created_at, seq)',
      'CREATE INDEX IF NOT EXISTS flags_seq ON flags (seq)',
    ],
  },
];
