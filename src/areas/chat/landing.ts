// Landing-page chat, the real protocol (REAL-WIRE section 4; divinci-landing-template src/worker.ts and
// src/lib/upstream-hmac.ts): `POST /ai-chat/anonymous-chat`, no key and no user token, stateless — the
// proxy sends the conversation so far with the server's last signature and gets it back one turn longer.
import { z } from 'zod';
import { EmulatorError, forbidden } from '../../core/errors.js';
import { rateLimitedError, MINUTE_MS, type RateLimiter } from '../../core/rate-limiter.js';
import { defineRoute, type EndUserPrincipal, type RouteDef } from '../../core/route.js';
import {
  AnonymousChatRequestSchema,
  AnonymousChatResponseSchema,
  LandingConversationSchema,
  LandingSessionIdSchema,
  LandingTurnSchema,
  type LandingTurn,
} from '../../types/landing.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import { insufficientFunds, landingSigInvalid, maxMessagesReached, releaseNotFound } from './errors.js';
import type { LandingSettings } from './landing-settings.js';
import { checkLandingRequest, transcriptSignature, transcriptSigned } from './landing-signature.js';
import type { ContextEntry } from './reply-generator.js';
import type { ChatService } from './send.js';
import type { ChatThreadStore, ThreadRecord } from './thread-store.js';
import { CHAT_TAG } from './thread-routes.js';

/** What the landing template's clients cite as the source of this protocol. */
export const LANDING_CLIENT = 'divinci-ai/divinci-landing-template src/worker.ts, src/lib/upstream-hmac.ts; divinci-ai/drfuhrman-ai-landing README.md';

export { LandingSessionIdSchema, LandingTurnSchema, LandingConversationSchema };
export type { LandingTurn };
export const AnonymousChatBodySchema = AnonymousChatRequestSchema;
export const LandingAnswerSchema = AnonymousChatResponseSchema;

export interface LandingDeps {
  releases: ReleaseStore;
  threads: ChatThreadStore;
  chat: ChatService;
  limiter: RateLimiter;
  settings(): LandingSettings;
  now(): number;
}

const WITHDRAWN = new Set(['draft', 'archived', 'deprecated']);

/** A release an anonymous landing visitor may reach: 404 unless published, 403 unless it allows anonymous chat. */
export async function landingRelease(releases: ReleaseStore, releaseId: string): Promise<ReleaseRecord> {
  const release = await releases.get(releaseId);
  if (!release || WITHDRAWN.has(release.status)) throw releaseNotFound();
  if (release.authMode === 'required' || release.config.allowAnonymousChat === false) throw forbidden('This release does not allow anonymous chat');
  return release;
}

/** A retrieved chunk as the landing transcript carries it: `{content, metadata {originalName, sourceUrl, tileImages}}`. */
function sourceOut(c: ContextEntry) {
  return {
    content: c.content,
    metadata: { originalName: c.title ?? c.source ?? '', ...(c.sourceUrl !== undefined && { sourceUrl: c.sourceUrl }), tileImages: [] as { url: string }[] },
  };
}

export interface LandingTurnInput {
  release: ReleaseRecord;
  conversation: z.infer<typeof LandingConversationSchema>;
  /** The visitor: `anon:SESSION` when a session id is known (the subject terms accept records too). */
  visitor: EndUserPrincipal;
  /** Who the per-minute window counts: the session, else the client address. */
  rateKey: string;
  resource: string;
  channel: 'landing' | 'free-chat-gate';
}

/**
 * One stateless turn, after the caller's own credential check: the signed transcript, the release's
 * anonymous cap, the per-minute window, the wallet, then the chat send itself (terms gate, quota,
 * retrieval, reply). With a session id the conversation is kept as one landing thread, append-only.
 */
export async function landingTurn(deps: LandingDeps, input: LandingTurnInput): Promise<{ transcript: LandingTurn[]; signiture: string }> {
  const { release, conversation, visitor } = input;
  const secret = deps.settings().secret;
  const prior = conversation.transcript;
  if (prior.length > 0 && !transcriptSigned(secret, release.id, prior, conversation.prevSigniture)) {
    throw landingSigInvalid('The transcript does not match prevSigniture: send the transcript and signiture the last answer gave', 'transcript');
  }
  const max = release.config.maxAnonymousChatMessages;
  if (typeof max === 'number' && max > 0 && prior.length >= max) throw maxMessagesReached(max);
  const now = deps.now();
  const decision = deps.limiter.hit(`landing:${release.id}:${input.rateKey}`, deps.settings().perMinute, MINUTE_MS, now);
  if (!decision.allowed) throw rateLimitedError(decision, now, 'Too many anonymous chat messages; retry after the window');
  const wallet = release.config.walletBalanceUsd;
  if (typeof wallet === 'number' && wallet <= 0) throw insufficientFunds({ walletBalanceUsd: wallet });

  const session = visitor.anonymousSessionId;
  let thread: ThreadRecord | undefined = session === undefined ? undefined : await deps.threads.findLanding(visitor.subject, release.id);
  thread ??= await deps.threads.create({
    workspaceId: release.workspaceId,
    releaseId: release.id,
    ownerSubject: visitor.subject,
    kind: 'landing',
    transcriptTitle: `Landing-page chat with ${release.name}`,
    visibility: 'private',
    metadata: { channel: input.channel, ...(session !== undefined && { sessionId: session }) },
  });
  let result;
  try {
    result = await deps.chat.send(
      { principal: visitor, thread, release, resource: input.resource, paymentHeader: null },
      { content: conversation.newPrompt, metadata: { channel: input.channel, ...(conversation.language !== undefined && { language: conversation.language }) } },
    );
  } catch (err) {
    // A priced release is paid from its wallet: an anonymous visitor cannot pay, so the wallet is short.
    if (err instanceof EmulatorError && err.code === 'payment_required') throw insufficientFunds(err.details);
    throw err;
  }
  const turn: LandingTurn = { prompt: conversation.newPrompt, response: result.message.content, context: result.context.map(sourceOut) };
  const transcript = [...prior, turn];
  return { transcript, signiture: transcriptSignature(secret, release.id, transcript) };
}

function keyRefused(request: Request): boolean {
  if (request.headers.get('x-api-key') !== null) return true;
  const auth = request.headers.get('authorization');
  return auth !== null && /^bearer\s+svc_/i.test(auth);
}

export function landingRoutes(deps: LandingDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/ai-chat/anonymous-chat',
      tag: CHAT_TAG,
      summary:
        'Landing-page chat (stateless signed transcript). X-Landing-Page-Ts (Unix seconds) and X-Landing-Page-Sig = hex HMAC-SHA256(landing key, `${ts}.${releaseId}.${newPrompt}`), required when the release has requireSignedAnonymousChat; never an API key',
      auth: { kind: 'none' },
      realClient: LANDING_CLIENT,
      body: AnonymousChatBodySchema,
      response: LandingAnswerSchema,
      handler: async ({ body, request, clientIp }) => {
        if (keyRefused(request)) throw forbidden('Anonymous chat never takes an API key: sign requests with the landing-page key instead');
        const release = await landingRelease(deps.releases, body.releaseId);
        const ts = request.headers.get('x-landing-page-ts');
        const sig = request.headers.get('x-landing-page-sig');
        const required = release.config.requireSignedAnonymousChat === true;
        // Unsigned requests pass where the release does not ask for signing; a signature sent is always checked.
        if (required || ts !== null || sig !== null) {
          const settings = deps.settings();
          const check = checkLandingRequest({ secrets: [settings.secret, ...settings.acceptedSecrets], ts, sig, releaseId: release.id, newPrompt: body.newPrompt, nowMs: deps.now() });
          if (check !== 'ok') throw landingSigInvalid(`Landing-page signature refused (${check})`, check);
        }
        const session = body.sessionId;
        const visitor: EndUserPrincipal =
          session === undefined
            ? { kind: 'endUser', via: 'anonymous', subject: `anon:landing-${clientIp}` }
            : { kind: 'endUser', via: 'anonymous', subject: `anon:${session}`, anonymousSessionId: session };
        return landingTurn(deps, {
          release,
          conversation: body,
          visitor,
          rateKey: session ?? `ip:${clientIp}`,
          resource: new URL(request.url).pathname,
          channel: 'landing',
        });
      },
    }),
  ];
}
