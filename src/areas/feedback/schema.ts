// Message feedback shapes: the end user's thumbs (and note) on a reply, and the spec's admin read
// surface record (section 2 "Feedback record").
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { IdSchema } from '../../types/common.js';
import { FeedbackRecordSchema, FeedbackSentimentSchema } from '../../types/feedback.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const MAX_FEEDBACK_CHARS = 5000;
export const MAX_PROMPT_CHARS = 20_000;
/** responseExcerpt keeps this many characters of the reply. */
export const EXCERPT_CHARS = 300;

export const CreateFeedbackSchema = lazySchema(() => z
  .strictObject({
    releaseId: IdSchema.max(200),
    /** A server message id, or an anonymous index reference (e.g. `anon:3`). */
    messageRef: z.string().check(z.minLength(1), z.maxLength(500)),
    /** -1, 1, or null (the vote withdrawn). */
    sentiment: FeedbackSentimentSchema,
    feedback: z.string().max(MAX_FEEDBACK_CHARS).optional(),
    chatId: IdSchema.max(200).optional(),
    /**
     * The prompt and reply the feedback is about (emulator-defined): the emulator does not look
     * messages up, so a client that wants them on the read surface sends them.
     */
    userPrompt: z.string().max(MAX_PROMPT_CHARS).optional(),
    responseExcerpt: z.string().max(MAX_PROMPT_CHARS).optional(),
  }));
export type CreateFeedbackInput = z.infer<typeof CreateFeedbackSchema>;

const BooleanText = lazySchema(() => z.enum(['true', 'false']).transform((v) => v === 'true'));

export const FeedbackListQuerySchema = lazySchema(() => PageQuerySchema.extend({
  releaseId: IdSchema.max(200).optional(),
  isRead: BooleanText.optional(),
}));
export type FeedbackListQuery = z.infer<typeof FeedbackListQuerySchema>;

export const FeedbackParamsSchema = lazySchema(() => z.object({ feedbackId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const FeedbackAnswerSchema = FeedbackRecordSchema;
export const FeedbackListSchema = lazySchema(() => pageSchema(FeedbackRecordSchema));
