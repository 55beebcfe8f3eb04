// Secret hashing: only hashes of secrets are stored, exported or compared.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Recently hashed secrets: a key is hashed on every request, and SHA-256 in JS is not free. */
const memo = new Map<string, string>();
const MEMO_LIMIT = 1024;

export function hashSecret(secret: string): string {
  let hash = memo.get(secret);
  if (hash === undefined) {
    hash = bytesToHex(sha256(utf8ToBytes(secret)));
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(secret, hash);
  }
  return hash;
}

/** Compares two equal-length hex digests without an early exit. */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
