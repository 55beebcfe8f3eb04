// Request shapes of the releases part of the workspace mount `/white-label/{ws}/…` (REAL-WIRE
// section 8; demo-pipeline release-chat-resources.ts, landing.ts): the release update that takes a
// whole release read back, and the chat resources releases point at.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { UpdateReleaseSchema } from './schema.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
export const MountParamsSchema = lazySchema(() => z.object({ workspaceId: Id }));
export const MountReleaseParamsSchema = lazySchema(() => z.object({ workspaceId: Id, releaseId: Id }));

/** Fields a release answer carries that a write never sets: dropped from an echoed body. */
const READ_ONLY = new Set(['id', 'workspaceId', 'status', 'metadata', 'deprecatedAt', 'whitelabel', 'target', 'createdAt', 'updatedAt', '__v']);

/**
 * The mount's update takes the whole release as read and echoed back (GET-merge-POST): the
 * fields the emulator knows are checked as a PATCH checks them; read-only and unknown keys
 * (settings of the real service the emulator does not model) are dropped, not refused.
 */
export const MountUpdateSchema = lazySchema(() => {
  const updateKeys = new Set(Object.keys(UpdateReleaseSchema.shape));
  return z.preprocess((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).filter(([key]) => updateKeys.has(key) && !READ_ONLY.has(key)));
  }, UpdateReleaseSchema);
});

const Line = lazySchema(() => z.string().check(z.trim(), z.minLength(1, 'Must not be empty'), z.maxLength(500)));

/** 1–3 non-empty strings; more than 3 is refused outright (release-chat-resources.ts). */
export const StarterCreateSchema = lazySchema(() => z.strictObject({ starters: z.array(Line).min(1).max(3) }));
/** `active` defaults to false: an inactive welcome message does not render. */
export const WelcomeCreateSchema = lazySchema(() => z.strictObject({ message: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)), active: z.boolean().default(false) }));
/** A message prefix is ONE string (a thread prefix is an array). */
export const MessagePrefixCreateSchema = lazySchema(() => z.strictObject({ prefix: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)), isActive: z.boolean().default(true) }));
