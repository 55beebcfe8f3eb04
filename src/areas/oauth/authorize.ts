// GET /oauth/authorize: vet the client and its redirect URI (errors answer 400 here, never a
// redirect to an unvetted URI), then redirect every other error, show a sign-in page, or issue a code.
import { redirectAllowed, type OAuthClient } from './clients.js';
import { approvePage, chooserPage } from './authorize-page.js';
import { NO_STORE, oauthInvalid, type OAuthErrorCode } from './errors.js';
import { S256_CHALLENGE_PATTERN } from './pkce.js';
import { DEFAULT_SCOPE, SCOPES, type OAuthSettings } from './schema.js';
import { normalizeScope, type OAuthStore } from './store.js';

/** Parameters whose repetition makes the request unreadable (RFC 6749 §3.1). */
const READ = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'login_hint', 'approve', 'nonce', 'resource'];

/** Finds a client by id: built-in, the scenario's, or registered at run time (RFC 7591). */
export type ClientLookup = (clientId: string) => Promise<OAuthClient | undefined>;

/** RFC 8707 §2: a resource indicator is an absolute URI without a fragment. */
export const resourceProblem = (resource: string): string | undefined =>
  !URL.canParse(resource) ? 'resource must be an absolute URI' : resource.includes('#') ? 'resource must not contain a fragment' : undefined;

function redirect(uri: string, params: Record<string, string | undefined>): Response {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return new Response(null, { status: 302, headers: { location: url.toString(), ...NO_STORE } });
}

/** The same authorization request with some parameters changed or dropped, as an absolute URL. */
function sameRequest(url: URL, changes: Record<string, string | undefined>): string {
  const next = new URL(url.pathname, url.origin);
  for (const [name, value] of url.searchParams) if (!(name in changes)) next.searchParams.append(name, value);
  for (const [name, value] of Object.entries(changes)) if (value !== undefined) next.searchParams.set(name, value);
  return next.toString();
}

async function vetClient(search: URLSearchParams, lookup: ClientLookup): Promise<{ client: OAuthClient; redirectUri: string }> {
  const clientId = search.get('client_id');
  if (!clientId) throw oauthInvalid('invalid_request', 'client_id is required', [{ path: 'query.client_id', message: 'Required' }]);
  if (search.getAll('client_id').length > 1) throw oauthInvalid('invalid_request', 'client_id is repeated', [{ path: 'query.client_id', message: 'Repeated parameter' }]);
  const client = await lookup(clientId);
  if (!client) throw oauthInvalid('invalid_client', `Unknown client "${clientId}"`, [{ path: 'query.client_id', message: 'Unknown client' }]);
  const redirectUri = search.get('redirect_uri');
  if (!redirectUri) throw oauthInvalid('invalid_request', 'redirect_uri is required', [{ path: 'query.redirect_uri', message: 'Required' }]);
  if (search.getAll('redirect_uri').length > 1) {
    throw oauthInvalid('invalid_request', 'redirect_uri is repeated', [{ path: 'query.redirect_uri', message: 'Repeated parameter' }]);
  }
  if (!redirectAllowed(client, redirectUri)) {
    throw oauthInvalid('invalid_request', `redirect_uri is not allowed for client "${clientId}"`, [
      { path: 'query.redirect_uri', message: 'Not registered for this client, and not a loopback http URI' },
    ]);
  }
  return { client, redirectUri };
}

type Checked = { scope: string } | { error: OAuthErrorCode; description: string };

/** The checks whose failure is reported to the client by redirect (RFC 6749 §4.1.2.1). */
function checkRequest(search: URLSearchParams): Checked {
  const repeated = READ.find((name) => search.getAll(name).length > 1);
  if (repeated) return { error: 'invalid_request', description: `Parameter ${repeated} is repeated` };
  const responseType = search.get('response_type');
  if (!responseType) return { error: 'invalid_request', description: 'response_type is required' };
  if (responseType !== 'code') return { error: 'unsupported_response_type', description: 'Only response_type=code is supported' };
  const challenge = search.get('code_challenge');
  if (!challenge) return { error: 'invalid_request', description: 'code_challenge is required (PKCE, RFC 7636)' };
  const method = search.get('code_challenge_method');
  if (method !== 'S256') return { error: 'invalid_request', description: 'code_challenge_method must be S256; plain is not supported' };
  if (!S256_CHALLENGE_PATTERN.test(challenge)) return { error: 'invalid_request', description: 'code_challenge must be 43 base64url characters' };
  const scope = normalizeScope(search.get('scope') ?? '') || DEFAULT_SCOPE;
  const unknown = scope.split(' ').filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) return { error: 'invalid_scope', description: `Unknown scope: ${unknown.join(' ')}` };
  const resource = search.get('resource');
  const problem = resource === null ? undefined : resourceProblem(resource);
  if (problem) return { error: 'invalid_target', description: problem };
  return { scope };
}

/**
 * Answers an authorization request. `consented` is true for the sign-in form's POST: the person
 * chose a user and pressed Allow (or Deny, approve=0) on the page, so no approval page follows.
 */
export async function handleAuthorize(url: URL, store: OAuthStore, settings: OAuthSettings, lookup: ClientLookup, consented = false): Promise<Response> {
  const search = url.searchParams;
  const { client, redirectUri } = await vetClient(search, lookup);
  const state = search.get('state') ?? undefined;
  const checked = checkRequest(search);
  if ('error' in checked) return redirect(redirectUri, { error: checked.error, error_description: checked.description, state });
  if (search.get('approve') === '0') return redirect(redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state });

  const hint = search.get('login_hint');
  if (!hint) {
    const users = await store.listUsers();
    const hidden = [...search].filter(([name]) => name !== 'login_hint' && name !== 'approve');
    return chooserPage(
      client,
      checked.scope,
      users.map((user) => ({ user, href: sameRequest(url, { login_hint: user.id, approve: undefined }) })),
      { action: url.pathname, hidden },
    );
  }
  const user = await store.findUser(hint);
  if (!user) return redirect(redirectUri, { error: 'access_denied', error_description: `No user matches login_hint "${hint}"`, state });
  if (!settings.autoApprove && !consented && search.get('approve') !== '1') {
    return approvePage(client, checked.scope, user, sameRequest(url, { approve: '1' }), sameRequest(url, { approve: '0' }));
  }
  const nonce = search.get('nonce');
  const resource = search.get('resource');
  const code = await store.issueCode({
    clientId: client.clientId,
    redirectUri,
    userId: user.id,
    scope: checked.scope,
    codeChallenge: search.get('code_challenge') as string,
    ...(nonce !== null && nonce !== '' && { nonce }),
    ...(resource !== null && { resource }),
  });
  return redirect(redirectUri, { code, state });
}
