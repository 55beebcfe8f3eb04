// Group shapes (emulator-defined; the spec shows the commands but not the record).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

const NameSchema = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const DescriptionSchema = lazySchema(() => z.string().max(2000));

export const CreateGroupSchema = lazySchema(() => z.strictObject({ name: NameSchema, description: DescriptionSchema.optional() }));
export type CreateGroupInput = z.infer<typeof CreateGroupSchema>;

export const UpdateGroupSchema = lazySchema(() => z.object({ name: NameSchema, description: DescriptionSchema.nullable() }).partial().strict());
export type UpdateGroupInput = z.infer<typeof UpdateGroupSchema>;

export const InviteSchema = lazySchema(() => z.strictObject({ email: z.email().max(320) }));

export const RemoveUserSchema = lazySchema(() => z
  .strictObject({ userId: z.string().check(z.minLength(1), z.maxLength(200)).optional(), email: z.email().max(320).optional() })
  .superRefine((value, ctx) => {
    if ((value.userId === undefined) === (value.email === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Give exactly one of userId or email' });
    }
  }));
export type RemoveUserInput = z.infer<typeof RemoveUserSchema>;

export const GroupParamsSchema = lazySchema(() => z.object({ groupId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const GroupListQuerySchema = PageQuerySchema;

export const GroupMemberSchema = lazySchema(() => z.object({
  userId: z.string().optional(),
  email: z.string(),
  status: z.enum(['invited', 'active']),
}));

export const GroupSchema = lazySchema(() => z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  members: z.array(GroupMemberSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}));
export type Group = z.infer<typeof GroupSchema>;

export const GroupListSchema = lazySchema(() => pageSchema(GroupSchema));
export const GroupDeletedSchema = lazySchema(() => z.object({ status: z.literal('ok'), id: z.string() }));
