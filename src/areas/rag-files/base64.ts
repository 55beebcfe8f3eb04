// Base64 for stored file bytes, in plain JS (Node and browsers alike): a table walk into ASCII bytes,
// decoded once, instead of a string built by fromCharCode and btoa (slow on megabyte uploads).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = 61; // '='
// The output is all ASCII, which UTF-8 decodes as is (and fastest).
const utf8 = new TextDecoder();

export function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = CODES[n >>> 18] as number;
    out[o++] = CODES[(n >>> 12) & 63] as number;
    out[o++] = CODES[(n >>> 6) & 63] as number;
    out[o++] = CODES[n & 63] as number;
  }
  const left = bytes.length - i;
  if (left > 0) {
    const n = ((bytes[i] as number) << 16) | (left === 2 ? (bytes[i + 1] as number) << 8 : 0);
    out[o++] = CODES[n >>> 18] as number;
    out[o++] = CODES[(n >>> 12) & 63] as number;
    out[o++] = left === 2 ? (CODES[(n >>> 6) & 63] as number) : PAD;
    out[o++] = PAD;
  }
  return utf8.decode(out);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Canonical base64 (padded, no whitespace, unused bits zero) is exactly what `bytesToBase64` gives
 * back for its decoded bytes; for such text, the number of bytes it holds, else undefined.
 */
const CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

export function canonicalBase64Size(text: string): number | undefined {
  if (!CANONICAL.test(text)) return undefined;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}
