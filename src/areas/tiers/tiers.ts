// Membership tiers and their limits: the real service's defaults (Examples embed/MembershipTiers.md),
// the workspace's embed tiers over them, and a key's customTierLimits over those. -1 means unlimited.
export const MEMBERSHIP_TIERS = ['free', 'basic', 'premium', 'enterprise', 'unlimited'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/** A limit of -1 is no limit (the real key editor's "Use -1 for unlimited"). */
export const UNLIMITED = -1;

export interface TierLimits {
  messagesPerMonth: number;
  messagesPerDay: number;
  /** Hourly burst limit (real wire). */
  messagesPerHour: number;
  /** Most messages one conversation may hold (real wire). */
  maxConversationLength: number;
  maxTokensPerMessage: number;
  maxConcurrentChats: number;
}

/**
 * Message limits from the real tier table (Examples embed/MembershipTiers.md); the token and
 * concurrency limits are the emulator's own (the real table has none).
 */
export const DEFAULT_TIER_LIMITS: Record<MembershipTier, TierLimits> = {
  free: { messagesPerMonth: 50, messagesPerDay: 10, messagesPerHour: 5, maxConversationLength: 20, maxTokensPerMessage: 1000, maxConcurrentChats: 1 },
  basic: { messagesPerMonth: 500, messagesPerDay: 50, messagesPerHour: 20, maxConversationLength: 50, maxTokensPerMessage: 2000, maxConcurrentChats: 2 },
  premium: { messagesPerMonth: 5000, messagesPerDay: 200, messagesPerHour: 50, maxConversationLength: 100, maxTokensPerMessage: 4000, maxConcurrentChats: 5 },
  enterprise: { messagesPerMonth: 50000, messagesPerDay: 2000, messagesPerHour: 200, maxConversationLength: 500, maxTokensPerMessage: 8000, maxConcurrentChats: 20 },
  unlimited: {
    messagesPerMonth: UNLIMITED,
    messagesPerDay: UNLIMITED,
    messagesPerHour: UNLIMITED,
    maxConversationLength: UNLIMITED,
    maxTokensPerMessage: 128000,
    maxConcurrentChats: 1000,
  },
};

export interface EmbedTierDef {
  slug: string;
  limits: Partial<TierLimits>;
}

export function isMembershipTier(value: string): value is MembershipTier {
  return (MEMBERSHIP_TIERS as readonly string[]).includes(value);
}

/** Whether a limit is a real cap (not -1). */
export const isLimited = (limit: number): boolean => limit !== UNLIMITED && limit >= 0;

/** The tier slugs a workspace knows: its embed tiers, or all five when its scenario names none. */
export function knownTiers(embedTiers: EmbedTierDef[]): string[] {
  return embedTiers.length ? embedTiers.map((t) => t.slug) : [...MEMBERSHIP_TIERS];
}

/** The tiers a key may hand out: the workspace's known tiers, narrowed by the key's allowedTiers. */
export function availableTiers(embedTiers: EmbedTierDef[], allowedTiers?: string[]): string[] {
  const slugs = knownTiers(embedTiers);
  return allowedTiers ? slugs.filter((s) => allowedTiers.includes(s)) : slugs;
}

const rank = (slug: string) => (isMembershipTier(slug) ? MEMBERSHIP_TIERS.indexOf(slug) : -1);

/**
 * The tier a login gets: the requested one when allowed; a known one the key does not allow is
 * downgraded to the highest allowed tier at or below it (the lowest allowed when none is below);
 * `undefined` for an unknown slug or when the key allows nothing (the caller answers Invalid tier).
 */
export function assignTier(requested: string | undefined, embedTiers: EmbedTierDef[], allowedTiers?: string[]): string | undefined {
  const allowed = availableTiers(embedTiers, allowedTiers);
  if (requested === undefined) return allowed[0] ?? (embedTiers.length ? undefined : 'free');
  if (allowed.includes(requested)) return requested;
  if (!knownTiers(embedTiers).includes(requested) || allowed.length === 0) return undefined;
  const byRank = [...allowed].sort((a, b) => rank(a) - rank(b));
  const below = byRank.filter((s) => rank(s) <= rank(requested));
  return below.length ? below[below.length - 1] : byRank[0];
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
