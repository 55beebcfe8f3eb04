// Pay-per-message releases (spec section 7, payment-required details; x402): a release whose
// `config.paymentRequired` is set answers 402 payment_required until a request carries a payment in
// `X-PAYMENT`: the real x402 "exact" payload the server SDK signs (https://sdk.divinci.ai/server/x402/),
// or the emulator's earlier unsigned JSON. Accepted payments go to the payment log.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { EmulatorError } from '../../core/errors.js';
import { MICRO_PER_USD, NETWORKS } from '../x402/public.js';
import type { PaymentLedger } from '../x402/public.js';
import { checkSignedPayment, decodePaymentHeader, paymentResponseHeader, transactionHash, type InvalidReason } from '../x402/public.js';

export const X402_VERSION = '1';
export const DEFAULT_FACILITATOR_URL = 'https://x402.org/facilitator';
/** How long a payment authorization may stay open, in the requirements a 402 offers. */
export const MAX_TIMEOUT_SECONDS = 300;

/** `config.paymentRequired` of a release (emulator-defined); `tools` prices named tools (getToolPrice). */
export const PaymentConfigSchema = lazySchema(() => z.object({
  amountUsd: z.number().positive(),
  network: z.enum(['base', 'base-sepolia']).default('base-sepolia'),
  recipient: z.string().min(1),
  facilitatorUrl: z.string().min(1).default(DEFAULT_FACILITATOR_URL),
  tools: z.record(z.string(), z.number().positive()).optional(),
}));
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** The release's price, or undefined for a free release (or an unreadable price, treated as free). */
export function priceOf(config: Record<string, unknown>): PaymentConfig | undefined {
  if (config.paymentRequired === undefined || config.paymentRequired === null) return undefined;
  const parsed = PaymentConfigSchema.safeParse(config.paymentRequired);
  return parsed.success ? parsed.data : undefined;
}

export const toMicro = (usd: number) => Math.round(usd * MICRO_PER_USD);

/** x402 v1 `PaymentRequirements` for a price: what a stock x402 client signs for. */
export function requirementsOf(price: PaymentConfig, resource: string, amountMicro = toMicro(price.amountUsd), description = 'A chat message') {
  const network = NETWORKS[price.network];
  return {
    scheme: 'exact' as const,
    network: price.network,
    maxAmountRequired: String(amountMicro),
    asset: network.usdc,
    payTo: price.recipient,
    resource,
    description,
    mimeType: 'application/json',
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    extra: { name: network.tokenName, version: network.tokenVersion },
  };
}

export interface PaymentDetails {
  x402Version: string;
  amountUsd: number;
  amountMicro: number;
  network: 'base' | 'base-sepolia';
  asset: 'USDC';
  recipient: string;
  resource: string;
  facilitatorUrl: string;
  /** The x402 protocol's payment requirements for the same price. */
  accepts: ReturnType<typeof requirementsOf>[];
  /** Why the payment sent was refused (x402 `invalidReason`). */
  reason?: InvalidReason;
}

export interface PaymentRequest {
  config: Record<string, unknown>;
  /** The request path, named as the `resource` of the requirement. */
  resource: string;
  header: string | null;
  workspaceId: string;
  releaseId: string;
  /** Emulator time, epoch ms. */
  now: number;
}

export interface AcceptedPayment {
  /** Stored with the assistant's message. */
  metadata: Record<string, unknown>;
  /** The `X-PAYMENT-RESPONSE` header value. */
  responseHeader: string;
}

const refused = (message: string, details: PaymentDetails) => new EmulatorError('payment_required', message, details);

/** Checks and records payments for chat sends. */
export class PaymentGate {
  constructor(private readonly ledger: PaymentLedger) {}

  /** Nothing for a free release; the accepted payment; or a 402 with the details (and the reason a payment was refused). */
  async charge(req: PaymentRequest): Promise<AcceptedPayment | undefined> {
    const price = priceOf(req.config);
    if (!price) return undefined;
    const amountMicro = toMicro(price.amountUsd);
    const details: PaymentDetails = {
      x402Version: X402_VERSION,
      amountUsd: price.amountUsd,
      amountMicro,
      network: price.network,
      asset: 'USDC',
      recipient: price.recipient,
      resource: req.resource,
      facilitatorUrl: price.facilitatorUrl,
      accepts: [requirementsOf(price, req.resource, amountMicro)],
    };
    if (!req.header) throw refused('Payment required: send an x-payment header', details);
    const decoded = decodePaymentHeader(req.header);
    const base = { workspaceId: req.workspaceId, releaseId: req.releaseId, resource: req.resource, network: price.network, scheme: 'exact' as const, payTo: price.recipient };
    switch (decoded.form) {
      case 'invalid':
        throw refused('The x-payment header does not cover the price of this message', { ...details, reason: decoded.reason });
      case 'legacy': {
        const paid = decoded.payment;
        if (paid.network !== price.network || paid.amountMicro < amountMicro) throw refused('The x-payment header does not cover the price of this message', details);
        const seq = await this.ledger.nextSeq();
        const txHash = transactionHash('legacy', req.workspaceId, req.resource, String(seq), paid.payer ?? '', String(paid.amountMicro));
        await this.ledger.record({ ...base, txHash, amountMicro: paid.amountMicro, ...(paid.payer !== undefined && { payer: paid.payer }), form: 'legacy' });
        return {
          metadata: { amountMicro: paid.amountMicro, network: paid.network, ...(paid.payer !== undefined && { payer: paid.payer }) },
          responseHeader: paymentResponseHeader({ transaction: txHash, network: paid.network, payer: paid.payer ?? null }),
        };
      }
      case 'x402': {
        const payment = decoded.payment;
        const checked = await checkSignedPayment(payment, { network: price.network, payTo: price.recipient, amountMicro }, Math.floor(req.now / 1000));
        if ('reason' in checked) throw refused('The X-PAYMENT authorization was refused', { ...details, reason: checked.reason });
        const nonce = payment.payload.authorization.nonce.toLowerCase();
        if (await this.ledger.nonceUsed(payment.network, checked.payer, nonce)) {
          throw refused('The X-PAYMENT authorization was refused', { ...details, reason: 'invalid_exact_evm_payload_authorization_nonce_used' });
        }
        const txHash = transactionHash('x402', payment.network, checked.payer, nonce, payment.payload.signature.toLowerCase());
        await this.ledger.record({ ...base, txHash, amountMicro, payer: checked.payer, nonce, form: 'x402' });
        return {
          metadata: { amountMicro, network: payment.network, payer: checked.payer, transaction: txHash, scheme: 'exact' },
          responseHeader: paymentResponseHeader({ transaction: txHash, network: payment.network, payer: checked.payer }),
        };
      }
      default: {
        const never: never = decoded;
        throw new Error(`unknown payment form ${JSON.stringify(never)}`);
      }
    }
  }
}
