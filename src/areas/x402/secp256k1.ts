// Ethereum-style secp256k1 over @noble/curves: public-key recovery (ecrecover) to check that an x402
// payment's EIP-712 signature was made by its payer, and deterministic (RFC 6979) signing for tests
// and examples. Signatures are Ethereum's 65-byte `r ‖ s ‖ v` form.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The 0x-prefixed, lower-case Ethereum address of an uncompressed public key (65 bytes, 0x04 first). */
function addressOfPublicKey(uncompressed: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).slice(12))}`;
}

/**
 * The signer's address of a 65-byte `r ‖ s ‖ v` signature over a 32-byte digest (v 27/28 or 0/1),
 * or undefined when the signature is malformed or high-s (token contracts refuse those too).
 */
export function recoverAddress(digest: Uint8Array, signature: Uint8Array): string | undefined {
  if (digest.length !== 32 || signature.length !== 65) return undefined;
  const v = signature[64] as number;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return undefined;
  try {
    const compact = signature.subarray(0, 64);
    if (secp256k1.Signature.fromBytes(compact, 'compact').hasHighS()) return undefined;
    const recovered = new Uint8Array(65);
    recovered[0] = recovery;
    recovered.set(compact, 1);
    const publicKey = secp256k1.recoverPublicKey(recovered, digest, { prehash: false });
    return addressOfPublicKey(secp256k1.Point.fromBytes(publicKey).toBytes(false));
  } catch {
    return undefined;
  }
}

/** The address of a 32-byte private key. */
export function addressOf(privateKey: Uint8Array): string {
  return addressOfPublicKey(secp256k1.getPublicKey(privateKey, false));
}

/** A low-s `r ‖ s ‖ v` signature (v 27/28) with an RFC 6979 nonce, so the same input signs the same. */
export function signDigest(digest: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const recovered = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered', lowS: true });
  const out = new Uint8Array(65);
  out.set(recovered.subarray(1), 0);
  out[64] = 27 + (recovered[0] as number);
  return out;
}
