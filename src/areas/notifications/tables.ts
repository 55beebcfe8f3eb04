// The notifications area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch
// ms; JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

export const NOTIFICATION_TABLES: TableDef[] = [
  {
    name: 'notifications',
    ddl: `CREATE TABLE IF NOT EXISTS notifications (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      title TEXT NOT NULL,
      message TEXT NOT NULL,
      tags TEXT NOT NULL,
      is_read INTEGER NOT NULL DEFAULT 0,
      read_at BIGINT,
      notes TEXT NOT NULL,
      data TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS notifications_workspace ON notifications (workspace_id, seq)'],
  },
  {
    name: 'notification_channels',
    // The webhook secret is kept whole: every delivery is signed with it (a real service encrypts it at rest).
    ddl: `CREATE TABLE IF NOT EXISTS notification_channels (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      type TEXT NOT NULL,
      name TEXT NOT NULL,
      url TEXT,
      email TEXT,
      secret TEXT,
      verified INTEGER NOT NULL,
      verify_token TEXT,
      enabled INTEGER NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS notification_channels_workspace ON notification_channels (workspace_id, seq)'],
  },
  {
    name: 'notification_triggers',
    ddl: `CREATE TABLE IF NOT EXISTS notification_triggers (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      tag TEXT,
      kinds TEXT NOT NULL,
      enabled INTEGER NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS notification_triggers_workspace ON notification_triggers (workspace_id, seq)'],
  },
  {
    name: 'notification_deliveries',
    ddl: `CREATE TABLE IF NOT EXISTS notification_deliveries (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      event_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      body TEXT NOT NULL,
      status TEXT NOT NULL,
      attempts TEXT NOT NULL,
      next_retry_at BIGINT,
      delivered_at BIGINT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS notification_deliveries_channel ON notification_deliveries (channel_id, seq)'],
  },
];
