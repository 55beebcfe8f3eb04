// OAuth (PKCE) shapes: the scenario setting, the authorize query, token and revoke requests, and
// the answers (emulator-defined after RFC 6749, RFC 7636, RFC 7009 and RFC 8414).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { CODE_VERIFIER_PATTERN } from './pkce.js';

/** Lifetimes (emulator-defined). */
export const CODE_TTL_MS = 10 * 60_000;
export const ACCESS_TOKEN_TTL_SEC = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;

/** Scopes a client may ask for; they are recorded in the token, not enforced by the routes. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'transcript:read', 'transcript:write', 'rag:read', 'rag:write'] as const;
export const DEFAULT_SCOPE = 'openid profile email';

const ClientId = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_.:-]+$/, 'A client id uses letters, digits, _ . : -')));

/** A redirect URI a scenario registers: absolute, without a fragment (RFC 6749 §3.1.2). */
const RedirectUri = lazySchema(() => z
  .string()
  .max(2000)
  .refine((value) => URL.canParse(value), 'Must be an absolute URI')
  .refine((value) => !value.includes('#'), 'Must not contain a fragment'));

export const OAuthClientDocSchema = lazySchema(() => z
  .strictObject({
    clientId: ClientId,
    name: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    redirectUris: z.array(RedirectUri).max(50).default([]),
  }));
export type OAuthClientDoc = z.infer<typeof OAuthClientDocSchema>;

/** `settings.oauth` of a scenario. */
export const OAuthSettingsSchema = lazySchema(() => z
  .strictObject({
    /** With a `login_hint` naming a user, authorize redirects at once (the non-interactive path). */
    autoApprove: z.boolean().default(true),
    /** Clients beside the built-in `service-cli` and `service-mcp`; an entry with a built-in id adds redirect URIs to it. */
    clients: z.array(OAuthClientDocSchema).max(100).default([]),
  }));
export type OAuthSettings = z.infer<typeof OAuthSettingsSchema>;

/** What a state saved before `settings.oauth` existed gets. */
export const DEFAULT_OAUTH_SETTINGS: OAuthSettings = { autoApprove: true, clients: [] };

/** Every parameter /oauth/authorize reads; all optional here, because the handler decides how to refuse. */
export const AuthorizeQuerySchema = lazySchema(() => z.object({
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  state: z.string().optional(),
  scope: z.string().optional(),
  login_hint: z.string().optional(),
  /** OpenID Connect: echoed in the ID token. */
  nonce: z.string().optional(),
  /** RFC 8707 resource indicator: becomes an audience of the access token. */
  resource: z.string().optional(),
  /** '1' approves, '0' denies; any other value is ignored. */
  approve: z.string().optional(),
}));

const Field = (name: string) => z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) }).min(1, `${name} is required`);

export const AuthorizationCodeGrantSchema = lazySchema(() => z.object({
  grant_type: z.literal('authorization_code'),
  code: Field('code'),
  redirect_uri: Field('redirect_uri'),
  client_id: Field('client_id'),
  code_verifier: Field('code_verifier').regex(CODE_VERIFIER_PATTERN, 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~'),
  resource: z.string().optional(),
}));
export type AuthorizationCodeGrant = z.infer<typeof AuthorizationCodeGrantSchema>;

export const RefreshTokenGrantSchema = lazySchema(() => z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: Field('refresh_token'),
  client_id: Field('client_id'),
  scope: z.string().optional(),
  resource: z.string().optional(),
}));
export type RefreshTokenGrant = z.infer<typeof RefreshTokenGrantSchema>;

export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** The token endpoint's body, either grant (documentation; each grant is parsed on its own). */
export const TokenRequestSchema = lazySchema(() => z.union([AuthorizationCodeGrantSchema, RefreshTokenGrantSchema]));

/** How browsers and OAuth clients send token and revoke requests (RFC 6749); JSON is taken too. */
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export const RevokeRequestSchema = lazySchema(() => z.object({
  token: Field('token'),
  token_type_hint: z.string().optional(),
  client_id: z.string().min(1).optional(),
}));
export type RevokeRequest = z.infer<typeof RevokeRequestSchema>;

// Answers (used by tests and the OpenAPI document).

export const TokenResponseSchema = lazySchema(() => z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  /** OpenID Connect: present when the grant holds the `openid` scope. */
  id_token: z.string().optional(),
}));
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const DiscoverySchema = lazySchema(() => z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  jwks_uri: z.url(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  registration_endpoint: z.url(),
  subject_types_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  claims_supported: z.array(z.string()),
  /** Emulator extension (RFC 8414 §2 allows more members): the `aud` every access token carries. */
  audience: z.string(),
}));

/** RFC 9728 protected-resource metadata. */
export const ProtectedResourceSchema = lazySchema(() => z.object({
  resource: z.url(),
  authorization_servers: z.array(z.string()),
  jwks_uri: z.url(),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
  resource_signing_alg_values_supported: z.array(z.string()),
  resource_name: z.string(),
}));

/** RFC 7591 §2 client metadata; unknown members are kept out of the answer, as §3.2.1 allows. */
export const RegistrationRequestSchema = lazySchema(() => z.looseObject({
  redirect_uris: z.array(z.string().max(2000)).min(1, 'redirect_uris needs at least one URI').max(50),
  client_name: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  scope: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  software_id: z.string().optional(),
  software_version: z.string().optional(),
}));
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

export const RegistrationResponseSchema = lazySchema(() => z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
  scope: z.string().optional(),
}));

export const JwksSchema = lazySchema(() => z.object({ keys: z.array(z.record(z.string(), z.unknown())) }));

/** RFC 6749 §5.2 error answers of the token, revocation and registration endpoints. */
export const OAuthErrorSchema = lazySchema(() => z.object({
  error: z.string(),
  error_description: z.string(),
  /** Emulator extension: the fields at fault, as every other bad input names them. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}));

export const UserInfoSchema = lazySchema(() => z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean(),
  name: z.string().optional(),
  nickname: z.string().optional(),
  picture: z.string().optional(),
}));
