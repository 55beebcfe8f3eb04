// The payment signature check against known answers: a well-known development key's address, a
// real x402 "exact" payment on Base (a public X-PAYMENT header), and sign → recover round trips.
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { transferDigest } from './eip712.js';
import { NETWORKS } from './networks.js';
import { addressOf, recoverAddress, signDigest } from './secp256k1.js';

// The first account of the Hardhat / Anvil development mnemonic (published with those tools).
const DEV_KEY = hexToBytes('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const DEV_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe('secp256k1 and the EIP-3009 digest', () => {
  it('derives the address of a known key', () => {
    expect(addressOf(DEV_KEY)).toBe(DEV_ADDRESS);
  });

  it('recovers the payer of a real x402 payment on Base (USDC domain "USD Coin", version 2)', () => {
    const authorization = {
      from: '0xdc41d6DA6Bb2D02b19316B2bfFF0CBb42606484d',
      to: '0xFdF53De20f46bAE2Fa6414e6F25EF1654E68Acd0',
      value: '1000000',
      validAfter: '0',
      validBefore: '1762655009',
      nonce: '0x0b87a87514c60c2332d08122be1be90339700fa864e24b02865e1550ccd00239',
    };
    const signature = hexToBytes(
      'd4f551adbf9b3ffd6549b92b03fc8bcb8cb09e6909f4265590b246f4a6441ec6500df5bb5be3aab4332b1695e65b16f0bc13f33b7db90a5ca956be5fcb58ba281c',
    );
    expect(recoverAddress(transferDigest(NETWORKS.base, authorization), signature)).toBe(authorization.from.toLowerCase());
    // The same signature under the other network's domain names someone else.
    expect(recoverAddress(transferDigest(NETWORKS['base-sepolia'], authorization), signature)).not.toBe(authorization.from.toLowerCase());
  });

  it('signs low-s signatures that recover their signer, and refuses malformed ones', () => {
    const digest = transferDigest(NETWORKS['base-sepolia'], { from: DEV_ADDRESS, to: DEV_ADDRESS, value: '1', validAfter: '0', validBefore: '9', nonce: `0x${'11'.repeat(32)}` });
    const signature = signDigest(digest, DEV_KEY);
    expect(recoverAddress(digest, signature)).toBe(DEV_ADDRESS);
    expect(signDigest(digest, DEV_KEY)).toEqual(signature);
    const bad = signature.slice();
    bad[64] = 29;
    expect(recoverAddress(digest, bad)).toBeUndefined();
    expect(recoverAddress(digest, signature.slice(0, 64))).toBeUndefined();
  });
});
