// Workspace member request and response shapes (spec section 2 `WorkspaceMember`; routes emulator-defined).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { WorkspaceMemberSchema, WorkspaceRoleSchema } from '../../types/identity.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

const PermissionsSchema = lazySchema(() => z.array(z.string().check(z.minLength(1), z.maxLength(100))).max(100));

export const AddMemberSchema = lazySchema(() => z
  .strictObject({
    userId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    email: z.email().max(320).optional(),
    role: WorkspaceRoleSchema.default('viewer'),
    permissions: PermissionsSchema.default([]),
  })
  .superRefine((value, ctx) => {
    if ((value.userId === undefined) === (value.email === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Give exactly one of userId or email' });
    }
  }));
export type AddMemberInput = z.infer<typeof AddMemberSchema>;

export const UpdateMemberSchema = lazySchema(() => z.object({ role: WorkspaceRoleSchema, permissions: PermissionsSchema }).partial().strict());
export type UpdateMemberInput = z.infer<typeof UpdateMemberSchema>;

export const MemberListQuerySchema = PageQuerySchema;
export const WorkspaceParamsSchema = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const MemberParamsSchema = lazySchema(() => WorkspaceParamsSchema.extend({ userId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export { WorkspaceMemberSchema };
export const MemberListSchema = lazySchema(() => pageSchema(WorkspaceMemberSchema));
export const MemberRemovedSchema = lazySchema(() => z.object({ status: z.literal('ok'), userId: z.string() }));
