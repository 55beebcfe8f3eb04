// Shapes of the service-agent session routes (spec section 4; bodies not shown, so emulator-defined).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { MessageInputSchema } from '../transcripts/public.js';

export const MAX_SYNC_MESSAGES = 5000;

export const SessionTranscriptSchema = lazySchema(() => z
  .strictObject({
    sessionId: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The workspace the session belongs to: required without credentials; with them, one they reach. */
    workspaceId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }));

export const SyncSchema = lazySchema(() => z
  .strictObject({ messages: z.array(MessageInputSchema).max(MAX_SYNC_MESSAGES) }));

export const SessionParamsSchema = lazySchema(() => z.object({ transcriptId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const SessionTranscriptAnswerSchema = lazySchema(() => z.object({
  _id: z.string(),
  sessionId: z.string(),
  title: z.string(),
  messageCount: z.number().int(),
  created: z.boolean(),
}));

export const SyncAnswerSchema = lazySchema(() => z.object({ status: z.literal('ok'), added: z.number().int(), messageCount: z.number().int() }));

export const HealthAnswerSchema = lazySchema(() => z.object({ status: z.literal('ok'), service: z.string(), time: z.string() }));
