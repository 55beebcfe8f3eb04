// The OAuth (PKCE) routes, all emulator-defined: discovery, JWKS, authorize, token, revoke and
// userinfo. Token and revoke read form or JSON bodies themselves (the core reads JSON only).
import { EmulatorError, errorResponse, notFound } from '../../core/errors.js';
import { jsonResponse } from '../../core/json-response.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import type { TokenSigner } from '../../security/jwt.js';
import { handleAuthorize } from './authorize.js';
import { findClient } from './clients.js';
import { NO_STORE, invalidClient, oauthInvalid } from './errors.js';
import { parseParams, readParams } from './request-params.js';
import {
  AuthorizationCodeGrantSchema,
  AuthorizeQuerySchema,
  DEFAULT_OAUTH_SETTINGS,
  DiscoverySchema,
  FORM_TYPE,
  GRANT_TYPES,
  JwksSchema,
  RefreshTokenGrantSchema,
  RevokeRequestSchema,
  SCOPES,
  TokenRequestSchema,
  TokenResponseSchema,
  UserInfoSchema,
  type OAuthSettings,
} from './schema.js';
import type { OAuthStore } from './store.js';

const TAG = 'oauth';

export interface OAuthRouteDeps {
  store: OAuthStore;
  /** The loaded scenario's `settings.oauth` (absent in a state saved before it existed). */
  settings(): OAuthSettings | undefined;
  /** The world's current signer (issuer and keys follow the seed and options). */
  signer(): TokenSigner;
}

/** RFC 8414 metadata; every endpoint is an absolute URL on the origin the request came to. */
function discovery(request: Request, issuer: string) {
  const origin = new URL(request.url).origin;
  return {
    issuer,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    revocation_endpoint: `${origin}/oauth/revoke`,
    userinfo_endpoint: `${origin}/oauth/userinfo`,
    jwks_uri: `${origin}/.well-known/jwks.json`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
  };
}

/** Errors become answers instead of escaping, so a reuse-triggered revocation still commits. */
async function answered(run: () => Promise<unknown>): Promise<Response> {
  try {
    return jsonResponse(await run(), 200, { ...NO_STORE });
  } catch (err) {
    if (err instanceof EmulatorError) return errorResponse(err);
    throw err;
  }
}

export function oauthRoutes(deps: OAuthRouteDeps): RouteDef[] {
  const { store } = deps;
  const settings = () => deps.settings() ?? DEFAULT_OAUTH_SETTINGS;
  const requireClient = (clientId: string) => {
    if (!findClient(clientId, settings())) throw invalidClient(clientId);
  };
  const discoveryRoute = (path: string, summary: string) =>
    defineRoute({
      method: 'GET',
      path,
      tag: TAG,
      summary,
      auth: { kind: 'none' },
      emulatorDefined: true,
      response: DiscoverySchema,
      handler: ({ request }) => discovery(request, deps.signer().issuer),
    });

  return [
    discoveryRoute('/.well-known/openid-configuration', 'OpenID-style discovery document of the OAuth endpoints'),
    discoveryRoute('/.well-known/oauth-authorization-server', 'OAuth 2.0 authorization server metadata (RFC 8414); same content'),
    defineRoute({
      method: 'GET',
      path: '/.well-known/jwks.json',
      tag: TAG,
      summary: 'The public key that verifies every emulator-signed JWT',
      auth: { kind: 'none' },
      emulatorDefined: true,
      response: JwksSchema,
      handler: () => deps.signer().jwks(),
    }),
    defineRoute({
      method: 'GET',
      path: '/oauth/authorize',
      tag: TAG,
      summary: 'Authorization code request with PKCE S256: redirects with a code, or shows a sign-in page',
      auth: { kind: 'none' },
      emulatorDefined: true,
      query: AuthorizeQuerySchema,
      status: 302,
      handler: ({ request }) => handleAuthorize(new URL(request.url), store, settings()),
    }),
    defineRoute({
      method: 'POST',
      path: '/oauth/token',
      tag: TAG,
      summary: 'Exchange an authorization code (with its PKCE verifier) or a refresh token for tokens',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: TokenRequestSchema, mediaTypes: [FORM_TYPE, 'application/json'] },
      response: TokenResponseSchema,
      handler: ({ request }) =>
        answered(async () => {
          const params = await readParams(request);
          const grantType = params.grant_type;
          if (grantType === undefined || grantType === '') {
            throw oauthInvalid('invalid_request', 'grant_type is required', [{ path: 'body.grant_type', message: 'Required' }]);
          }
          if (grantType === 'authorization_code') {
            const input = parseParams(AuthorizationCodeGrantSchema, params, 'Invalid token request');
            requireClient(input.client_id);
            return store.exchangeCode(input);
          }
          if (grantType === 'refresh_token') {
            const input = parseParams(RefreshTokenGrantSchema, params, 'Invalid token request');
            requireClient(input.client_id);
            return store.refresh(input.refresh_token, input.client_id, input.scope);
          }
          throw oauthInvalid('unsupported_grant_type', `Unsupported grant_type; use ${GRANT_TYPES.join(' or ')}`, [
            { path: 'body.grant_type', message: `Expected one of ${GRANT_TYPES.join(', ')}` },
          ]);
        }),
    }),
    defineRoute({
      method: 'POST',
      path: '/oauth/revoke',
      tag: TAG,
      summary: 'Revoke a refresh token (with its grant) or an access token; 200 whether or not it was known (RFC 7009)',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: RevokeRequestSchema, mediaTypes: [FORM_TYPE, 'application/json'] },
      handler: ({ request }) =>
        answered(async () => {
          const input = parseParams(RevokeRequestSchema, await readParams(request), 'Invalid revocation request');
          if (input.client_id !== undefined) requireClient(input.client_id);
          await store.revoke(input.token, input.token_type_hint, input.client_id);
          return {};
        }),
    }),
    defineRoute({
      method: 'GET',
      path: '/oauth/userinfo',
      tag: TAG,
      summary: 'The signed-in user of a Bearer access token',
      auth: { kind: 'bearer' },
      emulatorDefined: true,
      response: UserInfoSchema,
      handler: async ({ principal }) => {
        const user = principal.kind === 'user' ? await store.user(principal.userId) : undefined;
        if (!user) throw notFound('User');
        return {
          sub: user.id,
          ...(user.email !== undefined && { email: user.email }),
          email_verified: user.emailVerified,
          ...(user.name !== undefined && { name: user.name }),
          ...(user.nickname !== undefined && { nickname: user.nickname }),
          ...(user.picture !== undefined && { picture: user.picture }),
        };
      },
    }),
  ];
}
