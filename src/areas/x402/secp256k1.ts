// secp256k1 in plain BigInt arithmetic: public-key recovery (Ethereum's ecrecover) to check that an
// x402 payment's EIP-712 signature was made by its payer, and deterministic signing for tests and
// examples. No curve library is installed; this is small, constant-free of chance, and slow enough
// only to matter for bulk use (a few milliseconds per recovery).
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const P = 2n ** 256n - 2n ** 32n - 977n;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = N >> 1n;
const G = { x: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n, y: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n };

type Affine = { x: bigint; y: bigint };
/** Jacobian coordinates; Z = 0 is the point at infinity. */
type Jacobian = { X: bigint; Y: bigint; Z: bigint };

const mod = (a: bigint, m = P) => {
  const r = a % m;
  return r >= 0n ? r : r + m;
};

function inverse(a: bigint, m: bigint): bigint {
  let [low, high, lm, hm] = [mod(a, m), m, 1n, 0n];
  while (low > 1n) {
    const q = high / low;
    [lm, hm] = [hm - lm * q, lm];
    [low, high] = [high - low * q, low];
  }
  return mod(lm, m);
}

function powMod(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = mod(base, m);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

const INFINITY: Jacobian = { X: 0n, Y: 1n, Z: 0n };
const jac = (p: Affine): Jacobian => ({ X: p.x, Y: p.y, Z: 1n });

function double(p: Jacobian): Jacobian {
  if (p.Z === 0n || p.Y === 0n) return INFINITY;
  const yy = mod(p.Y * p.Y);
  const s = mod(4n * p.X * yy);
  const m = mod(3n * p.X * p.X);
  const x = mod(m * m - 2n * s);
  return { X: x, Y: mod(m * (s - x) - 8n * yy * yy), Z: mod(2n * p.Y * p.Z) };
}

function add(a: Jacobian, b: Jacobian): Jacobian {
  if (a.Z === 0n) return b;
  if (b.Z === 0n) return a;
  const z1z1 = mod(a.Z * a.Z);
  const z2z2 = mod(b.Z * b.Z);
  const u1 = mod(a.X * z2z2);
  const u2 = mod(b.X * z1z1);
  const s1 = mod(a.Y * z2z2 * b.Z);
  const s2 = mod(b.Y * z1z1 * a.Z);
  if (u1 === u2) return s1 === s2 ? double(a) : INFINITY;
  const h = mod(u2 - u1);
  const r = mod(s2 - s1);
  const hh = mod(h * h);
  const hhh = mod(hh * h);
  const x = mod(r * r - hhh - 2n * u1 * hh);
  return { X: x, Y: mod(r * (u1 * hh - x) - s1 * hhh), Z: mod(h * a.Z * b.Z) };
}

function multiply(point: Affine, scalar: bigint): Jacobian {
  let result = INFINITY;
  let addend = jac(point);
  let k = mod(scalar, N);
  while (k > 0n) {
    if (k & 1n) result = add(result, addend);
    addend = double(addend);
    k >>= 1n;
  }
  return result;
}

function affine(p: Jacobian): Affine | undefined {
  if (p.Z === 0n) return undefined;
  const zi = inverse(p.Z, P);
  const zi2 = mod(zi * zi);
  return { x: mod(p.X * zi2), y: mod(p.Y * zi2 * zi) };
}

const toBig = (bytes: Uint8Array) => BigInt(`0x${bytesToHex(bytes) || '0'}`);
const to32 = (n: bigint) => hexToBytes(n.toString(16).padStart(64, '0'));

/** The 0x-prefixed, lower-case Ethereum address of a public key. */
function addressOfPoint(q: Affine): string {
  const bytes = new Uint8Array(64);
  bytes.set(to32(q.x), 0);
  bytes.set(to32(q.y), 32);
  return `0x${bytesToHex(keccak_256(bytes).slice(12))}`;
}

/**
 * The signer's address of a 65-byte `r ‖ s ‖ v` signature over a 32-byte digest (v 27/28 or 0/1),
 * or undefined when the signature is malformed or high-s (token contracts refuse those too).
 */
export function recoverAddress(digest: Uint8Array, signature: Uint8Array): string | undefined {
  if (digest.length !== 32 || signature.length !== 65) return undefined;
  const r = toBig(signature.slice(0, 32));
  const s = toBig(signature.slice(32, 64));
  const v = signature[64] as number;
  const recid = v >= 27 ? v - 27 : v;
  if (recid !== 0 && recid !== 1) return undefined;
  if (r <= 0n || r >= N || s <= 0n || s > HALF_N) return undefined;
  const y2 = mod(r * r * r + 7n);
  let y = powMod(y2, (P + 1n) / 4n, P);
  if (mod(y * y) !== y2) return undefined;
  if ((y & 1n) !== BigInt(recid)) y = P - y;
  const e = mod(toBig(digest), N);
  const rInv = inverse(r, N);
  const q = affine(add(multiply(G, mod(-e * rInv, N)), multiply({ x: r, y }, mod(s * rInv, N))));
  return q ? addressOfPoint(q) : undefined;
}

/** The address of a 32-byte private key. */
export function addressOf(privateKey: Uint8Array): string {
  const q = affine(multiply(G, toBig(privateKey)));
  if (!q) throw new Error('invalid private key');
  return addressOfPoint(q);
}

/** A low-s `r ‖ s ‖ v` signature (v 27/28) with a nonce derived from the key and the digest. */
export function signDigest(digest: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const d = toBig(privateKey);
  const z = mod(toBig(digest), N);
  for (let counter = 0; ; counter++) {
    const seed = new Uint8Array([...digest, counter]);
    const k = mod(toBig(hmac(sha256, privateKey, seed)), N - 1n) + 1n;
    const point = affine(multiply(G, k));
    if (!point) continue;
    const r = mod(point.x, N);
    if (r === 0n) continue;
    let s = mod(inverse(k, N) * (z + r * d), N);
    if (s === 0n) continue;
    let recid = Number(point.y & 1n);
    if (s > HALF_N) {
      s = N - s;
      recid ^= 1;
    }
    const out = new Uint8Array(65);
    out.set(to32(r), 0);
    out.set(to32(s), 32);
    out[64] = 27 + recid;
    return out;
  }
}
