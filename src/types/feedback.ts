// Feedback (spec section 2): the message feedback record of the admin read surface.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { EpochMsSchema, IdSchema } from './common.js';

/** Thumbs down, thumbs up, or no sentiment. */
export const FeedbackSentimentSchema = lazySchema(() => z.union([z.literal(-1), z.literal(1)]).nullable());
export type FeedbackSentiment = z.infer<typeof FeedbackSentimentSchema>;

export const FeedbackSourceSchema = lazySchema(() => z.enum(['authed', 'anonymous']));
export type FeedbackSource = z.infer<typeof FeedbackSourceSchema>;

export const FeedbackRecordSchema = lazySchema(() => z.object({
  id: IdSchema,
  releaseId: IdSchema,
  /** A server message id, or an anonymous index reference. */
  messageRef: z.string().min(1),
  sentiment: FeedbackSentimentSchema,
  /** Free text. */
  feedback: z.string().optional(),
  source: FeedbackSourceSchema,
  createdAt: EpochMsSchema,
  isRead: z.boolean(),
  // Joined context; null or absent when unknown (e.g. anonymous feedback has no user).
  releaseTitle: z.string().nullable().optional(),
  chatId: z.string().nullable().optional(),
  userPrompt: z.string().nullable().optional(),
  responseExcerpt: z.string().nullable().optional(),
  userId: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  threadLink: z.string().nullable().optional(),
}));
export type FeedbackRecord = z.infer<typeof FeedbackRecordSchema>;
