// SHA-256 in hex, for secrets and for everything else the emulator hashes: only hashes of secrets
// are stored, exported or compared; content hashes, signatures and derived ids use the same helpers.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of the text's UTF-8 bytes, in lower-case hex. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** HMAC-SHA256 of the payload's UTF-8 bytes under the secret's, in lower-case hex. */
export const hmacSha256Hex = (secret: string, payload: string): string => bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(payload)));

/** Recently hashed secrets: a key is hashed on every request, and SHA-256 in JS is not free. */
const memo = new Map<string, string>();
const MEMO_LIMIT = 1024;

export function hashSecret(secret: string): string {
  let hash = memo.get(secret);
  if (hash === undefined) {
    hash = sha256Hex(secret);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(secret, hash);
  }
  return hash;
}

/** Compares two strings (signatures, digests) in time independent of where they differ. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
