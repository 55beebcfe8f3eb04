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

/** The most ids made ahead in one go (a few KB of strings). */
const MOST_AHEAD = 64;

/**
 * The seeded ids of one kind, made a batch at a time: an id depends only on the seed and its
 * number, so the next ones are made together, in one tight loop whose code and tables stay hot,
 * instead of one hash cold between two requests' work. Same ids, same order (a batch starts
 * small and doubles, so a world that answers a handful of requests makes few ids it never uses).
 */
export class SeededRequestIds {
  private seed = Number.NaN;
  private from = 0;
  private ids: string[] = [];

  constructor(private readonly kind: 'service' | 'control') {}

  /** `seededRequestId(seed, n, kind)`. */
  id(seed: number, n: number): string {
    let at = n - this.from;
    if (seed !== this.seed || at < 0 || at >= this.ids.length) {
      // The run goes on (the next number after the batch): a bigger batch; anything else starts over.
      const size = seed === this.seed && at === this.ids.length ? Math.min(MOST_AHEAD, 2 * this.ids.length) : 4;
      const ids = new Array<string>(size);
      for (let i = 0; i < size; i++) ids[i] = seededRequestId(seed, n + i, this.kind);
      this.seed = seed;
      this.from = n;
      this.ids = ids;
      at = 0;
    }
    return this.ids[at] as string;
  }
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
