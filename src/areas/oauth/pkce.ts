// PKCE (RFC 7636): the S256 transform and the shapes a verifier and a challenge must have.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64url } from '../../security/base64url.js';

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] [a-z] [0-9] "-" "." "_" "~". */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** An S256 challenge is the unpadded base64url form of a 32-byte digest: exactly 43 characters. */
export const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** code_challenge = BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256Challenge(verifier: string): string {
  return base64url(sha256(utf8ToBytes(verifier)));
}

/** Whether a verifier answers a stored S256 challenge; compares without an early exit. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = s256Challenge(verifier);
  if (computed.length !== challenge.length) return false;
  let diff = 0;
  for (let i = 0; i < computed.length; i++) diff |= computed.charCodeAt(i) ^ challenge.charCodeAt(i);
  return diff === 0;
}
