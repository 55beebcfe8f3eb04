// SHA-256 and HMAC-SHA256 in hex (@noble/hashes): page content hashes and the www-rag webhook signature.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

export const hmacSha256Hex = (secret: string, payload: string): string => bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(payload)));

/** Compares two strings in time independent of where they differ. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
