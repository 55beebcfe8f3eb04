// The HMACs of landing-page chat: the proxy's `X-Landing-Page-Sig` over `${ts}.${releaseId}.${newPrompt}`,
// the server's `signiture` over a returned transcript, and the free-chat gate's signed tokens.
import { hmacSha256Hex as hmacHex, sameText } from '../../security/hash.js';

/** How far `X-Landing-Page-Ts` may be from the emulator clock, either way (seconds). */
export const LANDING_WINDOW_SEC = 300;

/** The value a landing proxy sends in `X-Landing-Page-Sig`. */
export const landingRequestSignature = (secret: string, ts: string, releaseId: string, newPrompt: string): string =>
  hmacHex(secret, `${ts}.${releaseId}.${newPrompt}`);

export type LandingSigCheck = 'ok' | 'missing' | 'bad_ts' | 'expired' | 'bad_sig';

/** Checks the proxy's headers against every accepted key, on the emulator clock. */
export function checkLandingRequest(input: {
  secrets: string[];
  ts: string | null;
  sig: string | null;
  releaseId: string;
  newPrompt: string;
  nowMs: number;
}): LandingSigCheck {
  const { ts, sig } = input;
  if (ts === null || sig === null || ts === '' || sig === '') return 'missing';
  if (!/^\d{1,15}$/.test(ts) || Number(ts) <= 0) return 'bad_ts';
  if (Math.abs(Math.floor(input.nowMs / 1000) - Number(ts)) > LANDING_WINDOW_SEC) return 'expired';
  const given = sig.toLowerCase();
  return input.secrets.some((s) => sameText(given, landingRequestSignature(s, ts, input.releaseId, input.newPrompt))) ? 'ok' : 'bad_sig';
}

/** JSON with object keys sorted at every level: the same transcript signs the same however it was re-serialized. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The server's `signiture` over a whole returned transcript of one release. */
export const transcriptSignature = (secret: string, releaseId: string, transcript: unknown[]): string =>
  hmacHex(secret, `transcript.${releaseId}.${canonicalJson(transcript)}`);

/** True when `signiture` is the server's signature of exactly this transcript. */
export const transcriptSigned = (secret: string, releaseId: string, transcript: unknown[], signiture: string): boolean =>
  sameText(signiture.toLowerCase(), transcriptSignature(secret, releaseId, transcript));

export type GateTokenKind = 'link' | 'verified';

export interface GateToken {
  releaseId: string;
  emailHash: string;
  /** Unix seconds. */
  exp: number;
}

/** A free-chat gate token, `releaseId.emailHash.exp.sig` (the shape the landing worker's tests show). */
export function signGateToken(secret: string, kind: GateTokenKind, token: GateToken): string {
  const body = `${token.releaseId}.${token.emailHash}.${token.exp}`;
  return `${body}.${hmacHex(secret, `free-chat-gate.${kind}.${body}`)}`;
}

/** The token's claims when its signature and lifetime hold; `undefined` otherwise. */
export function readGateToken(secret: string, kind: GateTokenKind, text: string, nowMs: number): GateToken | undefined {
  const parts = text.split('.');
  if (parts.length < 4) return undefined;
  const sig = parts.pop() as string;
  const exp = Number(parts.pop());
  const emailHash = parts.pop() as string;
  const releaseId = parts.join('.');
  const body = `${releaseId}.${emailHash}.${exp}`;
  if (!Number.isInteger(exp) || !sameText(sig.toLowerCase(), hmacHex(secret, `free-chat-gate.${kind}.${body}`))) return undefined;
  if (exp * 1000 <= nowMs) return undefined;
  return { releaseId, emailHash, exp };
}
