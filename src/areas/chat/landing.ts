// Landing-page chat (spec section 5): no key and no user token, but a shared HMAC signed by the
// customer's server-side proxy. An API key on this route is always refused.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { forbidden, notFound, unauthorized, validationError } from '../../core/errors.js';
import { defineRoute, type EndUserPrincipal, type RouteDef } from '../../core/route.js';
import { parseWith } from '../../core/validation.js';
import type { ReleaseStore } from '../releases/store.js';
import { releaseArchived, threadNotFound } from './errors.js';
import { chatResponse } from './message-routes.js';
import { SendMessageSchema } from './schema.js';
import type { ChatService } from './send.js';
import { chatStreamResponse } from './streaming.js';
import type { ChatThreadStore } from './thread-store.js';
import { threadOut } from './thread-store.js';
import { CHAT_TAG } from './thread-routes.js';

/** How far the signed timestamp may be from the emulator clock, either way. */
export const LANDING_MAX_SKEW_MS = 5 * 60_000;

const LandingBodySchema = SendMessageSchema.omit({ override: true, assistantName: true }).extend({
  sessionId: z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, '8 to 128 letters, digits, _ . : -'),
  threadId: z.string().min(1).max(200).optional(),
});

/** The signature a proxy sends: hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the release's secret. */
export function landingSignature(secret: string, timestamp: string, rawBody: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${timestamp}.${rawBody}`)));
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface LandingDeps {
  releases: ReleaseStore;
  threads: ChatThreadStore;
  chat: ChatService;
  now(): number;
}

export function landingRoutes(deps: LandingDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/chat/landing/:releaseId',
      tag: CHAT_TAG,
      summary:
        'Landing-page chat through a server-side proxy: x-landing-timestamp (Unix seconds) and x-landing-signature = hex HMAC-SHA256(config.landingSecret, timestamp + "." + body); never an API key',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: LandingBodySchema, mediaTypes: ['application/json'] },
      params: z.object({ releaseId: z.string().min(1).max(200) }),
      handler: async ({ params, request }) => {
        if (request.headers.get('x-api-key') !== null) throw forbidden('Landing-page chat never takes an API key; sign requests on your server instead');
        const release = await deps.releases.get(params.releaseId);
        if (!release) throw notFound('Release');
        const secret = release.config.landingSecret;
        if (typeof secret !== 'string' || secret.length === 0) throw forbidden('Landing-page chat is not enabled for this release');
        if (release.status === 'archived') throw releaseArchived();
        const timestamp = request.headers.get('x-landing-timestamp');
        const signature = request.headers.get('x-landing-signature');
        if (!timestamp || !signature) throw unauthorized('Landing-page chat needs x-landing-timestamp and x-landing-signature');
        if (!/^\d{1,15}$/.test(timestamp) || Math.abs(deps.now() - Number(timestamp) * 1000) > LANDING_MAX_SKEW_MS) {
          throw unauthorized('Stale or malformed x-landing-timestamp: it must be within 5 minutes of now (Unix seconds)');
        }
        const raw = await request.text();
        if (!sameText(signature.toLowerCase(), landingSignature(secret, timestamp, raw))) throw unauthorized('Invalid landing-page signature');
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw validationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
        }
        const body = parseWith(LandingBodySchema, parsed, 'body');
        const visitor: EndUserPrincipal = { kind: 'endUser', via: 'anonymous', subject: `landing:${release.id}:${body.sessionId}`, anonymousSessionId: body.sessionId };
        let thread;
        if (body.threadId !== undefined) {
          thread = await deps.threads.get(body.threadId);
          if (!thread || thread.kind !== 'landing' || thread.ownerSubject !== visitor.subject) throw threadNotFound();
        } else {
          thread = await deps.threads.create({
            workspaceId: release.workspaceId,
            releaseId: release.id,
            ownerSubject: visitor.subject,
            kind: 'landing',
            transcriptTitle: `Landing-page chat with ${release.name}`,
            visibility: 'private',
            metadata: { channel: 'landing' },
          });
        }
        const result = await deps.chat.send({ principal: visitor, thread, release, resource: new URL(request.url).pathname, paymentHeader: request.headers.get('x-payment') }, body);
        if (body.stream) return chatStreamResponse(thread.id, result);
        return { thread: threadOut((await deps.threads.get(thread.id))!), ...chatResponse(result) };
      },
    }),
  ];
}
