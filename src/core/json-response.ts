// JSON answers built one way, so both doors and every route emit identical bytes. They are light
// (plain data until read as a Response), so the HTTP door writes them without undici objects.
import { LightResponse, type EncodedBody } from './light-response.js';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new LightResponse(JSON.stringify(body), status, { 'content-type': 'application/json', ...headers }) as unknown as Response;
}

/**
 * A JSON answer whose body is already serialised (a cached one): the same bytes as jsonResponse.
 * `encoded`: where that body keeps its UTF-8 bytes, so the doors encode it once for all its hits.
 */
export function jsonTextResponse(bodyText: string, status = 200, encoded?: EncodedBody): Response {
  return new LightResponse(bodyText, status, { 'content-type': 'application/json' }, encoded) as unknown as Response;
}
