// Request schemas of the model-edits routes (emulator-defined shapes).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const STATUSES = ['draft', 'queued', 'applying', 'applied', 'failed', 'reverted'] as const;

export const MessageRefSchema = lazySchema(() => z.strictObject({ threadId: Id, messageId: Id }));

export const ModelEditCreateSchema = lazySchema(() => z
  .strictObject({
    /** The release whose answers it corrects (taken from the thread with `messageRef`). */
    releaseId: Id.optional(),
    /** The prompt to correct; or name a chat message with `messageRef`. */
    prompt: Text(4000).optional(),
    /** An assistant message of a chat thread: its prompt and reply become the edit's. */
    messageRef: MessageRefSchema.optional(),
    /** What the release answered; the release's current answer when left out. */
    originalReply: z.string().max(20_000).optional(),
    correctedReply: Text(20_000),
    title: Text(200).optional(),
    /** Apply at once (as POST …/apply). */
    apply: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.prompt === undefined && b.messageRef === undefined) ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'Name a prompt or a messageRef' });
    if (b.prompt !== undefined && b.messageRef !== undefined) ctx.addIssue({ code: 'custom', path: ['messageRef'], message: 'Name a prompt or a messageRef, not both' });
    if (b.messageRef === undefined && b.releaseId === undefined) ctx.addIssue({ code: 'custom', path: ['releaseId'], message: 'Required with a prompt' });
  }));
export type ModelEditCreateInput = z.infer<typeof ModelEditCreateSchema>;

export const ModelEditUpdateSchema = lazySchema(() => z
  .strictObject({
    title: Text(200).optional(),
    prompt: Text(4000).optional(),
    originalReply: z.string().max(20_000).optional(),
    correctedReply: Text(20_000).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Name at least one of title, prompt, originalReply, correctedReply', path: ['correctedReply'] }));

export const ModelEditParamsSchema = lazySchema(() => z.object({ editId: Id }));

export const ModelEditListQuerySchema = lazySchema(() => PageQuerySchema.extend({
  releaseId: Id.optional(),
  status: z.enum(STATUSES).optional(),
}));

/** Which edits an export takes: applied ones by default, `all` for every state. */
const ExportStatus = lazySchema(() => z.enum([...STATUSES, 'all']).default('applied'));

export const ModelEditExportQuerySchema = lazySchema(() => z.object({
  format: z.enum(['jsonl', 'csv']).default('jsonl'),
  releaseId: Id.optional(),
  status: ExportStatus,
}));

export const ExportToTrainingDataSchema = lazySchema(() => z
  .strictObject({
    title: Text(200).optional(),
    releaseId: Id.optional(),
    status: ExportStatus,
    /** Only these edits (of the workspace), in this order. */
    editIds: z.array(Id).min(1).max(1000).optional(),
  }));

export const ModelEditDeletedSchema = lazySchema(() => z.object({ _id: z.string(), deleted: z.literal(true) }));
