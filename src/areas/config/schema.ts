// Workspace configuration shapes behind the command line's `config` group (emulator-defined).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { ApiKeySchema, WorkspaceMemberSchema, WorkspaceSchema } from '../../types/identity.js';
import { ByokCredentialSchema } from '../byok/public.js';
import { GroupSchema } from '../groups/public.js';
import { PermissionGrantSchema } from '../permissions/public.js';
import { WorkspaceDescriptionSchema, WorkspaceNameSchema } from '../workspaces/public.js';

export const SetTitleSchema = lazySchema(() => z.strictObject({ title: WorkspaceNameSchema }));

/** An empty string or null clears the description. */
export const SetDescriptionSchema = lazySchema(() => z.strictObject({ description: WorkspaceDescriptionSchema.nullable() }));

export const ConfigSchema = lazySchema(() => z.object({
  workspaceId: z.string(),
  title: z.string(),
  description: z.string().optional(),
  slug: z.string(),
  settings: WorkspaceSchema.shape.settings,
  limits: WorkspaceSchema.shape.limits,
  updatedAt: z.iso.datetime(),
}));

/** The whole workspace configuration without releases and without any secret. */
export const ConfigExportSchema = lazySchema(() => z.object({
  exportedAt: z.iso.datetime(),
  workspace: WorkspaceSchema,
  members: z.array(WorkspaceMemberSchema),
  apiKeys: z.array(ApiKeySchema),
  byok: z.array(ByokCredentialSchema),
  groups: z.array(GroupSchema),
  permissions: z.array(PermissionGrantSchema),
}));
