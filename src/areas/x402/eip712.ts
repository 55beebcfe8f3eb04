// The EIP-712 digest an x402 "exact" payment on an EVM network signs: EIP-3009
// `TransferWithAuthorization` under the USDC contract's domain of that network.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { NetworkInfo } from './networks.js';

export interface TransferAuthorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: string;
}

const DOMAIN_TYPE = keccak_256(utf8ToBytes('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
const TRANSFER_TYPE = keccak_256(
  utf8ToBytes('TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)'),
);

const word = (n: bigint) => hexToBytes(n.toString(16).padStart(64, '0'));
const address = (hex: string) => word(BigInt(hex));
const bytes32 = (hex: string) => hexToBytes(hex.slice(2).padStart(64, '0'));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function domainSeparator(network: NetworkInfo): Uint8Array {
  return keccak_256(
    concat([DOMAIN_TYPE, keccak_256(utf8ToBytes(network.tokenName)), keccak_256(utf8ToBytes(network.tokenVersion)), word(BigInt(network.chainId)), address(network.usdc)]),
  );
}

/** The digest the payer signed (fields already checked to be well-formed hex and decimal strings). */
export function transferDigest(network: NetworkInfo, auth: TransferAuthorization): Uint8Array {
  const struct = keccak_256(
    concat([TRANSFER_TYPE, address(auth.from), address(auth.to), word(BigInt(auth.value)), word(BigInt(auth.validAfter)), word(BigInt(auth.validBefore)), bytes32(auth.nonce)]),
  );
  return keccak_256(concat([new Uint8Array([0x19, 0x01]), domainSeparator(network), struct]));
}
