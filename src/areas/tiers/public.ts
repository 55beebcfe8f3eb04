// The tiers area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { quotaRefusal } from './quota-error.js';
export { TIER_SLUGS, TierLimitsSchema } from './schema.js';
export { UNLIMITED, assignTier, availableTiers, tierLimits } from './tiers.js';
export type { TierLimits } from './tiers.js';
export type { QuotaStatus, UsageStore } from './usage-store.js';
