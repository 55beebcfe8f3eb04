// The threads area's records (emulator-defined; the spec shows only ChatThread): the admin view of
// a workspace's chat threads, and thread prefixes as versioned documents. Document-style (`_id`).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema, JsonObjectSchema } from './common.js';

export const ThreadVisibilitySchema = lazySchema(() => z.enum(['private', 'shared', 'public']));
export type ThreadVisibility = z.infer<typeof ThreadVisibilitySchema>;

export const ThreadKindSchema = lazySchema(() => z.enum(['user', 'anonymous', 'a2a', 'landing']));
export type ThreadKind = z.infer<typeof ThreadKindSchema>;

/** A chat thread as an admin sees it: the spec's ChatThread fields, `_id`, its kind and its stamps. */
export const AdminThreadSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string().optional(),
  releaseId: IdSchema,
  ownerId: z.string(),
  workspaceId: IdSchema,
  kind: ThreadKindSchema,
  messageCount: z.number().check(z.int(), z.nonnegative()),
  lastMessageAt: IsoTimestampSchema.optional(),
  visibility: ThreadVisibilitySchema,
  archived: z.boolean(),
  metadata: JsonObjectSchema,
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type AdminThread = z.infer<typeof AdminThreadSchema>;

/** `{docs, pagination}` like the documented lists, beside the PaginatedResponse fields. */
export function docsPage<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    pagination: z.object({
      page: z.number().check(z.int(), z.positive()),
      limit: z.number().check(z.int(), z.positive()),
      total: z.number().check(z.int(), z.nonnegative()),
      totalPages: z.number().check(z.int(), z.nonnegative()),
      hasMore: z.boolean(),
    }),
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
    total: z.number().check(z.int(), z.nonnegative()),
  });
}

export const AdminThreadListSchema = lazySchema(() => docsPage(AdminThreadSchema));
export type AdminThreadList = z.infer<typeof AdminThreadListSchema>;

/** A thread prefix: system-prompt lines a release's threads start with (`kind: "thread"`, a string array). */
export const ThreadPrefixSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  workspaceId: IdSchema,
  kind: z.literal('thread'),
  title: z.string(),
  /** The published lines (what releases naming it use). */
  prefix: z.array(z.string()),
  /** The current published version: 1 on create, +1 on every publish or restore. */
  version: z.number().check(z.int(), z.positive()),
  /** The draft the next publish makes current (equal to `prefix` when nothing is pending). */
  draft: z.array(z.string()),
  hasUnpublishedChanges: z.boolean(),
  publishedAt: IsoTimestampSchema,
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type ThreadPrefix = z.infer<typeof ThreadPrefixSchema>;

export const ThreadPrefixVersionSchema = lazySchema(() => z.object({
  version: z.number().check(z.int(), z.positive()),
  prefix: z.array(z.string()),
  publishedAt: IsoTimestampSchema,
  publishedBy: z.string().nullable(),
  /** Set when the version was made by restoring an older one. */
  restoredFrom: z.number().check(z.int(), z.positive()).optional(),
}));
export type ThreadPrefixVersion = z.infer<typeof ThreadPrefixVersionSchema>;
