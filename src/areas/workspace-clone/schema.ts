// Workspace clone job shapes (emulator-defined; the spec names the command but not its states).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { WorkspaceNameSchema } from '../workspaces/public.js';

export const CLONE_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type CloneStatus = (typeof CLONE_STATUSES)[number];

/** A clone job starts running this long after it is queued, and completes this long after queuing. */
export const CLONE_RUNNING_AFTER_MS = 500;
export const CLONE_COMPLETED_AFTER_MS = 2000;

const VectorIds = lazySchema(() => z.union([
  z.array(z.string().check(z.minLength(1), z.maxLength(200))).max(100),
  // The command line passes a comma-separated list.
  z
    .string()
    .max(10_000)
    .transform((text) => text.split(',').map((id) => id.trim()).filter((id) => id.length > 0)),
]));

export const CloneWorkspaceSchema = lazySchema(() => z
  .strictObject({
    name: WorkspaceNameSchema.optional(),
    /** The command line's `--title`. */
    title: WorkspaceNameSchema.optional(),
    ragVectorIds: VectorIds.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.name === undefined && value.title === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Required (or title)' });
  }));
export type CloneWorkspaceInput = z.infer<typeof CloneWorkspaceSchema>;

export const WorkspaceParamsSchema = lazySchema(() => z.object({ workspaceId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const JobParamsSchema = lazySchema(() => z.object({ jobId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const WorkspaceJobParamsSchema = lazySchema(() => WorkspaceParamsSchema.extend({ jobId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const CloneJobSchema = lazySchema(() => z.object({
  jobId: z.string(),
  status: z.enum(CLONE_STATUSES),
  sourceWorkspaceId: z.string(),
  workspaceId: z.string().optional(),
  name: z.string(),
  ragVectorIds: z.array(z.string()),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}));
export type CloneJob = z.infer<typeof CloneJobSchema>;
