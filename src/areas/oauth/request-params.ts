// Token and revoke requests arrive as the RFC's form encoding or as JSON; both become one flat
// parameter object, checked by zod with field-level issues in the envelope.
import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES, zodIssues } from '../../core/validation.js';
import { oauthInvalid, type OAuthErrorCode } from './errors.js';

const FORM = /^application\/x-www-form-urlencoded\b/i;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** Reads `application/x-www-form-urlencoded` (RFC 6749 §4.1.3) or `application/json`. */
export async function readParams(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_JSON_BODY_BYTES) {
    throw oauthInvalid('invalid_request', 'Request body too large', [{ path: 'body', message: `Body exceeds ${MAX_JSON_BODY_BYTES} bytes` }]);
  }
  if (text.length === 0 && !JSON_TYPE.test(type)) return {};
  if (FORM.test(type)) {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      // RFC 6749 §3.2: a parameter must not be sent more than once.
      if (name in params) throw oauthInvalid('invalid_request', `Parameter ${name} is repeated`, [{ path: `body.${name}`, message: 'Repeated parameter' }]);
      params[name] = value;
    }
    return params;
  }
  if (JSON_TYPE.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw oauthInvalid('invalid_request', 'Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw oauthInvalid('invalid_request', 'The body must be a JSON object', [{ path: 'body', message: 'Expected an object' }]);
    }
    return parsed as Record<string, unknown>;
  }
  throw oauthInvalid('invalid_request', 'Content-Type must be application/x-www-form-urlencoded or application/json', [
    { path: 'body', message: `Unsupported content type "${type}"` },
  ]);
}

/** Parses with zod; every problem becomes an issue under `body.`, answered as `error` (invalid_request unless told). */
export function parseParams<T>(schema: z.ZodType<T>, params: Record<string, unknown>, message: string, error: OAuthErrorCode = 'invalid_request'): T {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issues = zodIssues(result.error).map((i) => ({ path: i.path ? `body.${i.path}` : 'body', message: i.message }));
  throw oauthInvalid(error, `${message}: ${issues.map((i) => i.message).join('; ')}`, issues);
}
