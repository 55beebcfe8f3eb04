// Tables of the chat areas (threads, messages, CTA revisions and submissions), in the same
// portable SQL as the rest of the schema. Each thread id is also the id of its mirror transcript.
import type { TableDef } from './table-def.js';

export const CHAT_TABLES: TableDef[] = [
  {
    name: 'chat_threads',
    ddl: `CREATE TABLE IF NOT EXISTS chat_threads (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      owner_subject TEXT NOT NULL,
      kind TEXT NOT NULL,
      title TEXT,
      visibility TEXT NOT NULL,
      archived INTEGER NOT NULL DEFAULT 0,
      metadata TEXT NOT NULL DEFAULT '{}',
      message_count INTEGER NOT NULL DEFAULT 0,
      assistant_replies INTEGER NOT NULL DEFAULT 0,
      last_message_at BIGINT,
      cta_state TEXT NOT NULL DEFAULT '{}',
      expires_at BIGINT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS chat_threads_owner ON chat_threads (owner_subject, updated_at)'],
  },
  {
    name: 'chat_messages',
    ddl: `CREATE TABLE IF NOT EXISTS chat_messages (
      id TEXT PRIMARY KEY,
      thread_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      content_type TEXT,
      token_count INTEGER NOT NULL DEFAULT 0,
      context TEXT,
      metadata TEXT NOT NULL DEFAULT '{}',
      timestamp BIGINT NOT NULL
    )`,
    indexes: ['CREATE UNIQUE INDEX IF NOT EXISTS chat_messages_position ON chat_messages (thread_id, position)'],
  },
  {
    name: 'chat_ctas',
    ddl: `CREATE TABLE IF NOT EXISTS chat_ctas (
      release_id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      cta TEXT NOT NULL,
      source TEXT NOT NULL,
      saved_at BIGINT NOT NULL
    )`,
  },
  {
    name: 'chat_cta_versions',
    ddl: `CREATE TABLE IF NOT EXISTS chat_cta_versions (
      release_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      saved_at BIGINT NOT NULL,
      source TEXT NOT NULL,
      snapshot TEXT NOT NULL,
      PRIMARY KEY (release_id, version)
    )`,
  },
  {
    name: 'chat_cta_submissions',
    ddl: `CREATE TABLE IF NOT EXISTS chat_cta_submissions (
      id TEXT PRIMARY KEY,
      thread_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      cta_version INTEGER NOT NULL,
      email TEXT NOT NULL,
      name TEXT,
      phone TEXT,
      crm_destination TEXT,
      created_at BIGINT NOT NULL
    )`,
  },
];

/** A2A tasks (one per agent call): state, A2A history and artifacts, and what a pending task will send. */
export const A2A_TABLES: TableDef[] = [
  {
    name: 'a2a_tasks',
    ddl: `CREATE TABLE IF NOT EXISTS a2a_tasks (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      context_id TEXT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      state TEXT NOT NULL,
      history TEXT NOT NULL DEFAULT '[]',
      artifacts TEXT NOT NULL DEFAULT '[]',
      status_message TEXT,
      pending TEXT,
      metadata TEXT NOT NULL DEFAULT '{}',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS a2a_tasks_context ON a2a_tasks (context_id, seq)'],
  },
];

/** x402 payments the chat sends accepted (the payment log behind the SDK's history and balance reads). */
export const X402_TABLES: TableDef[] = [
  {
    name: 'x402_payments',
    ddl: `CREATE TABLE IF NOT EXISTS x402_payments (
      tx_hash TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      release_id TEXT NOT NULL,
      resource TEXT NOT NULL,
      network TEXT NOT NULL,
      scheme TEXT NOT NULL,
      payer TEXT,
      pay_to TEXT NOT NULL,
      amount_micro BIGINT NOT NULL,
      nonce TEXT,
      form TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    indexes: [
      'CREATE INDEX IF NOT EXISTS x402_payments_workspace ON x402_payments (workspace_id, seq)',
      'CREATE UNIQUE INDEX IF NOT EXISTS x402_payments_nonce ON x402_payments (network, payer, nonce)',
    ],
  },
];
