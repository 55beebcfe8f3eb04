// The webhook signature scheme (emulator-defined: the spec does not show one): HMAC-SHA256 with the
// channel secret over `<timestamp>.<raw body>`, sent as `x-emulator-signature: sha256=<hex>`.
import { hmacSha256Hex } from '../../security/hash.js';

export const SIGNATURE_HEADER = 'x-emulator-signature';
export const TIMESTAMP_HEADER = 'x-emulator-timestamp';
export const EVENT_ID_HEADER = 'x-emulator-event-id';

/** `sha256=<hex>` over `${timestampSec}.${body}`. */
export function signWebhook(secret: string, timestampSec: number, body: string): string {
  return `sha256=${hmacSha256Hex(secret, `${timestampSec}.${body}`)}`;
}
