// x402 payments (REAL-WIRE section 9, https://sdk.divinci.ai/server/x402/; protocol v1 of
// https://github.com/coinbase/x402): the signed X-PAYMENT payload, the requirements a 402 offers,
// the X-PAYMENT-RESPONSE settlement, and the emulator-defined records behind the SDK's pricing,
// history, receipt and balance reads.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const X402NetworkSchema = lazySchema(() => z.enum(['base', 'base-sepolia']));
export type X402Network = z.infer<typeof X402NetworkSchema>;

/** EIP-3009 `transferWithAuthorization` parameters (decimal strings and hex, as signed). */
export const X402AuthorizationSchema = lazySchema(() => z.object({
  from: z.string(),
  to: z.string(),
  value: z.string(),
  validAfter: z.string(),
  validBefore: z.string(),
  nonce: z.string(),
}));
export type X402Authorization = z.infer<typeof X402AuthorizationSchema>;

/** The JSON inside the base64 `X-PAYMENT` header ("exact" scheme on EVM). */
export const X402PaymentPayloadSchema = lazySchema(() => z.object({
  x402Version: z.literal(1),
  scheme: z.literal('exact'),
  network: X402NetworkSchema,
  payload: z.object({ signature: z.string(), authorization: X402AuthorizationSchema }),
}));
export type X402PaymentPayload = z.infer<typeof X402PaymentPayloadSchema>;

/** One accepted way to pay (x402 `PaymentRequirements`); served in a 402's `details.accepts`. */
export const X402PaymentRequirementsSchema = lazySchema(() => z.object({
  scheme: z.literal('exact'),
  network: X402NetworkSchema,
  maxAmountRequired: z.string(),
  asset: z.string(),
  payTo: z.string(),
  resource: z.string(),
  description: z.string(),
  mimeType: z.string().optional(),
  maxTimeoutSeconds: z.number().int(),
  extra: z.object({ name: z.string(), version: z.string() }).optional(),
}));
export type X402PaymentRequirements = z.infer<typeof X402PaymentRequirementsSchema>;

/** The JSON inside the base64 `X-PAYMENT-RESPONSE` header of a paid answer. */
export const X402SettlementSchema = lazySchema(() => z.object({
  success: z.boolean(),
  transaction: z.string(),
  network: X402NetworkSchema,
  payer: z.string(),
}));
export type X402Settlement = z.infer<typeof X402SettlementSchema>;

/** A settled payment as the payment reads answer it (emulator-defined). */
export const X402PaymentRecordSchema = lazySchema(() => z.object({
  _id: z.string(),
  txHash: z.string(),
  transaction: z.string(),
  success: z.literal(true),
  status: z.literal('settled'),
  network: X402NetworkSchema,
  chainId: z.number().int(),
  scheme: z.literal('exact'),
  asset: z.string(),
  currency: z.literal('USDC'),
  payer: z.string().nullable(),
  payTo: z.string(),
  amount: z.string(),
  amountMicro: z.number().int(),
  amountUsd: z.number(),
  nonce: z.string().nullable(),
  resource: z.string(),
  releaseId: z.string(),
  workspaceId: z.string(),
  createdAt: z.string(),
}));
export type X402PaymentRecord = z.infer<typeof X402PaymentRecordSchema>;

/** A price: a paid release's message price, or a named tool's (emulator-defined). */
export const X402PriceSchema = lazySchema(() => z.object({
  _id: z.string(),
  kind: z.enum(['message', 'tool']),
  name: z.string().optional(),
  releaseId: z.string(),
  resource: z.string(),
  scheme: z.literal('exact'),
  network: X402NetworkSchema,
  chainId: z.number().int(),
  asset: z.string(),
  payTo: z.string(),
  amountUsd: z.number(),
  amountMicro: z.number().int(),
  maxAmountRequired: z.string(),
}));
export type X402Price = z.infer<typeof X402PriceSchema>;

export const X402PricingSchema = lazySchema(() => z.object({
  x402Version: z.literal(1),
  currency: z.literal('USDC'),
  networks: z.array(z.object({ network: X402NetworkSchema, chainId: z.number().int(), asset: z.string() })),
  data: z.array(X402PriceSchema),
}));
export type X402Pricing = z.infer<typeof X402PricingSchema>;

/** What the workspace's payees received, per network (emulator-defined). */
export const X402WalletSchema = lazySchema(() => z.object({
  _id: z.string(),
  workspaceId: z.string(),
  currency: z.literal('USDC'),
  balanceMicro: z.number().int(),
  balanceUsd: z.number(),
  payments: z.number().int(),
  balances: z.array(
    z.object({ network: X402NetworkSchema, chainId: z.number().int(), asset: z.string(), addresses: z.array(z.string()), balanceMicro: z.number().int(), balanceUsd: z.number(), payments: z.number().int() }),
  ),
}));
export type X402Wallet = z.infer<typeof X402WalletSchema>;
