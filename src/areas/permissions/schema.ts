// Permission grant shapes (emulator-defined): a role on a resource for a user or a group.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { WorkspaceRoleSchema } from '../../types/identity.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const RESOURCE_KINDS = ['workspace', 'release', 'rag', 'transcript'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const ResourceSchema = lazySchema(() => z
  .string().check(z.maxLength(250), z.regex(/^(workspace|release|rag|transcript):[A-Za-z0-9_.:-]{1,200}$/, 'A resource is workspace:, release:, rag: or transcript: followed by an id')));
export const PrincipalSchema = lazySchema(() => z
  .string().check(z.maxLength(250), z.regex(/^(user|group):[A-Za-z0-9_.:-]{1,200}$/, 'A principal is user:ID or group:ID')));
export const GrantRoleSchema = lazySchema(() => z.enum(['viewer', 'editor', 'admin']));

export const GrantSchema = lazySchema(() => z.strictObject({ resource: ResourceSchema, principal: PrincipalSchema, role: GrantRoleSchema }));
export type GrantInput = z.infer<typeof GrantSchema>;

export const RevokeSchema = lazySchema(() => z
  .strictObject({ id: z.string().check(z.minLength(1), z.maxLength(200)).optional(), resource: ResourceSchema.optional(), principal: PrincipalSchema.optional() })
  .superRefine((value, ctx) => {
    const byPair = value.resource !== undefined || value.principal !== undefined;
    if (value.id !== undefined && byPair) ctx.addIssue({ code: 'custom', path: ['id'], message: 'Give either id or resource and principal' });
    if (value.id === undefined && (value.resource === undefined || value.principal === undefined)) {
      ctx.addIssue({ code: 'custom', path: value.resource === undefined ? ['resource'] : ['principal'], message: 'Required (or give id)' });
    }
  }));
export type RevokeInput = z.infer<typeof RevokeSchema>;

export const PermissionListQuerySchema = lazySchema(() => PageQuerySchema.extend({ resource: ResourceSchema.optional(), principal: PrincipalSchema.optional() }));
export const GrantParamsSchema = lazySchema(() => z.object({ grantId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const PermissionGrantSchema = lazySchema(() => z.object({
  id: z.string(),
  resource: z.string(),
  principal: z.string(),
  role: GrantRoleSchema,
  createdAt: z.iso.datetime(),
}));
export type PermissionGrant = z.infer<typeof PermissionGrantSchema>;

export const PermissionListSchema = lazySchema(() => pageSchema(PermissionGrantSchema));

/** The caller's own view: their workspace role, their groups and every grant reaching them. */
export const MyPermissionsSchema = lazySchema(() => z.object({
  userId: z.string(),
  workspaceId: z.string(),
  role: WorkspaceRoleSchema,
  groups: z.array(z.string()),
  grants: z.array(PermissionGrantSchema),
}));
