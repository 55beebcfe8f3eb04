// The WWW-Authenticate challenge of a 401 from a route that takes Bearer tokens (RFC 6750 §3),
// pointing at the protected-resource metadata (RFC 9728 §5.1) so OAuth clients such as MCP's
// can find the authorization server on their own.
import type { RouteAuth } from './route.js';

const BEARER_KINDS: ReadonlySet<RouteAuth['kind']> = new Set(['bearer', 'workspace', 'endUser']);

/** The challenge for a 401 of this route, or undefined when the route takes no Bearer token. */
export function bearerChallenge(auth: RouteAuth, request: Request): string | undefined {
  if (!BEARER_KINDS.has(auth.kind)) return undefined;
  const metadata = `${new URL(request.url).origin}/.well-known/oauth-protected-resource`;
  const sent = /^Bearer\s+\S/i.test(request.headers.get('authorization') ?? '');
  return `Bearer resource_metadata="${metadata}"${sent ? ', error="invalid_token"' : ''}`;
}
