// CORS for browser pages on another origin (a frontend on localhost:3000 calling the standalone
// server). Service routes reflect any origin, with credentials only for trusted origins (loopback,
// named, same-origin) and the presented key's allowedOrigins; the control API answers trusted
// origins only (src/core/origin-policy.ts). Never `*`, so never `*` with credentials.

const EXPOSED = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Location, X-Request-Id, WWW-Authenticate';
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/** A CORS preflight: OPTIONS with an Origin and the method it asks for. */
export const isPreflight = (request: Request): boolean =>
  request.method === 'OPTIONS' && request.headers.has('origin') && request.headers.has('access-control-request-method');

/** The answer to a preflight the policy accepted (a refused one gets the 403 envelope instead). */
export function preflight(request: Request, credentials: boolean): Response {
  const headers: Record<string, string> = {
    'access-control-allow-origin': request.headers.get('origin') as string,
    'access-control-allow-methods': METHODS,
    'access-control-max-age': '600',
    vary: 'Origin',
  };
  const asked = request.headers.get('access-control-request-headers');
  // With credentials `*` is a literal name, not a wildcard: the asked names are echoed instead.
  if (asked !== null) headers['access-control-allow-headers'] = asked;
  else if (!credentials) headers['access-control-allow-headers'] = '*';
  if (credentials) headers['access-control-allow-credentials'] = 'true';
  return new Response(null, { status: 204, headers });
}

function setCors(headers: Headers, origin: string, credentials: boolean): void {
  headers.set('access-control-allow-origin', origin);
  if (credentials) headers.set('access-control-allow-credentials', 'true');
  else headers.delete('access-control-allow-credentials');
  headers.set('access-control-expose-headers', EXPOSED);
  headers.append('vary', 'Origin');
}

/** Lets the calling page read the answer (with cookies and HTTP auth only when `credentials`). */
export function withCors(request: Request, response: Response, credentials: boolean): Response {
  const origin = request.headers.get('origin');
  if (!origin || response.type === 'error') return response;
  try {
    setCors(response.headers, origin, credentials);
    return response;
  } catch {
    // Immutable headers (a Response made by Response.redirect): copy it.
    const copy = new Response(response.body, response);
    setCors(copy.headers, origin, credentials);
    return copy;
  }
}
