// Shapes of the sign-in exchange routes (spec section 5, "Headless external-user login").
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

export const ACCESS_TOKEN_TTL_SEC = 30 * 60;

export const LoginSchema = lazySchema(() => z
  .strictObject({
    apikey: z.string().min(1).optional(),
    // Real sign-in backends send their own user id, a number as often as a string (Examples embed/HowToEmbed.md).
    userId: z.union([z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), z.number().finite().transform(String)]),
    membershipTier: z.string().check(z.minLength(1), z.maxLength(64)).optional(),
    // A user without one of these sends null (JSON of an absent column); null is "not given".
    username: z.string().max(200).nullish().transform((v) => v ?? undefined),
    email: z.email().nullish().transform((v) => v ?? undefined),
    name: z.string().max(200).nullish().transform((v) => v ?? undefined),
    nickname: z.string().max(200).nullish().transform((v) => v ?? undefined),
    picture: z.string().max(2000).nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }));

/** Parsed leniently: any failure, a malformed body included, is `{valid: false}`. */
export const ValidateLoginSchema = lazySchema(() => z.object({
  refreshToken: z.string().min(1),
  origin: z.string().min(1),
  releaseId: z.string().min(1),
}));

export const RefreshSchema = lazySchema(() => z.strictObject({ refreshToken: z.string().min(1) }));


/** Served limits: the real tierConfig's four message limits (-1 = unlimited) and the emulator's two. */
export const ServedTierLimitsSchema = lazySchema(() => z.object({
  messagesPerMonth: z.number(),
  messagesPerDay: z.number(),
  messagesPerHour: z.number(),
  maxConversationLength: z.number(),
  maxTokensPerMessage: z.number(),
  maxConcurrentChats: z.number(),
}));
const TierLimitsSchema = ServedTierLimitsSchema;
const RemainingSchema = lazySchema(() => z.object({ messagesThisMonth: z.number(), messagesToday: z.number(), messagesThisHour: z.number() }));
const UsageSchema = lazySchema(() => RemainingSchema.extend({ currentConversationLength: z.number() }));

export const LoginAnswerSchema = lazySchema(() => z.object({
  refreshToken: z.string(),
  refreshExpiresAt: z.string(),
  tierAssigned: z.string(),
}));

export const ValidateLoginAnswerSchema = lazySchema(() => z.union([
  z.object({ valid: z.literal(false) }),
  z.object({
    valid: z.literal(true),
    accessToken: z.string(),
    expiresAt: z.number().int(),
    userInfo: z.object({ user_id: z.string(), nickname: z.string().nullable(), picture: z.string().nullable() }),
    tierConfig: z.object({ tier: z.string(), limits: TierLimitsSchema, usage: UsageSchema, remaining: RemainingSchema }),
  }),
]));

export const RefreshAnswerSchema = lazySchema(() => z.object({ refreshToken: z.string(), refreshExpiresAt: z.string() }));
