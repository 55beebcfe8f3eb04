// Identifiers and secrets, drawn from the seeded random source and the emulator clock.
import type { SeededRandom } from './random.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const API_KEY_PREFIX = 'svc_';
export const API_KEY_LENGTH = 91;

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export class IdFactory {
  constructor(private readonly random: SeededRandom, private readonly now: () => number) {}

  /** A 24-hex-digit id shaped like the service's document ids: creation second, then random bytes. */
  objectId(): string {
    const seconds = Math.floor(this.now() / 1000) >>> 0;
    return seconds.toString(16).padStart(8, '0') + hex(this.random.bytes(8));
  }

  base62(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += BASE62[this.random.int(62)];
    return out;
  }

  /** A 91-character API key secret: the service prefix and a base62 body. */
  apiKeySecret(): string {
    return API_KEY_PREFIX + this.base62(API_KEY_LENGTH - API_KEY_PREFIX.length);
  }

  /** An opaque token (refresh tokens, session ids). */
  token(prefix: string, length = 48): string {
    return `${prefix}_${this.base62(length)}`;
  }
}
