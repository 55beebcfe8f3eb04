// Request schemas of the threads routes (emulator-defined shapes, plus the real workspace-mount
// thread-prefix create: `{prefix: string[]}`).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Visibility = lazySchema(() => z.enum(['private', 'shared', 'public']));

export const ThreadListQuerySchema = lazySchema(() => PageQuerySchema.extend({
  releaseId: Id.optional(),
  ownerId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  /** `all` (default) lists archived and live threads together. */
  archived: z.enum(['true', 'false', 'all']).default('all'),
  visibility: Visibility.optional(),
}));

export const ThreadIdParamsSchema = lazySchema(() => z.object({ threadId: Id }));

export const ThreadUpdateSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    visibility: Visibility.optional(),
    archived: z.boolean().optional(),
    /** Replaces the thread's metadata object (at most 50 keys). */
    metadata: z.record(z.string(), z.unknown()).refine((m) => Object.keys(m).length <= 50, 'At most 50 keys').optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Name at least one of title, visibility, archived, metadata', path: ['title'] }));

export const ThreadExportQuerySchema = lazySchema(() => z.object({ format: z.enum(['jsonl']).default('jsonl') }));

/** A thread prefix's lines: a string ARRAY (the real server refuses a single string for `kind: thread`). */
export const PrefixLinesSchema = lazySchema(() => z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(4000))).min(1).max(50));

export const PrefixCreateSchema = lazySchema(() => z
  .strictObject({
    prefix: PrefixLinesSchema,
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
  }));

/** The workspace mount's create: the real client sends `{prefix}` alone; unknown keys are ignored there. */
export const WirePrefixCreateSchema = lazySchema(() => z.object({ prefix: PrefixLinesSchema, title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional() }));

const BaseVersion = lazySchema(() => z.number().check(z.int(), z.positive()));

export const PrefixUpdateSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    prefix: PrefixLinesSchema.optional(),
    /** The version the edit is based on: 409 when another publish came first. */
    baseVersion: BaseVersion.optional(),
  })
  .refine((b) => b.title !== undefined || b.prefix !== undefined, { message: 'Name title or prefix', path: ['prefix'] }));

export const PrefixPublishSchema = lazySchema(() => z.strictObject({ baseVersion: BaseVersion.optional() }));
export const PrefixRestoreSchema = lazySchema(() => z.strictObject({ version: z.number().check(z.int(), z.positive()), baseVersion: BaseVersion.optional() }));

export const PrefixListQuerySchema = PageQuerySchema;
export const PrefixParamsSchema = lazySchema(() => z.object({ prefixId: Id }));
export const WirePrefixParamsSchema = lazySchema(() => z.object({ workspaceId: Id }));
