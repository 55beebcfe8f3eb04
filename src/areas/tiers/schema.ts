// Shapes of tier limits as documents and keys give them (zod): the slugs and a partial limits object.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

export const TIER_SLUGS = ['free', 'basic', 'premium', 'enterprise', 'unlimited'] as const;

/** Partial tier limits: a workspace's embed tier or a key's customTierLimits entry. */
export const TierLimitsSchema = lazySchema(() => z
  .object({
    // -1 is unlimited (real wire: Examples embed/MembershipTiers.md).
    messagesPerMonth: z.number().check(z.int(), z.gte(-1)),
    messagesPerDay: z.number().check(z.int(), z.gte(-1)),
    messagesPerHour: z.number().check(z.int(), z.gte(-1)),
    maxConversationLength: z.number().check(z.int(), z.gte(-1)),
    maxTokensPerMessage: z.number().check(z.int(), z.positive()),
    maxConcurrentChats: z.number().check(z.int(), z.positive()),
  })
  .partial()
  .strict());
