// How each operation authenticates, in OpenAPI terms, from its route's auth kind: the security
// schemes, one requirement list per route, and the few public routes that read a credential
// themselves (so tools and linters see them as what they are, never as "public").
import type { RouteDef } from '../core/route.js';

type Json = Record<string, unknown>;
type Requirement = Record<string, string[]>;

export const SECURITY_SCHEMES: Json = {
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'A workspace API key (`svc_…`, 91 characters).' },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An EdDSA-signed access token: a platform user’s (OAuth, /__emulator/tokens) or an embed user’s (/embed/validate-login).',
  },
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'A workspace API key (`svc_…`) sent as `Authorization: Bearer`: accepted wherever x-api-key is (REAL-WIRE section 1).',
  },
  externalUser: {
    type: 'apiKey',
    in: 'header',
    name: 'x-external-user-id',
    description: 'With an API key on end-user routes: the end user the key speaks for (optional x-external-user-email, -name, -tier).',
  },
  anonymousSession: {
    type: 'apiKey',
    in: 'header',
    name: 'x-anonymous-session-id',
    description: 'An anonymous visitor’s session id (8 to 128 letters, digits, _ . : -), where the release allows anonymous chat.',
  },
};

const API_KEY: Requirement = { apiKey: [] };
const API_KEY_BEARER: Requirement = { apiKeyBearer: [] };
const BEARER: Requirement = { bearerAuth: [] };
const NONE: Requirement = {};

/**
 * Routes of auth kind `none` whose handler reads a credential itself (a key that may also ride in
 * the body, a Bearer token checked by the OAuth code): `{}` marks the body form.
 */
const SELF_AUTHENTICATED: Record<string, Requirement[]> = {
  'POST /embed/login': [API_KEY, API_KEY_BEARER, NONE],
  'POST /api/v1/auth/validate-key': [API_KEY, API_KEY_BEARER, NONE],
  'GET /oauth/userinfo': [BEARER],
};

/** The requirement list of an operation: alternatives, any one of which admits the caller. */
export function securityOf(route: RouteDef): Requirement[] {
  const auth = route.auth;
  switch (auth.kind) {
    case 'none':
      return SELF_AUTHENTICATED[`${route.method} ${route.path}`] ?? [];
    case 'apiKey':
      // Optional credentials still bind when presented (core/tenant.ts): a member's or end user's Bearer token too.
      return auth.optional ? [API_KEY, API_KEY_BEARER, BEARER, NONE] : [API_KEY, API_KEY_BEARER];
    case 'bearer':
      return [BEARER];
    case 'workspace':
      return [API_KEY, API_KEY_BEARER, BEARER];
    case 'endUser':
      return [BEARER, { apiKey: [], externalUser: [] }, { apiKeyBearer: [], externalUser: [] }, ...(auth.anonymous ? [{ anonymousSession: [] }] : [])];
    default: {
      const never: never = auth;
      throw new Error(`unknown auth kind ${JSON.stringify(never)}`);
    }
  }
}

/** Answers a route gives besides its main one, where the route table cannot say so. */
export const EXTRA_RESPONSES: Record<string, Record<string, Json>> = {
  // Without an approving login_hint the authorize endpoint shows its sign-in page instead of redirecting.
  'GET /oauth/authorize': { '200': { description: 'The interactive sign-in page', content: { 'text/html': { schema: { type: 'string' } } } } },
  // The form posted without a chosen user shows the sign-in page again.
  'POST /oauth/authorize': { '200': { description: 'The sign-in page again, when no user was chosen', content: { 'text/html': { schema: { type: 'string' } } } } },
  // A tenant's authorize endpoint (the tool servers' OAuth, docs/mcp.md) is the same endpoint under its prefix.
  'GET /:whitelabelId/authorize': { '200': { description: 'The interactive sign-in page', content: { 'text/html': { schema: { type: 'string' } } } } },
  'POST /:whitelabelId/authorize': { '200': { description: 'The sign-in page again, when no user was chosen', content: { 'text/html': { schema: { type: 'string' } } } } },
  // A verify link that names no redirectTo shows a confirmation page instead of redirecting.
  'GET /ai-chat/free-chat-gate/verify': {
    '200': { description: 'The confirmation page, with the verified token', content: { 'text/html': { schema: { type: 'string' } } } },
  },
  // JSON-RPC answers: one JSON response, or (message/stream, tasks/resubscribe) a stream of them; the per-IP limit is a 429.
  'POST /api/v1/a2a': {
    '200': {
      description: 'A JSON-RPC 2.0 response (result or error), or for message/stream and tasks/resubscribe server-sent events each holding one',
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/JsonRpcResponse' } },
        'text/event-stream': { schema: { type: 'string' } },
      },
    },
    '429': {
      description: 'The per-IP limit: a JSON-RPC error (code -32029) with Retry-After and RateLimit-* headers',
      headers: { 'Retry-After': { description: 'Seconds until the window ends', schema: { type: 'integer' } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/JsonRpcResponse' } } },
    },
  },
  ...mcpResponses('/mcp'),
  ...mcpResponses('/:whitelabelId/mcp'),
};

/** The tool servers (areas/mcp): the MCP SDK's transport answers JSON-RPC, its own refusals included; the emulator's gates answer envelopes. */
function mcpResponses(path: string): Record<string, Record<string, Json>> {
  const rpc = { $ref: '#/components/schemas/JsonRpcResponse' };
  const either = { content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, rpc] } } } };
  const envelope = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  const notAllowed = { '405': { description: 'The server is stateless: no stream to open, no session to end (a JSON-RPC error; Allow: POST)', content: { 'application/json': { schema: rpc } } } };
  return {
    [`POST ${path}`]: {
      '200': { description: 'A JSON-RPC 2.0 response (or a batch of them)', content: { 'application/json': { schema: {} } } },
      '202': { description: 'Notifications and responses accepted (no body)' },
      '400': { description: 'A malformed JSON-RPC message (JSON-RPC error) or request', ...either },
      '401': {
        description: 'No or a bad credential: WWW-Authenticate names the resource metadata (RFC 9728) so MCP clients sign in',
        headers: { 'WWW-Authenticate': { description: 'Bearer resource_metadata="…"', schema: { type: 'string' } } },
        ...envelope,
      },
      '403': { description: 'The workspace switch is off, or the token holds none of allowedScopes', ...envelope },
      '406': { description: 'Accept must name application/json and text/event-stream (JSON-RPC error)', content: { 'application/json': { schema: rpc } } },
      '415': { description: 'Content-Type must be application/json (JSON-RPC error)', content: { 'application/json': { schema: rpc } } },
      '429': { description: 'mcpRateLimit of the release (Retry-After)', ...envelope },
    },
    [`GET ${path}`]: notAllowed,
    [`DELETE ${path}`]: notAllowed,
  };
}

/** Components the extra answers refer to. */
export const EXTRA_SCHEMAS: Record<string, Json> = {
  JsonRpcResponse: {
    type: 'object',
    required: ['jsonrpc', 'id'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      result: {},
      error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
    },
  },
};
