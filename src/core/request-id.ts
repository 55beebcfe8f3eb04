// Request ids: every answer names its request in `x-request-id` (and error envelopes in
// `error.requestId`), so a client can quote it. Ids are seeded, never random, so they replay.
import { sha256Hex24 } from './short-sha256.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a client may send as its own request id: a UUID, a trace id, a short token. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The id of the `n`th request (1-based) since the world was loaded, under `seed`. Service calls
 * and harness (control) calls count separately, so reading the journal never shifts the ids of
 * the service's answers.
 */
export function seededRequestId(seed: number, n: number, kind: 'service' | 'control' = 'service'): string {
  const text = `${kind}:${seed}:${n}`;
  // One flat string (it lives on in the journal's last answers).
  return sha256Hex24(text, kind === 'service' ? 'req_' : 'ctl_');
}

/** The client's own well-formed `x-request-id`, echoed instead of a seeded one; else undefined. */
export function clientRequestId(request: Request): string | undefined {
  const sent = request.headers.get(REQUEST_ID_HEADER)?.trim();
  return sent && CLIENT_REQUEST_ID.test(sent) ? sent : undefined;
}

/** Sets a header on an answer, copying it first when its headers are immutable (a redirect). */
export function withHeader(response: Response, name: string, value: string): Response {
  if (response.type === 'error') return response;
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Adds `requestId` to an error envelope a handler built itself (`{error: {code, message}}`);
 * anything else (OAuth `{error: "invalid_grant"}`, JSON-RPC, streams, 2xx) passes untouched.
 */
export async function stampEnvelope(response: Response, requestId: string): Promise<Response> {
  if (response.status < 400 || !/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return response;
  }
  if (!isEnvelope(body) || 'jsonrpc' in body || body.error.requestId !== undefined) return response;
  body.error.requestId = requestId;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

function isEnvelope(body: unknown): body is { error: { code: string; requestId?: unknown } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}
