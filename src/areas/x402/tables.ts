// The x402 area's tables (portable SQL: SQLite and Postgres both accept it). Times are epoch ms;
// JSON values are text; booleans 0/1 integers.
import type { TableDef } from '../../storage/table-def.js';

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
