// The model-edits area's records (emulator-defined; the spec names the tag only): corrections of a
// release's answers that, once applied by a clock job, chat answers with. Document-style (`_id`).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from './common.js';

/** draft → (apply) queued → applying → applied | failed; applied → (revert) reverted. */
export const ModelEditStatusSchema = lazySchema(() => z.enum(['draft', 'queued', 'applying', 'applied', 'failed', 'reverted']));
export type ModelEditStatus = z.infer<typeof ModelEditStatusSchema>;

export const ModelEditSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  workspaceId: IdSchema,
  releaseId: IdSchema,
  title: z.string(),
  prompt: z.string(),
  /** What the release answered (or was said to answer) before the correction. */
  originalReply: z.string().nullable(),
  correctedReply: z.string(),
  /** The chat message the edit corrects, when it was made from one. */
  messageRef: z.object({ threadId: IdSchema, messageId: IdSchema }).optional(),
  status: ModelEditStatusSchema,
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  appliedAt: IsoTimestampSchema.optional(),
  revertedAt: IsoTimestampSchema.optional(),
}));
export type ModelEdit = z.infer<typeof ModelEditSchema>;
