// A scenario for the landing-page wire tests: releases for each rule of the real landing protocol
// (signed or not, capped, unfunded, priced, terms-gated, members-only, draft) over one docs collection,
// and what a landing worker does to call them (the HMAC headers, the body it builds).
import { createHmac } from 'node:crypto';

export const LANDING_KEY = 'landing-test-hmac-key-0123456789';
export const LANDING_API_KEY = `svc_${'L'.repeat(87)}`;
export const LANDING_NOW = '2026-05-04T10:00:00.000Z';
export const NOW_SEC = Date.parse(LANDING_NOW) / 1000;

export const landingScenario = {
  name: 'landing',
  seed: 11,
  now: LANDING_NOW,
  users: [{ id: 'u_owner', email: 'owner@acme.example', name: 'Owner' }],
  workspaces: [
    {
      id: 'ws_acme',
      name: 'Acme',
      ownerId: 'u_owner',
      apiKeys: [{ id: 'k_admin', name: 'admin', secret: LANDING_API_KEY }],
      releases: [
        { id: 'rel_open', name: 'Open bot', authMode: 'optional', config: { ragCollectionIds: ['vec_docs'], maxAnonymousChatMessages: 3 } },
        { id: 'rel_signed', name: 'Signed bot', authMode: 'anonymous', config: { ragCollectionIds: ['vec_docs'], requireSignedAnonymousChat: true } },
        { id: 'rel_members', name: 'Members bot', authMode: 'required' },
        { id: 'rel_draft', name: 'Draft bot', status: 'draft', authMode: 'anonymous' },
        { id: 'rel_broke', name: 'Unfunded bot', authMode: 'anonymous', config: { walletBalanceUsd: 0 } },
        {
          id: 'rel_priced',
          name: 'Priced bot',
          authMode: 'anonymous',
          config: { paymentRequired: { amountUsd: 0.05, network: 'base-sepolia', recipient: '0xabc0000000000000000000000000000000000def' } },
        },
        { id: 'rel_terms', name: 'Terms bot', authMode: 'anonymous', config: { ragCollectionIds: ['vec_docs'] } },
        {
          id: 'rel_gate',
          name: 'Gate bot',
          authMode: 'anonymous',
          config: {
            ragCollectionIds: ['vec_docs'],
            welcomeMessages: [{ message: 'Welcome! Ask me about passwords.', language: 'en' }, { message: '¡Bienvenido!', language: 'es' }],
          },
        },
      ],
      rag: {
        targets: [
          {
            id: 'vec_docs',
            title: 'Docs',
            files: [
              {
                id: 'file_reset',
                title: 'Password reset guide',
                sourceUrl: 'https://docs.acme.example/password-reset',
                content: 'To reset your password, open Settings and choose Security. Click Reset password and follow the link we email you.',
              },
            ],
          },
        ],
      },
      terms: [{ id: 'tos_main', releaseId: 'rel_terms', title: 'Medical disclaimer', versions: [{ version: 1, content: 'Not medical advice.' }], publishedVersion: 1 }],
    },
  ],
  settings: { landing: { secret: LANDING_KEY, perMinute: 4, gateMessagesPerDay: 2 } },
};

/** X-Landing-Page-Sig as divinci-landing-template src/lib/upstream-hmac.ts computes it. */
export const landingSig = (key: string, ts: number | string, releaseId: string, newPrompt: string) =>
  createHmac('sha256', key).update(`${ts}.${releaseId}.${newPrompt}`).digest('hex');

export interface LandingCall {
  releaseId: string;
  newPrompt: string;
  prevSigniture?: string;
  transcript?: unknown[];
  language?: string;
  sessionId?: string;
}

/** The request divinci-landing-template src/worker.ts (handleChatSend) sends upstream: no Origin, the HMAC headers when it has a key. */
export function anonymousChatInit(call: LandingCall, sign: { key?: string; ts?: number } | false = {}): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (sign !== false) {
    const ts = sign.ts ?? NOW_SEC;
    headers['X-Landing-Page-Ts'] = String(ts);
    headers['X-Landing-Page-Sig'] = landingSig(sign.key ?? LANDING_KEY, ts, call.releaseId, call.newPrompt);
  }
  return {
    method: 'POST',
    headers,
    body: JSON.stringify({
      releaseId: call.releaseId,
      prevSigniture: call.prevSigniture ?? '',
      newPrompt: call.newPrompt,
      transcript: call.transcript ?? [],
      ...(call.language ? { language: call.language } : {}),
      ...(call.sessionId ? { sessionId: call.sessionId } : {}),
    }),
  };
}
