// Membership tiers and their limits: built-in defaults (emulator-defined), the workspace's embed
// tiers over them, and a key's customTierLimits over those.
export const MEMBERSHIP_TIERS = ['free', 'basic', 'premium', 'enterprise', 'unlimited'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

export interface TierLimits {
  messagesPerMonth: number;
  messagesPerDay: number;
  maxTokensPerMessage: number;
  maxConcurrentChats: number;
}

/** The spec gives no numbers; these are the emulator's. */
export const DEFAULT_TIER_LIMITS: Record<MembershipTier, TierLimits> = {
  free: { messagesPerMonth: 300, messagesPerDay: 20, maxTokensPerMessage: 1000, maxConcurrentChats: 1 },
  basic: { messagesPerMonth: 3000, messagesPerDay: 100, maxTokensPerMessage: 2000, maxConcurrentChats: 2 },
  premium: { messagesPerMonth: 20000, messagesPerDay: 500, maxTokensPerMessage: 4000, maxConcurrentChats: 5 },
  enterprise: { messagesPerMonth: 200000, messagesPerDay: 5000, maxTokensPerMessage: 8000, maxConcurrentChats: 20 },
  unlimited: { messagesPerMonth: 1_000_000_000, messagesPerDay: 1_000_000_000, maxTokensPerMessage: 128000, maxConcurrentChats: 1000 },
};

export interface EmbedTierDef {
  slug: string;
  limits: Partial<TierLimits>;
}

export function isMembershipTier(value: string): value is MembershipTier {
  return (MEMBERSHIP_TIERS as readonly string[]).includes(value);
}

/** The tiers a key may hand out: the workspace's embed tiers, narrowed by the key's allowedTiers. */
export function availableTiers(embedTiers: EmbedTierDef[], allowedTiers?: string[]): string[] {
  const slugs = embedTiers.map((t) => t.slug);
  return allowedTiers ? slugs.filter((s) => allowedTiers.includes(s)) : slugs;
}

export function tierLimits(
  tier: string,
  embedTiers: EmbedTierDef[],
  customTierLimits?: Record<string, Partial<TierLimits>>,
): TierLimits {
  const base = isMembershipTier(tier) ? DEFAULT_TIER_LIMITS[tier] : DEFAULT_TIER_LIMITS.free;
  const workspace = embedTiers.find((t) => t.slug === tier)?.limits ?? {};
  return { ...base, ...workspace, ...(customTierLimits?.[tier] ?? {}) };
}
