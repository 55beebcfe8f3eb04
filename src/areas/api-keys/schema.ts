// Shapes of the workspace API-key routes (contract section 7; emulator-defined).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PERMISSIONS } from '../../core/route.js';
import { TIER_SLUGS, TierLimitsSchema } from '../tiers/public.js';

const Origin = lazySchema(() => z.string().regex(/^https?:\/\/[^/\s]+$/, 'An origin is scheme://host[:port], without a path'));

const editable = lazySchema(() => ({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  allowedOrigins: z.array(Origin).max(100),
  allowedTiers: z.array(z.enum(TIER_SLUGS)).nullable(),
  customTierLimits: z.partialRecord(z.enum(TIER_SLUGS), TierLimitsSchema).nullable(),
  rateLimit: z.number().check(z.int(), z.positive(), z.lte(1_000_000)).nullable(),
  rateLimitPerDay: z.number().check(z.int(), z.positive(), z.lte(1_000_000_000)).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
}));

export const CreateKeySchema = lazySchema(() => z
  .strictObject({
    /** The server SDK's `create({ workspaceId, name })`: must name the workspace of the path. */
    workspaceId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    name: editable.name,
    permissions: editable.permissions.default([]),
    allowedOrigins: editable.allowedOrigins.default([]),
    allowedTiers: editable.allowedTiers.optional(),
    customTierLimits: editable.customTierLimits.optional(),
    rateLimit: editable.rateLimit.optional(),
    rateLimitPerDay: editable.rateLimitPerDay.optional(),
    expiresAt: editable.expiresAt.optional(),
  }));
export type CreateKeyInput = z.infer<typeof CreateKeySchema>;

export const UpdateKeySchema = lazySchema(() => z.object(editable).partial().strict());
export type UpdateKeyInput = z.infer<typeof UpdateKeySchema>;

export const WorkspaceParams = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const KeyParams = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)), keyId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const ListKeysQuery = lazySchema(() => z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
  status: z.enum(['active', 'revoked', 'expired']).optional(),
}));

export const ApiKeyAnswerSchema = lazySchema(() => z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  keyPrefix: z.string().length(8),
  status: z.enum(['active', 'revoked', 'expired']),
  allowedOrigins: z.array(z.string()),
  permissions: z.array(z.string()),
  allowedTiers: z.array(z.string()).optional(),
  customTierLimits: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  rateLimit: z.number().optional(),
  rateLimitPerDay: z.number().optional(),
  lastUsedAt: z.string().optional(),
  expiresAt: z.string().optional(),
  createdAt: z.string(),
}));

export const ApiKeyWithSecretAnswerSchema = lazySchema(() => ApiKeyAnswerSchema.extend({ secret: z.string().length(91) }));

/** What DELETE answers: the key as it was when removed, marked revoked and deleted. */
export const ApiKeyDeletedAnswerSchema = lazySchema(() => ApiKeyAnswerSchema.extend({ status: z.literal('revoked'), deleted: z.literal(true) }));
