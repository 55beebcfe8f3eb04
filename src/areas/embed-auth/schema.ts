// Shapes of the sign-in exchange routes (spec section 5, "Headless external-user login").
import { z } from 'zod';

export const ACCESS_TOKEN_TTL_SEC = 30 * 60;

export const LoginSchema = z
  .object({
    apikey: z.string().min(1).optional(),
    userId: z.string().trim().min(1).max(200),
    membershipTier: z.string().min(1).max(64).optional(),
    username: z.string().max(200).optional(),
    email: z.email().optional(),
    name: z.string().max(200).optional(),
    nickname: z.string().max(200).optional(),
    picture: z.url().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** Parsed leniently: any failure, a malformed body included, is `{valid: false}`. */
export const ValidateLoginSchema = z.object({
  refreshToken: z.string().min(1),
  origin: z.string().min(1),
  releaseId: z.string().min(1),
});

export const RefreshSchema = z.object({ refreshToken: z.string().min(1) }).strict();


const TierLimitsSchema = z.object({
  messagesPerMonth: z.number(),
  messagesPerDay: z.number(),
  maxTokensPerMessage: z.number(),
  maxConcurrentChats: z.number(),
});
const UsageSchema = z.object({ messagesThisMonth: z.number(), messagesToday: z.number() });

export const LoginAnswerSchema = z.object({
  refreshToken: z.string(),
  refreshExpiresAt: z.string(),
  tierAssigned: z.string(),
});

export const ValidateLoginAnswerSchema = z.union([
  z.object({ valid: z.literal(false) }),
  z.object({
    valid: z.literal(true),
    accessToken: z.string(),
    expiresAt: z.number().int(),
    userInfo: z.object({ user_id: z.string(), nickname: z.string().nullable(), picture: z.string().nullable() }),
    tierConfig: z.object({ tier: z.string(), limits: TierLimitsSchema, usage: UsageSchema, remaining: UsageSchema }),
  }),
]);

export const RefreshAnswerSchema = z.object({ refreshToken: z.string(), refreshExpiresAt: z.string() });
