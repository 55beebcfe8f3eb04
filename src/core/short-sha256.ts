// SHA-256 of a short ASCII text (one 64-byte block) without allocating: request ids hash a counter
// on every request, and the general-purpose hash spends most of its time on objects, not rounds.
// Int32Array, not Uint32Array: words above 2^31 stay small integers instead of heap numbers.
// Same digest as any SHA-256 (src/core/short-sha256.test.ts checks it against @noble/hashes).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19] as const;
const W = new Int32Array(64);
/** Character codes of the 16 lowercase hex digits. */
const HEX_CODES = Array.from('0123456789abcdef', (d) => d.charCodeAt(0));

/** The longest text that fits one block with its padding (0x80 and the 8-byte length). */
export const SHORT_SHA256_MAX = 55;

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** Writes the 8 hex digits of `word` into `codes` from `at`. */
function wordCodes(codes: number[], at: number, word: number): void {
  for (let i = 0; i < 8; i++) codes[at + i] = HEX_CODES[(word >>> (28 - 4 * i)) & 15] as number;
}

/**
 * The lowercase hex SHA-256 of `text` when it is ASCII and at most SHORT_SHA256_MAX characters,
 * else undefined (the caller hashes it the general way). `words` limits how many of the 8
 * digest words are written out (3 words = the first 24 hex characters); `prefix` (ASCII) is put
 * before them. The answer is one flat string: pieces joined with `+` would be a tree of string
 * pieces, and a request id lives on in the journal's last answers.
 */
export function shortSha256Hex(text: string, words = 8, prefix = ''): string | undefined {
  const length = text.length;
  if (length > SHORT_SHA256_MAX) return undefined;
  W.fill(0, 0, 16);
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return undefined;
    W[i >> 2] = (W[i >> 2] as number) | (c << (24 - 8 * (i & 3)));
  }
  W[length >> 2] = (W[length >> 2] as number) | (0x80 << (24 - 8 * (length & 3)));
  W[15] = length * 8;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15] as number;
    const w2 = W[i - 2] as number;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) | 0;
  }
  // Eight locals, not an array destructured and rebuilt: V8 keeps them in registers.
  let a = H0[0] | 0;
  let b = H0[1] | 0;
  let c = H0[2] | 0;
  let d = H0[3] | 0;
  let e = H0[4] | 0;
  let f = H0[5] | 0;
  let g = H0[6] | 0;
  let h = H0[7] | 0;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (W[i] as number)) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  const start = prefix.length;
  const codes = new Array<number>(start + 8 * Math.max(0, Math.min(words, 8)));
  for (let i = 0; i < start; i++) codes[i] = prefix.charCodeAt(i);
  if (words > 0) wordCodes(codes, start, (H0[0] + a) >>> 0);
  if (words > 1) wordCodes(codes, start + 8, (H0[1] + b) >>> 0);
  if (words > 2) wordCodes(codes, start + 16, (H0[2] + c) >>> 0);
  if (words > 3) wordCodes(codes, start + 24, (H0[3] + d) >>> 0);
  if (words > 4) wordCodes(codes, start + 32, (H0[4] + e) >>> 0);
  if (words > 5) wordCodes(codes, start + 40, (H0[5] + f) >>> 0);
  if (words > 6) wordCodes(codes, start + 48, (H0[6] + g) >>> 0);
  if (words > 7) wordCodes(codes, start + 56, (H0[7] + h) >>> 0);
  return String.fromCharCode.apply(null, codes);
}

/**
 * `prefix` and the first 24 hex characters of the SHA-256 of `text` (the seeded ids' shape): one
 * block when `text` fits, the general hash otherwise; the same characters either way.
 */
export function sha256Hex24(text: string, prefix = ''): string {
  return shortSha256Hex(text, 3, prefix) ?? prefix + bytesToHex(sha256(utf8ToBytes(text))).slice(0, 24);
}
