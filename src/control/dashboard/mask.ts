// Secrets out of journaled requests and answers before anyone reads them: credential headers,
// secret-named fields of JSON and form bodies, and anything shaped like a JWT or an API key secret.
// Run on first read of an entry (never on the request's hot path); the masked copy replaces the raw.
import { LightHeaders } from '../../core/light-headers.js';

/** A body as the journal keeps it: the first `JOURNAL_BODY_LIMIT` characters of text, or a note. */
export interface CapturedBody {
  contentType: string | null;
  /** The text (possibly cut at the limit); null when not kept (see `note`). */
  text: string | null;
  truncated: boolean;
  /** Why no text was kept: none, binary, large upload, not read. */
  note?: string;
}

/**
 * Headers as recorded: a real Headers object, or a flat name, value, name, value... list (a light
 * answer's `flat()`, the HTTP door's raw request headers), read as a LightHeaders made from it.
 * Copied to pairs only when the entry is read.
 */
export type RecordedHeaders = Pick<Headers, 'forEach'> | readonly string[];

export interface Exchange {
  requestHeaders: RecordedHeaders;
  requestBody: CapturedBody;
  responseHeaders: RecordedHeaders;
  responseBody: CapturedBody;
  /** Set while a streamed answer is still being copied. */
  pending?: Promise<void>;
}

export interface MaskedExchange {
  masked: true;
  requestHeaders: [string, string][];
  requestBody: CapturedBody;
  responseHeaders: [string, string][];
  responseBody: CapturedBody;
}

export const MASK = '[masked]';

function isFlat(headers: RecordedHeaders): headers is readonly string[] {
  return Array.isArray(headers);
}

/** Headers that carry a credential whatever their value looks like. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-payment',
  'x-emulator-signature',
  'x-hub-signature-256',
]);
/** Header names that say what they hold (`x-…-token`, `x-…-secret`, `x-…-signature`). */
const SECRET_HEADER_NAME = /(token|secret|signature|password|api-?key)$/i;

/**
 * Field names whose string values are secrets: the name, lower-cased without `_`/`-`, ends in one
 * of these. `tokenCount`, `prompt_tokens` or `maxTokensPerMessage` do not end so and stay visible.
 */
const SECRET_FIELD_ENDINGS = ['password', 'passwd', 'secret', 'token', 'apikey', 'authorization', 'signature', 'signiture', 'verifier', 'privatekey', 'credential', 'credentials', 'cookie'];
/** Exact field names that are secrets without saying so (the payment header, a raw key, a JWT bearer grant). */
const SECRET_FIELDS = new Set(['key', 'xpayment', 'assertion']);
/** In form bodies (OAuth) `code` is the authorization code; in JSON it is an error code, kept. */
const SECRET_FORM_FIELDS = new Set(['code']);

function isSecretField(name: string): boolean {
  const flat = name.toLowerCase().replace(/[_\-\s]/g, '');
  return SECRET_FIELDS.has(flat) || SECRET_FIELD_ENDINGS.some((end) => flat.endsWith(end));
}

/** JWTs (three base64url parts, the first a JSON header) and key secrets the emulator mints. */
const SECRET_VALUES = [/eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, /\b(svc|sk|pk|rk|whsec|dvn)_[A-Za-z0-9_]{12,}\b/g];

function maskValues(text: string): string {
  let out = text;
  for (const pattern of SECRET_VALUES) out = out.replace(pattern, MASK);
  return out;
}

function maskJsonValue(value: unknown, secret: boolean): unknown {
  if (typeof value === 'string') return secret ? MASK : maskValues(value);
  if (Array.isArray(value)) return value.map((v) => maskJsonValue(v, secret));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskJsonValue(v, isSecretField(k))]));
  }
  return value;
}

/**
 * Secret-named fields masked in JSON (when it parses whole), in form bodies, and by name in any
 * other text (`"password":"…"` of a cut JSON, `secret=…`); secret-shaped values masked everywhere.
 */
export function maskText(text: string, contentType: string | null): string {
  const type = (contentType ?? '').toLowerCase();
  if (/json/.test(type)) {
    try {
      return JSON.stringify(maskJsonValue(JSON.parse(text), false));
    } catch {
      // Cut at the limit, or not JSON after all: fields by name below.
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const out = new URLSearchParams();
    for (const [k, v] of form) out.append(k, isSecretField(k) || SECRET_FORM_FIELDS.has(k) ? MASK : maskValues(v));
    return out.toString();
  }
  const byName = text
    .replace(/"([\w-]+)"\s*:\s*"((?:[^"\\]|\\.)*)"?/g, (whole, key: string) => (isSecretField(key) ? `"${key}":"${MASK}"` : whole))
    .replace(/\b([\w-]+)=([^&\s"]+)/g, (whole, key: string) => (isSecretField(key) ? `${key}=${MASK}` : whole));
  return maskValues(byName);
}

function pairs(recorded: RecordedHeaders): [string, string][] {
  const out: [string, string][] = [];
  const headers = isFlat(recorded) ? LightHeaders.fromFlat(recorded) : recorded;
  headers.forEach((value, name) => out.push([name, value]));
  return out;
}

export function maskHeaders(headers: RecordedHeaders): [string, string][] {
  return pairs(headers).map(([name, value]) => {
    const lower = name.toLowerCase();
    if (SECRET_HEADERS.has(lower) || SECRET_HEADER_NAME.test(lower)) {
      // The scheme stays readable (Bearer, Basic); the credential does not.
      const scheme = /^(Bearer|Basic|Digest|Token)\s/i.exec(value)?.[1];
      return [name, scheme ? `${scheme} ${MASK}` : MASK];
    }
    return [name, maskValues(value)];
  });
}

function maskBody(body: CapturedBody): CapturedBody {
  return body.text === null ? body : { ...body, text: maskText(body.text, body.contentType) };
}

export function maskExchange(raw: Exchange): MaskedExchange {
  return {
    masked: true,
    requestHeaders: maskHeaders(raw.requestHeaders),
    requestBody: maskBody(raw.requestBody),
    responseHeaders: maskHeaders(raw.responseHeaders),
    responseBody: maskBody(raw.responseBody),
  };
}
