// What the server SDK does on a 402 (https://sdk.divinci.ai/server/x402/): sign an EIP-3009
// transferWithAuthorization for the exact amount and recipient in the 402 details, and send it as
// the base64 `X-PAYMENT` header (x402 v1, "exact" scheme).
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { transferDigest } from '../../src/areas/x402/eip712.js';
import { NETWORKS, type NetworkName } from '../../src/areas/x402/networks.js';
import { addressOf, signDigest } from '../../src/areas/x402/secp256k1.js';

export interface Payer {
  address: string;
  /** The X-PAYMENT header for a 402's details; `override` changes authorization fields before signing. */
  pay(details: { amountMicro: number; recipient: string; network: NetworkName }, options: { nowSec: number; nonce: string; override?: Record<string, string> }): string;
}

export function payer(privateKeyHex: string): Payer {
  const key = hexToBytes(privateKeyHex);
  const address = addressOf(key);
  return {
    address,
    pay(details, { nowSec, nonce, override = {} }) {
      const authorization = {
        from: address,
        to: details.recipient,
        value: String(details.amountMicro),
        validAfter: String(nowSec - 600),
        validBefore: String(nowSec + 300),
        nonce,
        ...override,
      };
      const signature = `0x${bytesToHex(signDigest(transferDigest(NETWORKS[details.network], authorization), key))}`;
      const json = JSON.stringify({ x402Version: 1, scheme: 'exact', network: details.network, payload: { signature, authorization } });
      return btoa(json);
    },
  };
}

export const nonce = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

export const decodeBase64Json = (text: string) => JSON.parse(atob(text)) as Record<string, unknown>;
