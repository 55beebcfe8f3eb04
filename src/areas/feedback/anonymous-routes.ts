// Feedback from landing-page visitors (REAL-WIRE section 4; divinci-landing-template src/worker.ts
// handleChatFeedback): authenticated by the signed transcript, it lands in the admin read surface
// with `source: "anonymous"` and `messageRef` = the index of the exchange in that transcript.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import { landingSigInvalid } from '../chat/public.js';
import { AnonymousFeedbackRequestSchema } from '../../types/landing.js';
import { LANDING_CLIENT, landingRelease } from '../chat/public.js';
import type { LandingSettings } from '../chat/public.js';
import { transcriptSigned } from '../chat/public.js';
import { sha256Hex } from '../../security/hash.js';
import type { ChatThreadStore } from '../chat/public.js';
import type { ReleaseStore } from '../releases/public.js';
import type { FeedbackStore } from './store.js';

export const AnonymousFeedbackSchema = AnonymousFeedbackRequestSchema;

export const AnonymousFeedbackAnswerSchema = lazySchema(() => z.object({ ok: z.literal(true), id: z.string(), created: z.boolean() }));

export interface AnonymousFeedbackDeps {
  store: FeedbackStore;
  releases: ReleaseStore;
  threads: ChatThreadStore;
  settings(): LandingSettings;
}

export function anonymousFeedbackRoutes(deps: AnonymousFeedbackDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/ai-chat/anonymous-feedback',
      tag: 'feedback',
      summary: 'A landing visitor’s thumbs or note on one exchange of their signed transcript; shows in the feedback admin surface as anonymous',
      auth: { kind: 'none' },
      realClient: LANDING_CLIENT,
      body: AnonymousFeedbackSchema,
      response: AnonymousFeedbackAnswerSchema,
      handler: async ({ body }) => {
        const release = await landingRelease(deps.releases, body.releaseId);
        if (!transcriptSigned(deps.settings().secret, release.id, body.transcript, body.signiture)) {
          throw landingSigInvalid('The transcript does not match its signiture', 'transcript');
        }
        const turn = body.transcript[body.messageIndex];
        if (!turn) throw validationError('Invalid body', [{ path: 'body.messageIndex', message: `The transcript has ${body.transcript.length} exchanges` }]);
        // One vote per visitor and exchange: the session when known, else the conversation's own signature.
        const subject = body.sessionId !== undefined ? `anon:${body.sessionId}` : `anon:transcript-${sha256Hex(body.signiture).slice(0, 32)}`;
        const thread = body.sessionId !== undefined ? await deps.threads.findLanding(subject, release.id) : undefined;
        const { record, created } = await deps.store.upsert({
          workspaceId: release.workspaceId,
          releaseId: release.id,
          messageRef: String(body.messageIndex),
          subject,
          sentiment: body.sentiment ?? null,
          ...(body.feedback !== undefined && { feedback: body.feedback }),
          source: 'anonymous',
          ...(thread && { chatId: thread.id }),
          userPrompt: turn.prompt,
          responseExcerpt: turn.response,
          userId: null,
          email: body.email ?? null,
        });
        return { ok: true as const, id: record.id, created };
      },
    }),
  ];
}
