// The x402 area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { MICRO_PER_USD, NETWORKS } from './networks.js';
export type { PaymentLedger } from './store.js';
export { checkSignedPayment, decodePaymentHeader, paymentResponseHeader, transactionHash } from './verify.js';
export type { InvalidReason } from './verify.js';
