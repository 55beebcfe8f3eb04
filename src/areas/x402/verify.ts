// Checking an x402 `X-PAYMENT` header (x402 protocol v1, "exact" scheme on EVM, as the server SDK
// sends it: https://sdk.divinci.ai/server/x402/): base64 JSON {x402Version: 1, scheme: "exact",
// network, payload: {signature, authorization: {from, to, value, validAfter, validBefore, nonce}}}.
// The emulator is its own facilitator: it checks what a facilitator's /verify checks (recipient,
// exact amount, validity window on the emulator clock, single-use nonce, the EIP-712 signature
// recovering `from`) except the payer's on-chain balance, and "settles" with a deterministic hash.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { NETWORKS, type NetworkName } from './networks.js';

const Address = lazySchema(() => z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'A 20-byte hex address'));
const Uint = lazySchema(() => z.string().regex(/^\d{1,78}$/, 'A decimal integer string'));

export const X402PaymentSchema = lazySchema(() => z.object({
  x402Version: z.literal(1),
  scheme: z.literal('exact'),
  network: z.enum(['base', 'base-sepolia']),
  payload: z.object({
    signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'A 65-byte hex signature'),
    authorization: z.object({
      from: Address,
      to: Address,
      value: Uint,
      validAfter: Uint,
      validBefore: Uint,
      nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A 32-byte hex nonce'),
    }),
  }),
}));
export type X402Payment = z.infer<typeof X402PaymentSchema>;

/** The emulator's earlier, unsigned stand-in (kept for existing callers). */
export const LegacyPaymentSchema = lazySchema(() => z.object({
  x402Version: z.string(),
  network: z.enum(['base', 'base-sepolia']),
  amountMicro: z.number().int().nonnegative(),
  payer: z.string().min(1).optional(),
}));
export type LegacyPayment = z.infer<typeof LegacyPaymentSchema>;

/** Why a payment was refused: the x402 facilitators' `invalidReason` words. */
export type InvalidReason =
  | 'invalid_payload'
  | 'invalid_x402_version'
  | 'invalid_scheme'
  | 'invalid_network'
  | 'invalid_exact_evm_payload_recipient_mismatch'
  | 'invalid_exact_evm_payload_authorization_value'
  | 'invalid_exact_evm_payload_authorization_valid_after'
  | 'invalid_exact_evm_payload_authorization_valid_before'
  | 'invalid_exact_evm_payload_authorization_nonce_used'
  | 'invalid_exact_evm_payload_signature';

export interface Price {
  network: NetworkName;
  payTo: string;
  amountMicro: number;
}

export type Decoded = { form: 'x402'; payment: X402Payment } | { form: 'legacy'; payment: LegacyPayment } | { form: 'invalid'; reason: InvalidReason };

function decodeBase64(text: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** The header's payload in one of the two forms, or why it is neither. */
export function decodePaymentHeader(header: string): Decoded {
  const text = decodeBase64(header.trim());
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json === null || typeof json !== 'object') return { form: 'invalid', reason: 'invalid_payload' };
  const obj = json as Record<string, unknown>;
  if (typeof obj.x402Version === 'string') {
    const legacy = LegacyPaymentSchema.safeParse(obj);
    return legacy.success ? { form: 'legacy', payment: legacy.data } : { form: 'invalid', reason: 'invalid_payload' };
  }
  if (obj.x402Version !== 1) return { form: 'invalid', reason: 'invalid_x402_version' };
  if (obj.scheme !== 'exact') return { form: 'invalid', reason: 'invalid_scheme' };
  if (obj.network !== 'base' && obj.network !== 'base-sepolia') return { form: 'invalid', reason: 'invalid_network' };
  const parsed = X402PaymentSchema.safeParse(obj);
  return parsed.success ? { form: 'x402', payment: parsed.data } : { form: 'invalid', reason: 'invalid_payload' };
}

/**
 * The checks of a signed payment against the price, at `nowSec` (Unix seconds, emulator clock).
 * The nonce's single use is the caller's (it needs the payment log). Answers the payer's address
 * (lower case) or the reason for refusing.
 */
export async function checkSignedPayment(payment: X402Payment, price: Price, nowSec: number): Promise<{ payer: string } | { reason: InvalidReason }> {
  const auth = payment.payload.authorization;
  if (payment.network !== price.network) return { reason: 'invalid_network' };
  if (auth.to.toLowerCase() !== price.payTo.toLowerCase()) return { reason: 'invalid_exact_evm_payload_recipient_mismatch' };
  if (BigInt(auth.value) !== BigInt(price.amountMicro)) return { reason: 'invalid_exact_evm_payload_authorization_value' };
  // EIP-3009: valid strictly after validAfter and strictly before validBefore.
  if (BigInt(nowSec) <= BigInt(auth.validAfter)) return { reason: 'invalid_exact_evm_payload_authorization_valid_after' };
  if (BigInt(nowSec) >= BigInt(auth.validBefore)) return { reason: 'invalid_exact_evm_payload_authorization_valid_before' };
  // Loaded on the first signed payment: the curve's set-up costs every first create otherwise.
  const [{ transferDigest }, { recoverAddress }] = await Promise.all([import('./eip712.js'), import('./secp256k1.js')]);
  const signer = recoverAddress(transferDigest(NETWORKS[payment.network], auth), hexToBytes(payment.payload.signature.slice(2)));
  if (signer === undefined || signer !== auth.from.toLowerCase()) return { reason: 'invalid_exact_evm_payload_signature' };
  return { payer: signer };
}

/** A transaction hash for a settled payment: keccak-256 of what identifies it, so it replays. */
export function transactionHash(...parts: string[]): string {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(parts.join('|'))))}`;
}

/** The `X-PAYMENT-RESPONSE` header: base64 of the x402 settlement response. */
export function paymentResponseHeader(settlement: { transaction: string; network: string; payer: string | null }): string {
  const json = JSON.stringify({ success: true, transaction: settlement.transaction, network: settlement.network, payer: settlement.payer ?? '' });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}
