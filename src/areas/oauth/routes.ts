// The OAuth (PKCE) routes after RFC 6749, 7636, 7009, 7591 and OpenID Connect: authorize (page
// and form), token, revoke, registration and userinfo; the metadata documents live beside them.
// Token, revoke and register read their bodies themselves and answer errors the RFC way.
import { EmulatorError, notFound } from '../../core/errors.js';
import { jsonResponse } from '../../core/json-response.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import type { TokenSigner } from '../../security/jwt.js';
import { handleAuthorize, resourceProblem, type ClientLookup } from './authorize.js';
import { findClient } from './clients.js';
import { NO_STORE, invalidClient, oauthErrorResponse, oauthInvalid } from './errors.js';
import { metadataRoutes } from './metadata-routes.js';
import type { ClientRegistry } from './registration.js';
import { parseParams, readParams } from './request-params.js';
import {
  AuthorizationCodeGrantSchema,
  AuthorizeQuerySchema,
  DEFAULT_OAUTH_SETTINGS,
  FORM_TYPE,
  GRANT_TYPES,
  RefreshTokenGrantSchema,
  RegistrationRequestSchema,
  RegistrationResponseSchema,
  RevokeRequestSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UserInfoSchema,
  type OAuthSettings,
} from './schema.js';
import type { OAuthStore } from './store.js';

const TAG = 'oauth';

export interface OAuthRouteDeps {
  store: OAuthStore;
  clients: ClientRegistry;
  /** The loaded scenario's `settings.oauth` (absent in a state saved before it existed). */
  settings(): OAuthSettings | undefined;
  /** The world's current signer (issuer and keys follow the seed and options). */
  signer(): TokenSigner;
}

/** Errors become answers instead of escaping, so a reuse-triggered revocation still commits. */
async function answered(run: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    return jsonResponse(await run(), status, { ...NO_STORE });
  } catch (err) {
    if (err instanceof EmulatorError) return oauthErrorResponse(err);
    throw err;
  }
}

/** A resource indicator (RFC 8707) the token request names, checked; undefined when absent. */
function checkedResource(resource: string | undefined): string | undefined {
  if (resource === undefined) return undefined;
  const problem = resourceProblem(resource);
  if (problem) throw oauthInvalid('invalid_target', problem, [{ path: 'body.resource', message: problem }]);
  return resource;
}


export function oauthRoutes(deps: OAuthRouteDeps): RouteDef[] {
  const { store } = deps;
  const settings = () => deps.settings() ?? DEFAULT_OAUTH_SETTINGS;
  const lookup: ClientLookup = async (clientId) => findClient(clientId, settings()) ?? (await deps.clients.find(clientId));
  const requireClient = async (clientId: string) => {
    if (!(await lookup(clientId))) throw invalidClient(clientId);
  };

  return [
    ...metadataRoutes(deps.signer),
    defineRoute({
      method: 'GET',
      path: '/oauth/authorize',
      tag: TAG,
      summary: 'Authorization code request with PKCE S256: redirects with a code, or shows a sign-in page',
      auth: { kind: 'none' },
      emulatorDefined: true,
      query: AuthorizeQuerySchema,
      status: 302,
      handler: ({ request }) => handleAuthorize(new URL(request.url), store, settings(), lookup),
    }),
    defineRoute({
      method: 'POST',
      path: '/oauth/authorize',
      tag: TAG,
      summary: 'The sign-in form of the authorize page: the request with the chosen user (login_hint) and approve=1 or 0',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: AuthorizeQuerySchema, mediaTypes: [FORM_TYPE] },
      status: 302,
      handler: async ({ request }) => {
        const params = await readParams(request);
        const url = new URL('/oauth/authorize', request.url);
        for (const [name, value] of Object.entries(params)) if (typeof value === 'string') url.searchParams.append(name, value);
        return handleAuthorize(url, store, settings(), lookup, true);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/oauth/register',
      tag: TAG,
      summary: 'Dynamic client registration (RFC 7591): registers a public client (PKCE, no secret)',
      auth: { kind: 'none' },
      realClient: 'modelcontextprotocol/typescript-sdk src/client/auth.ts (registerClient)',
      bodyDoc: { schema: RegistrationRequestSchema, mediaTypes: ['application/json'] },
      response: RegistrationResponseSchema,
      status: 201,
      handler: ({ request }) =>
        answered(async () => {
          const input = parseParams(RegistrationRequestSchema, await readParams(request), 'Invalid client metadata', 'invalid_client_metadata');
          return deps.clients.register(input);
        }, 201),
    }),
    defineRoute({
      method: 'POST',
      path: '/oauth/token',
      tag: TAG,
      summary: 'Exchange an authorization code (with its PKCE verifier) or a refresh token for tokens',
      auth: { kind: 'none' },
      realClient: 'panva/oauth4webapi src/index.ts (authorizationCodeGrantRequest, refreshTokenGrantRequest)',
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
            checkedResource(input.resource);
            await requireClient(input.client_id);
            return store.exchangeCode(input);
          }
          if (grantType === 'refresh_token') {
            const input = parseParams(RefreshTokenGrantSchema, params, 'Invalid token request');
            const resource = checkedResource(input.resource);
            await requireClient(input.client_id);
            return store.refresh(input.refresh_token, input.client_id, input.scope, resource);
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
      realClient: 'panva/oauth4webapi src/index.ts (revocationRequest)',
      bodyDoc: { schema: RevokeRequestSchema, mediaTypes: [FORM_TYPE, 'application/json'] },
      handler: ({ request }) =>
        answered(async () => {
          const input = parseParams(RevokeRequestSchema, await readParams(request), 'Invalid revocation request');
          if (input.client_id !== undefined) await requireClient(input.client_id);
          await store.revoke(input.token, input.token_type_hint, input.client_id);
          return {};
        }),
    }),
    defineRoute({
      method: 'GET',
      path: '/oauth/userinfo',
      tag: TAG,
      summary: 'The signed-in user of a Bearer access token (OpenID Connect UserInfo)',
      auth: { kind: 'bearer' },
      realClient: 'panva/openid-client src/index.ts (fetchUserInfo)',
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
