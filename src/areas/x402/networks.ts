// The networks x402 payments settle on (REAL-WIRE section 9): Base and Base Sepolia, USDC with six
// decimals; the token's EIP-712 domain is what a payer's signature is made under.
export type NetworkName = 'base' | 'base-sepolia';

export interface NetworkInfo {
  network: NetworkName;
  chainId: number;
  /** The USDC contract (the EIP-712 verifying contract and the x402 `asset`). */
  usdc: string;
  tokenName: string;
  tokenVersion: string;
}

export const NETWORKS: Record<NetworkName, NetworkInfo> = {
  base: { network: 'base', chainId: 8453, usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', tokenName: 'USD Coin', tokenVersion: '2' },
  'base-sepolia': { network: 'base-sepolia', chainId: 84532, usdc: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', tokenName: 'USDC', tokenVersion: '2' },
};

/** USDC has six decimals: amounts on the wire are integers of micro-USDC. */
export const MICRO_PER_USD = 1_000_000;
