// Identity (spec sections 2 and 3): workspaces and members, users, membership tiers and quotas, API keys.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema, JsonObjectSchema, ResourceMetadataSchema } from './common.js';

/** An API key is 91 characters long (spec section 8). */
export const API_KEY_LENGTH = 91;
/** `keyPrefix` is the first 8 characters of the key. */
export const API_KEY_PREFIX_LENGTH = 8;

export const WorkspaceSettingsSchema = lazySchema(() => z.object({
  defaultModel: z.string().optional(),
  defaultTemperature: z.number().check(z.gte(0), z.lte(2)).optional(),
  analyticsEnabled: z.boolean().optional(),
  webhooksEnabled: z.boolean().optional(),
  notificationEmail: z.email().optional(),
}));
export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsSchema>;

export const WorkspaceLimitsSchema = lazySchema(() => z.object({
  maxReleases: z.number().check(z.int(), z.nonnegative()),
  maxRagCollections: z.number().check(z.int(), z.nonnegative()),
  maxRagStorageBytes: z.number().check(z.int(), z.nonnegative()),
  maxMonthlyApiCalls: z.number().check(z.int(), z.nonnegative()),
  maxConcurrentChats: z.number().check(z.int(), z.nonnegative()),
}));
export type WorkspaceLimits = z.infer<typeof WorkspaceLimitsSchema>;

/** A workspace (also called whitelabel). */
export const WorkspaceSchema = lazySchema(() => z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().optional(),
  ownerId: IdSchema,
  settings: WorkspaceSettingsSchema,
  limits: WorkspaceLimitsSchema,
  metadata: ResourceMetadataSchema,
}));
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const WorkspaceRoleSchema = lazySchema(() => z.enum(['owner', 'admin', 'editor', 'viewer']));
export type WorkspaceRole = z.infer<typeof WorkspaceRoleSchema>;

export const WorkspaceMemberSchema = lazySchema(() => z.object({
  userId: IdSchema,
  role: WorkspaceRoleSchema,
  permissions: z.array(z.string()),
  joinedAt: IsoTimestampSchema,
}));
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const MembershipTierSchema = lazySchema(() => z.enum(['free', 'basic', 'premium', 'enterprise', 'unlimited']));
export type MembershipTier = z.infer<typeof MembershipTierSchema>;

/** A message limit: a count, or -1 for unlimited (real wire: Examples embed/MembershipTiers.md). */
const MessageLimitSchema = lazySchema(() => z.number().check(z.int(), z.gte(-1)));

/**
 * Tier limits. `messagesPerHour` and `maxConversationLength` are from real clients (the embed
 * client's tierConfig, Examples embed/MembershipTiers.md); the emulator always serves them.
 */
export const TierLimitsSchema = lazySchema(() => z.object({
  messagesPerMonth: MessageLimitSchema,
  messagesPerDay: MessageLimitSchema,
  messagesPerHour: MessageLimitSchema.optional(),
  maxConversationLength: MessageLimitSchema.optional(),
  maxTokensPerMessage: z.number().check(z.int(), z.nonnegative()),
  maxConcurrentChats: z.number().check(z.int(), z.nonnegative()),
}));
export type TierLimits = z.infer<typeof TierLimitsSchema>;

export const TierConfigSchema = lazySchema(() => z.object({
  tier: MembershipTierSchema,
  limits: TierLimitsSchema,
}));
export type TierConfig = z.infer<typeof TierConfigSchema>;

/** Message counters of a quota (used and remaining). */
export const QuotaCountersSchema = lazySchema(() => z.object({
  messagesThisMonth: MessageLimitSchema,
  messagesToday: MessageLimitSchema,
  /** From real clients (tierConfig); -1 remaining = unlimited. */
  messagesThisHour: MessageLimitSchema.optional(),
}));
export type QuotaCounters = z.infer<typeof QuotaCountersSchema>;

export const QuotaStatusSchema = lazySchema(() => z.object({
  tier: MembershipTierSchema,
  usage: QuotaCountersSchema.extend({ currentConversationLength: z.number().check(z.int(), z.nonnegative()).optional() }),
  remaining: QuotaCountersSchema,
  exceeded: z.boolean(),
}));
export type QuotaStatus = z.infer<typeof QuotaStatusSchema>;

/** The embed client's tierConfig (validate-login): limits, usage and what remains (from real clients, Examples embed/MembershipTiers.md). */
export const EmbedTierConfigSchema = lazySchema(() => z.object({
  tier: MembershipTierSchema,
  limits: TierLimitsSchema,
  usage: QuotaCountersSchema.extend({ currentConversationLength: z.number().check(z.int(), z.nonnegative()).optional() }),
  remaining: QuotaCountersSchema,
}));
export type EmbedTierConfig = z.infer<typeof EmbedTierConfigSchema>;

/** An end user known through an API key (external user). */
export const ApiKeyUserSchema = lazySchema(() => z.object({
  id: IdSchema,
  apiKeyId: IdSchema,
  externalUserId: z.string().optional(),
  email: z.email().optional(),
  nickname: z.string().optional(),
  picture: z.string().optional(),
  membershipTier: MembershipTierSchema,
  lastUsedAt: IsoTimestampSchema.optional(),
  createdAt: IsoTimestampSchema,
}));
export type ApiKeyUser = z.infer<typeof ApiKeyUserSchema>;

export const UserSchema = lazySchema(() => z.object({
  id: IdSchema,
  email: z.email().optional(),
  name: z.string().optional(),
  nickname: z.string().optional(),
  picture: z.string().optional(),
  emailVerified: z.boolean().optional(),
  metadata: JsonObjectSchema.optional(),
}));
export type User = z.infer<typeof UserSchema>;

/** API key status (spec section 3). */
export const ApiKeyStatusSchema = lazySchema(() => z.enum(['active', 'revoked', 'expired']));
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

/** A workspace API key as listed: never carries the secret. */
export const ApiKeySchema = lazySchema(() => z.object({
  id: IdSchema,
  workspaceId: IdSchema,
  name: z.string(),
  /** The first 8 characters of the key, for identification. */
  keyPrefix: z.string().length(API_KEY_PREFIX_LENGTH),
  status: ApiKeyStatusSchema,
  allowedOrigins: z.array(z.string()),
  /** An empty array means full access inside the workspace. */
  permissions: z.array(z.string()),
  allowedTiers: z.array(MembershipTierSchema).optional(),
  /** Per-tier overrides of the tier limits. */
  customTierLimits: z.partialRecord(MembershipTierSchema, TierLimitsSchema.partial()).optional(),
  /** Requests per minute. */
  rateLimit: z.number().check(z.int(), z.positive()).optional(),
  /** `null` (or absent) when the key was never used. */
  lastUsedAt: IsoTimestampSchema.nullable().optional(),
  /** `null` (or absent) when the key never expires. */
  expiresAt: IsoTimestampSchema.nullable().optional(),
  createdAt: IsoTimestampSchema,
}));
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** An API key with its secret: returned only on creation or rotation. */
export const ApiKeyWithSecretSchema = lazySchema(() => ApiKeySchema.extend({
  secret: z.string().length(API_KEY_LENGTH),
}).refine((key) => key.secret.startsWith(key.keyPrefix), {
  message: 'keyPrefix must be the first 8 characters of the secret',
  path: ['keyPrefix'],
}));
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecretSchema>;
