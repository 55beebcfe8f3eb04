// The onboarding area's tables (portable SQL): a workspace's dismissal of its checklist, and the
// inbound webhook events already handled (by event id; the answer without the key secret).
import type { TableDef } from '../../storage/table-def.js';

export const ONBOARDING_TABLES: TableDef[] = [
  {
    name: 'onboarding_state',
    ddl: `CREATE TABLE IF NOT EXISTS onboarding_state (
      workspace_id TEXT PRIMARY KEY,
      dismissed_at BIGINT
    )`,
  },
  {
    name: 'onboarding_events',
    ddl: `CREATE TABLE IF NOT EXISTS onboarding_events (
      event_id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      answer TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  },
];
