// Landing-page chat on the wire, as real public clients send and read it (REAL-WIRE section 4; from
// divinci-landing-template src/worker.ts and ChatIsland.tsx, drfuhrman-ai-landing src/worker-v2.ts): the
// stateless signed transcript (the misspelt `signiture` / `prevSigniture` are the real field names),
// anonymous feedback, the free-chat gate, and the SDK's chat-stream context entry.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** The visitor session id the landing workers mint and clamp: 8 to 128 of [A-Za-z0-9_-]. From real clients. */
export const LandingSessionIdSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, '8 to 128 letters, digits, _ or -'));
export type LandingSessionId = z.infer<typeof LandingSessionIdSchema>;

/** One retrieved source of an exchange: `{content, metadata {originalName, sourceUrl, tileImages}}`. From real clients. */
export const LandingSourceSchema = lazySchema(() => z
  .object({
    content: z.string().optional(),
    metadata: z
      .object({ originalName: z.string().optional(), sourceUrl: z.string().optional(), tileImages: z.array(z.unknown()).optional() })
      .loose()
      .optional(),
  })
  .loose());
export type LandingSource = z.infer<typeof LandingSourceSchema>;

/** A medical-safety note carried on an exchange. From real clients. */
export const LandingSafetyAdvisorySchema = lazySchema(() => z.object({ severity: z.string(), text: z.string(), categories: z.array(z.string()).optional() }).loose());
export type LandingSafetyAdvisory = z.infer<typeof LandingSafetyAdvisorySchema>;

/** One exchange of a signed transcript, as the service returns it and the proxy sends it back. From real clients. */
export const LandingTurnSchema = lazySchema(() => z
  .object({
    prompt: z.string(),
    response: z.string(),
    context: z.array(LandingSourceSchema).optional(),
    safetyAdvisory: LandingSafetyAdvisorySchema.optional(),
  })
  .loose());
export type LandingTurn = z.infer<typeof LandingTurnSchema>;

/** The conversation so far, its last signature, and the new prompt. From real clients. */
export const LandingConversationSchema = lazySchema(() => z.object({
  prevSigniture: z.string().max(200).default(''),
  newPrompt: z
    .string()
    .max(100_000)
    .refine((s) => s.trim().length > 0, { message: 'newPrompt must not be empty' }),
  transcript: z.array(LandingTurnSchema).max(1000).default([]),
  language: z.string().check(z.minLength(1), z.maxLength(35)).optional(),
  sessionId: LandingSessionIdSchema.optional(),
}));
export type LandingConversation = z.input<typeof LandingConversationSchema>;

/** Body of `POST /ai-chat/anonymous-chat`. From real clients. */
export const AnonymousChatRequestSchema = lazySchema(() => LandingConversationSchema.extend({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export type AnonymousChatRequest = z.input<typeof AnonymousChatRequestSchema>;

/** Answer of an anonymous-chat turn: the transcript one exchange longer and the server's signature of it. From real clients. */
export const AnonymousChatResponseSchema = lazySchema(() => z.object({ transcript: z.array(LandingTurnSchema), signiture: z.string() }));
export type AnonymousChatResponse = z.infer<typeof AnonymousChatResponseSchema>;

/** Body of `POST /ai-chat/anonymous-feedback`: a vote or note (≤ 2000 characters) on one exchange. From real clients. */
export const AnonymousFeedbackRequestSchema = lazySchema(() => z
  .object({
    releaseId: z.string().check(z.minLength(1), z.maxLength(200)),
    transcript: z.array(LandingTurnSchema).min(1).max(1000),
    signiture: z.string().check(z.minLength(1), z.maxLength(200)),
    messageIndex: z.number().check(z.int(), z.nonnegative()),
    sentiment: z.union([z.literal(-1), z.literal(1)]).optional(),
    feedback: z.string().max(2000).optional(),
    email: z.string().max(254).optional(),
    sessionId: LandingSessionIdSchema.optional(),
  })
  .refine((v) => v.sentiment !== undefined || v.feedback !== undefined, { message: 'Send sentiment (-1 or 1) or feedback', path: ['sentiment'] }));
export type AnonymousFeedbackRequest = z.infer<typeof AnonymousFeedbackRequestSchema>;

/** Answer of `GET /ai-chat/free-chat-gate/welcome`. From real clients. */
export const FreeChatGateWelcomeSchema = lazySchema(() => z.object({ messages: z.array(z.object({ message: z.string() })) }));
export type FreeChatGateWelcome = z.infer<typeof FreeChatGateWelcomeSchema>;

/** Body of `POST /ai-chat/free-chat-gate/start`. From real clients. */
export const FreeChatGateStartRequestSchema = lazySchema(() => z.object({
  releaseId: z.string().check(z.minLength(1), z.maxLength(200)),
  email: z.email().max(254),
  turnstileToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  redirectTo: z.url({ protocol: /^https?$/ }).max(2000),
}));
export type FreeChatGateStartRequest = z.infer<typeof FreeChatGateStartRequestSchema>;

/** Answer of a gate start. From real clients. */
export const FreeChatGateStartResponseSchema = lazySchema(() => z.object({ status: z.literal('sent'), mode: z.string(), nextStep: z.literal('link') }));
export type FreeChatGateStartResponse = z.infer<typeof FreeChatGateStartResponseSchema>;

/** Body of `POST /ai-chat/free-chat-gate/chat-send`: the verified token names the release. From real clients. */
export const FreeChatGateChatSendRequestSchema = lazySchema(() => LandingConversationSchema.extend({ token: z.string().check(z.minLength(1), z.maxLength(1000)) }));
export type FreeChatGateChatSendRequest = z.input<typeof FreeChatGateChatSendRequestSchema>;

/** Answer of a gate chat-send: an anonymous-chat answer and the day's remaining messages. From real clients. */
export const FreeChatGateChatSendResponseSchema = lazySchema(() => AnonymousChatResponseSchema.extend({ remaining: z.number().check(z.int(), z.nonnegative()) }));
export type FreeChatGateChatSendResponse = z.infer<typeof FreeChatGateChatSendResponseSchema>;

/** Body of `POST /white-label-release/{id}/terms-of-service/accept` (no headers). From real clients. */
export const ReleaseTermsAcceptRequestSchema = lazySchema(() => z.object({
  tosId: z.string().min(1),
  version: z.number().check(z.int(), z.positive()),
  anonymousSessionId: z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, '8 to 128 letters, digits, _ . : -'),
}));
export type ReleaseTermsAcceptRequest = z.infer<typeof ReleaseTermsAcceptRequestSchema>;

/** One entry of the chat stream's `context` event: `{vectorId, content, metadata {originalName, …}, score}` (https://sdk.divinci.ai/client/rag/). */
export const StreamContextEntrySchema = lazySchema(() => z.object({
  vectorId: z.string().nullable(),
  content: z.string(),
  metadata: z
    .object({ originalName: z.string(), sourceUrl: z.string().optional(), fileId: z.string().nullable(), source: z.string().nullable() })
    .loose(),
  score: z.number().nullable(),
}));
export type StreamContextEntry = z.infer<typeof StreamContextEntrySchema>;
