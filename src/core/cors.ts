// CORS for browser pages on another origin (a frontend on localhost:3000 calling the standalone
// server): every origin is allowed, as a local emulator should; preflights answer 204.

const EXPOSED = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Location, X-Request-Id, WWW-Authenticate';
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/** The answer to a preflight, or undefined when the request is not one. */
export function preflight(request: Request): Response | undefined {
  const origin = request.headers.get('origin');
  if (request.method !== 'OPTIONS' || !origin || !request.headers.has('access-control-request-method')) return undefined;
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': METHODS,
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '*',
      'access-control-max-age': '600',
      vary: 'Origin',
    },
  });
}

/** Lets the calling page read the answer. */
export function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin');
  if (!origin || response.type === 'error') return response;
  try {
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-allow-credentials', 'true');
    response.headers.set('access-control-expose-headers', EXPOSED);
    response.headers.append('vary', 'Origin');
    return response;
  } catch {
    // Immutable headers (a Response made by Response.redirect): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set('access-control-allow-origin', origin);
    copy.headers.set('access-control-allow-credentials', 'true');
    copy.headers.set('access-control-expose-headers', EXPOSED);
    copy.headers.append('vary', 'Origin');
    return copy;
  }
}
