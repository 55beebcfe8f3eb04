// Pay-per-message releases (spec section 7, payment-required details, after x402): a release whose
// `config.paymentRequired` is set answers 402 payment_required until a request carries a payment.
import { z } from 'zod';
import { EmulatorError } from '../../core/errors.js';

export const X402_VERSION = '1';
export const DEFAULT_FACILITATOR_URL = 'https://x402.org/facilitator';

/** `config.paymentRequired` of a release (emulator-defined). */
export const PaymentConfigSchema = z.object({
  amountUsd: z.number().positive(),
  network: z.enum(['base', 'base-sepolia']).default('base-sepolia'),
  recipient: z.string().min(1),
  facilitatorUrl: z.string().min(1).default(DEFAULT_FACILITATOR_URL),
});

/** The `x-payment` header: base64 of this JSON (emulator-defined stand-in for a signed x402 payload). */
const PaymentHeaderSchema = z.object({
  x402Version: z.string(),
  network: z.enum(['base', 'base-sepolia']),
  amountMicro: z.number().int().nonnegative(),
  payer: z.string().min(1).optional(),
});

export interface PaymentDetails {
  x402Version: string;
  amountUsd: number;
  amountMicro: number;
  network: 'base' | 'base-sepolia';
  asset: 'USDC';
  recipient: string;
  resource: string;
  facilitatorUrl: string;
}

function decodeBase64(text: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/**
 * Checks the release's price against the request's `x-payment` header. Answers the accepted
 * payment (for the message metadata), nothing for a free release, or throws 402 with the details.
 */
export function checkPayment(config: Record<string, unknown>, resource: string, header: string | null): { amountMicro: number; network: string; payer?: string } | undefined {
  if (config.paymentRequired === undefined || config.paymentRequired === null) return undefined;
  const parsed = PaymentConfigSchema.safeParse(config.paymentRequired);
  if (!parsed.success) return undefined;
  const price = parsed.data;
  const details: PaymentDetails = {
    x402Version: X402_VERSION,
    amountUsd: price.amountUsd,
    amountMicro: Math.round(price.amountUsd * 1_000_000),
    network: price.network,
    asset: 'USDC',
    recipient: price.recipient,
    resource,
    facilitatorUrl: price.facilitatorUrl,
  };
  if (header) {
    const text = decodeBase64(header.trim());
    let payload: unknown;
    try {
      payload = text === undefined ? undefined : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    const paid = PaymentHeaderSchema.safeParse(payload);
    if (paid.success && paid.data.network === details.network && paid.data.amountMicro >= details.amountMicro) {
      return { amountMicro: paid.data.amountMicro, network: paid.data.network, ...(paid.data.payer !== undefined && { payer: paid.data.payer }) };
    }
    throw new EmulatorError('payment_required', 'The x-payment header does not cover the price of this message', details);
  }
  throw new EmulatorError('payment_required', 'Payment required: send an x-payment header', details);
}
