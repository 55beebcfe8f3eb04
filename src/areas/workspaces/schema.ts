// Workspace request and response shapes (spec section 2 `Workspace`; routes emulator-defined).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { WorkspaceLimitsSchema, WorkspaceSchema, WorkspaceSettingsSchema } from '../../types/identity.js';
import { PageQuerySchema, pageSchema } from './paging.js';

/** Limits a workspace gets when its scenario names none (emulator-defined). */
export const DEFAULT_WORKSPACE_LIMITS = {
  maxReleases: 25,
  maxRagCollections: 50,
  maxRagStorageBytes: 10 * 1024 * 1024 * 1024,
  maxMonthlyApiCalls: 1_000_000,
  maxConcurrentChats: 100,
} as const;

export const LIMIT_KEYS = Object.keys(DEFAULT_WORKSPACE_LIMITS) as (keyof typeof DEFAULT_WORKSPACE_LIMITS)[];
export const SETTING_KEYS = ['defaultModel', 'defaultTemperature', 'analyticsEnabled', 'webhooksEnabled', 'notificationEmail'] as const;

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const WorkspaceNameSchema = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
export const WorkspaceDescriptionSchema = lazySchema(() => z.string().max(2000));
const SlugSchema = lazySchema(() => z.string().regex(SLUG_PATTERN, 'A slug is 1 to 63 lowercase letters, digits and dashes, starting with a letter or digit'));

/** Settings as a client writes them; `null` clears one on update. */
const SettingsInputSchema = lazySchema(() => WorkspaceSettingsSchema.strict());
const SettingsPatchSchema = lazySchema(() => z
  .object({
    defaultModel: z.string().check(z.minLength(1), z.maxLength(200)).nullable(),
    defaultTemperature: z.number().check(z.gte(0), z.lte(2)).nullable(),
    analyticsEnabled: z.boolean().nullable(),
    webhooksEnabled: z.boolean().nullable(),
    notificationEmail: z.email().nullable(),
  })
  .partial()
  .strict());

export const CreateWorkspaceSchema = lazySchema(() => z
  .strictObject({
    name: WorkspaceNameSchema,
    description: WorkspaceDescriptionSchema.optional(),
    slug: SlugSchema.optional(),
    settings: SettingsInputSchema.optional(),
  }));
export type CreateWorkspaceInput = z.infer<typeof CreateWorkspaceSchema>;

export const UpdateWorkspaceSchema = lazySchema(() => z
  .object({
    name: WorkspaceNameSchema,
    description: WorkspaceDescriptionSchema.nullable(),
    slug: SlugSchema,
    settings: SettingsPatchSchema,
  })
  .partial()
  .strict());
export type UpdateWorkspaceInput = z.infer<typeof UpdateWorkspaceSchema>;
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const WorkspaceParamsSchema = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const WorkspaceListQuerySchema = PageQuerySchema;

export { WorkspaceSchema, WorkspaceLimitsSchema };
export const WorkspaceListSchema = lazySchema(() => pageSchema(WorkspaceSchema));

/** Answer of DELETE /api/v1/workspaces/{id} (emulator-defined). */
export const WorkspaceDeletedSchema = lazySchema(() => z.object({ status: z.literal('ok'), id: z.string() }));
