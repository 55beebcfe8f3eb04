// The x402 payment log: every payment a chat send accepted, written in the send's transaction, so
// a refused or failed send leaves no payment behind. It backs nonce-replay checks and the SDK's
// payment history, receipt and balance reads.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import { MICRO_PER_USD, NETWORKS, type NetworkName } from './networks.js';

export interface PaymentInput {
  txHash: string;
  workspaceId: string;
  releaseId: string;
  resource: string;
  network: NetworkName;
  scheme: 'exact';
  payer?: string;
  payTo: string;
  amountMicro: number;
  nonce?: string;
  /** `x402`: a signed X-PAYMENT payload; `legacy`: the emulator's earlier unsigned JSON form. */
  form: 'x402' | 'legacy';
}

export interface PaymentRecord extends PaymentInput {
  createdAt: number;
}

interface PaymentRow {
  [column: string]: string | number | null;
  tx_hash: string;
  workspace_id: string;
  release_id: string;
  resource: string;
  network: string;
  scheme: string;
  payer: string | null;
  pay_to: string;
  amount_micro: number;
  nonce: string | null;
  form: string;
  created_at: number;
}

function fromRow(row: PaymentRow): PaymentRecord {
  return {
    txHash: row.tx_hash,
    workspaceId: row.workspace_id,
    releaseId: row.release_id,
    resource: row.resource,
    network: row.network as NetworkName,
    scheme: 'exact',
    ...(row.payer !== null && { payer: row.payer }),
    payTo: row.pay_to,
    amountMicro: Number(row.amount_micro),
    ...(row.nonce !== null && { nonce: row.nonce }),
    form: row.form as PaymentRecord['form'],
    createdAt: Number(row.created_at),
  };
}

/** A payment as the payment reads answer it: document-style, with the x402 settlement fields. */
export function paymentOut(p: PaymentRecord) {
  const network = NETWORKS[p.network];
  return {
    _id: p.txHash,
    txHash: p.txHash,
    transaction: p.txHash,
    success: true,
    status: 'settled',
    network: p.network,
    chainId: network.chainId,
    scheme: p.scheme,
    asset: network.usdc,
    currency: 'USDC',
    payer: p.payer ?? null,
    payTo: p.payTo,
    amount: String(p.amountMicro),
    amountMicro: p.amountMicro,
    amountUsd: p.amountMicro / MICRO_PER_USD,
    nonce: p.nonce ?? null,
    resource: p.resource,
    releaseId: p.releaseId,
    workspaceId: p.workspaceId,
    createdAt: toIso(p.createdAt),
  };
}

export class PaymentLedger {
  constructor(private readonly deps: StoreDeps) {}

  async nextSeq(): Promise<number> {
    const row = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM x402_payments');
    return Number(row?.seq ?? 1);
  }

  /** Whether a payer's authorization nonce was already spent on a network (EIP-3009 nonces are single-use). */
  async nonceUsed(network: string, payer: string, nonce: string): Promise<boolean> {
    const row = await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM x402_payments WHERE network = ? AND payer = ? AND nonce = ?', [
      network,
      payer,
      nonce,
    ]);
    return Number(row?.n ?? 0) > 0;
  }

  async record(input: PaymentInput): Promise<PaymentRecord> {
    const createdAt = this.deps.clock.now();
    await this.deps.storage.run(
      `INSERT INTO x402_payments (tx_hash, seq, workspace_id, release_id, resource, network, scheme, payer, pay_to, amount_micro, nonce, form, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        input.txHash,
        await this.nextSeq(),
        input.workspaceId,
        input.releaseId,
        input.resource,
        input.network,
        input.scheme,
        input.payer ?? null,
        input.payTo,
        input.amountMicro,
        input.nonce ?? null,
        input.form,
        createdAt,
      ],
    );
    return { ...input, createdAt };
  }

  /** A workspace's payments, newest first. */
  async list(workspaceId: string): Promise<PaymentRecord[]> {
    const rows = await this.deps.storage.all<PaymentRow>('SELECT * FROM x402_payments WHERE workspace_id = ? ORDER BY seq DESC', [workspaceId]);
    return rows.map(fromRow);
  }

  async get(workspaceId: string, txHash: string): Promise<PaymentRecord | undefined> {
    const row = await this.deps.storage.get<PaymentRow>('SELECT * FROM x402_payments WHERE workspace_id = ? AND LOWER(tx_hash) = ?', [workspaceId, txHash.toLowerCase()]);
    return row ? fromRow(row) : undefined;
  }
}
