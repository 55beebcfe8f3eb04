// The OAuth metadata documents: authorization server metadata (RFC 8414, also served as OpenID
// Connect Discovery), protected-resource metadata (RFC 9728, at the root and path-suffixed for
// resources such as /mcp) and the JWKS. Endpoints are absolute URLs on the origin asked.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import { DEFAULT_AUDIENCE, type TokenSigner } from '../../security/jwt.js';
import { DiscoverySchema, GRANT_TYPES, JwksSchema, ProtectedResourceSchema, SCOPES } from './schema.js';

const TAG = 'oauth';
const MCP_SDK = 'modelcontextprotocol/typescript-sdk src/client/auth.ts';

/** RFC 8414 §2 metadata; `issuer` is the world's (the origin asked, unless configured). */
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
    registration_endpoint: `${origin}/oauth/register`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['EdDSA'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'azp', 'email', 'email_verified', 'name', 'nickname', 'picture'],
    audience: DEFAULT_AUDIENCE,
  };
}

/** RFC 9728 §2 metadata of the resource at `path` on the origin asked (the origin itself when empty). */
function protectedResource(request: Request, issuer: string, path: string) {
  const origin = new URL(request.url).origin;
  return {
    resource: path === '' ? origin : `${origin}/${path}`,
    authorization_servers: [issuer],
    jwks_uri: `${origin}/.well-known/jwks.json`,
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_signing_alg_values_supported: ['EdDSA'],
    resource_name: 'service-emulator',
  };
}

/** Where a 401 of a Bearer route points clients (RFC 9728 §5.1). */
export const resourceMetadataUrl = (request: Request): string => `${new URL(request.url).origin}/.well-known/oauth-protected-resource`;

export function metadataRoutes(signer: () => TokenSigner): RouteDef[] {
  const discoveryRoute = (path: string, summary: string, realClient: string) =>
    defineRoute({
      method: 'GET',
      path,
      tag: TAG,
      summary,
      auth: { kind: 'none' },
      realClient,
      response: DiscoverySchema,
      handler: ({ request }) => discovery(request, signer().issuer),
    });
  return [
    discoveryRoute('/.well-known/openid-configuration', 'OpenID Connect Discovery 1.0 document of the OAuth endpoints', 'panva/openid-client src/index.ts (discovery)'),
    discoveryRoute('/.well-known/oauth-authorization-server', 'OAuth 2.0 authorization server metadata (RFC 8414); same content', 'panva/oauth4webapi src/index.ts (discoveryRequest)'),
    defineRoute({
      method: 'GET',
      path: '/.well-known/oauth-protected-resource',
      tag: TAG,
      summary: 'Protected-resource metadata (RFC 9728) of the whole API: which authorization server issues its tokens',
      auth: { kind: 'none' },
      realClient: MCP_SDK,
      response: ProtectedResourceSchema,
      handler: ({ request }) => protectedResource(request, signer().issuer, ''),
    }),
    defineRoute({
      method: 'GET',
      path: '/.well-known/oauth-protected-resource/:resource',
      tag: TAG,
      summary: 'Protected-resource metadata (RFC 9728 §3.1) of a resource with a path, e.g. /mcp',
      auth: { kind: 'none' },
      realClient: MCP_SDK,
      params: lazySchema(() => z.object({ resource: z.string().min(1) })),
      response: ProtectedResourceSchema,
      handler: ({ request, params }) => protectedResource(request, signer().issuer, params.resource),
    }),
    defineRoute({
      method: 'GET',
      path: '/.well-known/oauth-protected-resource/:tenant/:resource',
      tag: TAG,
      summary: 'Protected-resource metadata (RFC 9728 §3.1) of a two-segment resource, e.g. /{whitelabelId}/mcp',
      auth: { kind: 'none' },
      realClient: 'https://sdk.divinci.ai/mcp/authentication/ (release MCP at /{whitelabelId}/mcp)',
      params: lazySchema(() => z.object({ tenant: z.string().min(1), resource: z.string().min(1) })),
      response: ProtectedResourceSchema,
      // A tenant's tool server (`/{whitelabelId}/mcp`) has its own authorization server under its prefix (REAL-WIRE section 9).
      handler: ({ request, params }) =>
        protectedResource(request, params.resource === 'mcp' ? `${new URL(request.url).origin}/${params.tenant}` : signer().issuer, `${params.tenant}/${params.resource}`),
    }),
    defineRoute({
      method: 'GET',
      path: '/.well-known/jwks.json',
      tag: TAG,
      summary: 'The public key that verifies every emulator-signed JWT',
      auth: { kind: 'none' },
      realClient: 'panva/jose src/jwks/remote.ts (createRemoteJWKSet)',
      response: JwksSchema,
      handler: () => signer().jwks(),
    }),
  ];
}
