// The free-chat gate (REAL-WIRE section 4; drfuhrman-ai-landing src/worker-v2.ts and its tests):
// welcome messages, a magic link mailed on start (to the emulator's mailbox, never out), the link's
// verify with its 302, and chat-send with the verified token — the release comes from the signed token.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { EmulatorError, validationError } from '../../core/errors.js';
import { DAY_MS, rateLimitHeaders } from '../../core/rate-limiter.js';
import { defineRoute, type EndUserPrincipal, type RouteDef } from '../../core/route.js';
import {
  FreeChatGateChatSendRequestSchema as GateChatSendSchema,
  FreeChatGateChatSendResponseSchema as GateChatAnswerSchema,
  FreeChatGateStartRequestSchema as GateStartSchema,
  FreeChatGateStartResponseSchema as GateStartAnswerSchema,
  FreeChatGateWelcomeSchema as WelcomeAnswerSchema,
} from '../../types/landing.js';
import { landingRelease, landingTurn, type LandingDeps } from './landing.js';
import { readGateToken, signGateToken } from './landing-signature.js';
import { sha256Hex } from '../../security/hash.js';
import { CHAT_TAG } from './thread-routes.js';

export const GATE_CLIENT = 'divinci-ai/drfuhrman-ai-landing src/worker-v2.ts, src/worker-v2.test.ts';
/** The one gate mode the emulator serves (what the drfuhrman release is configured with). */
export const GATE_MODE = 'captcha+magic-link';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface GateDeps extends LandingDeps {
  /** Hands a mail to the emulator's mailbox (control API `/__emulator/mailbox`). */
  sendMail(mail: OutgoingMail): void;
}

export const WelcomeQuerySchema = lazySchema(() => z.object({ releaseId: z.string().min(1).max(200), language: z.string().min(1).max(35).optional() }));
export const GateVerifyQuerySchema = lazySchema(() => z.object({ token: z.string().min(1).max(1000), redirectTo: z.url({ protocol: /^https?$/ }).max(2000).optional() }));

/** The same address however it is cased or padded: one quota per mailbox. */
const emailHashOf = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);

/** Welcome messages of a release: `config.welcomeMessages` (strings or `{message, language?}`) or `config.welcomeMessage`. */
function welcomeMessages(config: Record<string, unknown>, language: string | undefined): { message: string }[] {
  const raw = Array.isArray(config.welcomeMessages) ? config.welcomeMessages : typeof config.welcomeMessage === 'string' ? [config.welcomeMessage] : [];
  const wanted = language?.toLowerCase().split('-')[0];
  const out: { message: string }[] = [];
  for (const item of raw) {
    if (typeof item === 'string') out.push({ message: item });
    else if (item !== null && typeof item === 'object' && typeof (item as { message?: unknown }).message === 'string') {
      const lang = (item as { language?: unknown }).language;
      if (typeof lang === 'string' && wanted !== undefined && lang.toLowerCase().split('-')[0] !== wanted) continue;
      out.push({ message: (item as { message: string }).message });
    }
  }
  return out;
}

export function freeChatGateRoutes(deps: GateDeps): RouteDef[] {
  const ttlMs = () => deps.settings().gateTokenTtlSec * 1000;
  return [
    defineRoute({
      method: 'GET',
      path: '/ai-chat/free-chat-gate/welcome',
      tag: CHAT_TAG,
      summary: 'The release’s welcome messages for a language: {messages: [{message}]} (empty when none)',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/divinci-landing-template src/worker.ts (handleWelcome)',
      query: WelcomeQuerySchema,
      response: WelcomeAnswerSchema,
      handler: async ({ query }) => {
        const release = await landingRelease(deps.releases, query.releaseId);
        return { messages: welcomeMessages(release.config, query.language) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/ai-chat/free-chat-gate/start',
      tag: CHAT_TAG,
      summary: 'Start the gate: checks the Turnstile token and mails a magic link (read it at /__emulator/mailbox)',
      auth: { kind: 'none' },
      realClient: GATE_CLIENT,
      body: GateStartSchema,
      response: GateStartAnswerSchema,
      handler: async ({ body, request }) => {
        const release = await landingRelease(deps.releases, body.releaseId);
        const exp = Math.floor((deps.now() + ttlMs()) / 1000);
        const token = signGateToken(deps.settings().secret, 'link', { releaseId: release.id, emailHash: emailHashOf(body.email), exp });
        const verify = new URL('/ai-chat/free-chat-gate/verify', new URL(request.url).origin);
        verify.searchParams.set('token', token);
        verify.searchParams.set('redirectTo', body.redirectTo);
        const link = verify.toString();
        deps.sendMail({
          to: body.email,
          subject: `Confirm your email — ${release.name}`,
          text: `Confirm your email to keep chatting with ${release.name}:\n\n${link}\n\nThe link works for ${Math.round(deps.settings().gateTokenTtlSec / 3600)} hours.`,
          links: [link],
        });
        return { status: 'sent' as const, mode: GATE_MODE, nextStep: 'link' as const };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/ai-chat/free-chat-gate/verify',
      tag: CHAT_TAG,
      summary:
        'The magic link: 302 to redirectTo with the verified token added as `token` (emulator-defined placement); without redirectTo, a 200 page that shows the verified token (emulator-defined)',
      auth: { kind: 'none' },
      realClient: GATE_CLIENT,
      query: GateVerifyQuerySchema,
      status: 302,
      handler: async ({ query }) => {
        const secret = deps.settings().secret;
        const link = readGateToken(secret, 'link', query.token, deps.now());
        if (!link) throw validationError('Invalid or expired verification link', [{ path: 'query.token', message: 'Not a live link token of this service' }]);
        await landingRelease(deps.releases, link.releaseId);
        const verified = signGateToken(secret, 'verified', { ...link, exp: Math.floor((deps.now() + ttlMs()) / 1000) });
        if (query.redirectTo === undefined) return verifiedPage(verified);
        const target = new URL(query.redirectTo);
        target.searchParams.set('token', verified);
        return new Response(null, { status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/ai-chat/free-chat-gate/chat-send',
      tag: CHAT_TAG,
      summary: 'One anonymous-chat turn for a verified visitor: the verified token in the body names the release; a daily budget per email',
      auth: { kind: 'none' },
      realClient: GATE_CLIENT,
      body: GateChatSendSchema,
      response: GateChatAnswerSchema,
      handler: async ({ body, request }) => {
        const now = deps.now();
        const claims = readGateToken(deps.settings().secret, 'verified', body.token, now);
        if (!claims) throw new EmulatorError('FORBIDDEN', 'Invalid or expired verified token: follow the emailed link again');
        const release = await landingRelease(deps.releases, claims.releaseId);
        const perDay = deps.settings().gateMessagesPerDay;
        const decision = deps.limiter.hit(`free-chat-gate:${release.id}:${claims.emailHash}`, perDay, DAY_MS, now);
        if (!decision.allowed) {
          const retryAfter = Math.max(0, Math.ceil((decision.resetAt - now) / 1000));
          throw new EmulatorError(
            'QUOTA_EXCEEDED',
            `You've used your ${perDay} verified messages for the day`,
            { type: 'daily_quota_exceeded', limit: perDay, remaining: 0, resetAt: Math.ceil(decision.resetAt / 1000), retryAfter },
            rateLimitHeaders(decision, now),
          );
        }
        const session = body.sessionId;
        const visitor: EndUserPrincipal =
          session === undefined
            ? { kind: 'endUser', via: 'anonymous', subject: `anon:fcg-${claims.emailHash}` }
            : { kind: 'endUser', via: 'anonymous', subject: `anon:${session}`, anonymousSessionId: session };
        const answer = await landingTurn(deps, {
          release,
          conversation: body,
          visitor,
          rateKey: session ?? `fcg:${claims.emailHash}`,
          resource: new URL(request.url).pathname,
          channel: 'free-chat-gate',
        });
        return { ...answer, remaining: decision.remaining };
      },
    }),
  ];
}

/** The page a person sees when they open a link that names no page to go back to. */
function verifiedPage(token: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email verified</title></head>
<body><h1>Email verified</h1><p>Go back to the chat; it continues with this verified token:</p><pre id="token">${token.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</pre></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
