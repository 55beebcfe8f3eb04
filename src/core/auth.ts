// Who is calling: an API key (in `x-api-key`, or as a Bearer value with the key prefix) or a
// Bearer JWT, checked against storage, the emulator clock and, for workspace routes, the caller's role.
import { isPending, type Settled } from '../storage/settled.js';
import { API_KEY_PREFIX } from '../seed/ids.js';
import { EmulatorError, forbidden, notFound, unauthorized, validationError } from './errors.js';
import type { AccessLevel, EndUserPrincipal, Principal, Role, RouteAuth } from './route.js';

/** The parts of a stored key the core needs; the api-keys area's records satisfy it. */
export interface KeyForAuth {
  id: string;
  workspaceId: string;
  status: 'active' | 'revoked' | 'expired';
  /** When an active key expires (epoch ms): its status at any instant follows from this. */
  expiresAt?: number;
  permissions: string[];
  rateLimit?: number;
  rateLimitPerDay?: number;
  /** Calls per UTC calendar month its workspace may make with its keys (`maxMonthlyApiCalls`). */
  monthlyCallLimit?: number;
  /** Pages allowed to call with this key: they get credentialed CORS answers (docs/security.md). */
  allowedOrigins?: readonly string[];
}

export interface KeyLookup {
  /** The key with what the core checks on every call, read in one query. */
  findForAuth(secret: string): Promise<KeyForAuth | undefined>;
  /** The key for `secret` when it is already known without a query (remembered), else undefined. */
  knownForAuth?(secret: string): KeyForAuth | undefined;
  /** Records the key's use: undefined when there is nothing to write. */
  touch(key: KeyForAuth): Promise<void> | undefined;
  /** Whether some active key lists `origin` in its allowedOrigins (for preflights, which carry no key). */
  allowsOrigin?(origin: string): Promise<boolean>;
}

export type TokenCheck = { userId: string; claims: Record<string, unknown> } | 'expired' | 'invalid';

export interface TokenVerifier {
  /** Verifies a platform access token (signature, lifetime, and that it was not revoked). */
  verifyUserToken(token: string): Promise<TokenCheck>;
}

export interface MemberLookup {
  role(workspaceId: string, userId: string): Promise<Role | undefined>;
  workspacesOf(userId: string): Promise<string[]>;
}

/** Resolves end users: embed tokens (still backed by a live session) and a key's external users. */
export interface EndUserResolver {
  fromToken(token: string): Promise<EndUserPrincipal | 'expired' | 'invalid'>;
  fromKey(key: KeyForAuth, external: ExternalUserHeaders): Promise<EndUserPrincipal>;
}

export interface ExternalUserHeaders {
  userId: string;
  email?: string;
  name?: string;
  tier?: string;
}

export interface AuthDeps {
  keys: KeyLookup;
  tokens: TokenVerifier;
  members: MemberLookup;
  endUsers: EndUserResolver;
}

export interface Authenticated {
  principal: Principal;
  key?: KeyForAuth;
  /** A valid key on a route it may not call: the core journals the key, then answers this. */
  refusal?: EmulatorError;
}

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };
const NEEDED: Record<AccessLevel, number> = { read: 0, write: 1, admin: 2 };

function keyPrincipal(secret: string, keys: KeyLookup): Settled<Authenticated> {
  // A remembered key and a use that writes nothing are taken as they are: no promise at all for
  // either (the common keyed call).
  const known = keys.knownForAuth?.(secret);
  return known ? keyPrincipalOf(known, keys) : keys.findForAuth(secret).then((found) => keyPrincipalOf(found, keys));
}

function keyPrincipalOf(key: KeyForAuth | undefined, keys: KeyLookup): Settled<Authenticated> {
  if (!key) throw unauthorized('Invalid API key');
  if (key.status === 'revoked') throw unauthorized('API key has been revoked');
  if (key.status === 'expired') throw unauthorized('API key has expired');
  const found: Authenticated = { principal: { kind: 'apiKey', keyId: key.id, workspaceId: key.workspaceId, permissions: key.permissions }, key };
  const touching = keys.touch(key);
  return touching ? touching.then(() => found) : found;
}

/**
 * The API key a request carries: `x-api-key`, else an `Authorization: Bearer` value that starts
 * with the key prefix (real clients send keys both ways: REAL-WIRE section 1). Any other Bearer
 * value is an access token.
 */
export function apiKeyFromRequest(request: Request): string | undefined {
  const header = request.headers.get('x-api-key');
  if (header) return header;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match && match[1]!.startsWith(API_KEY_PREFIX) ? match[1] : undefined;
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Authorization must be "Bearer <access token>"');
  return match[1];
}

async function userPrincipal(token: string, tokens: TokenVerifier): Promise<Principal & { kind: 'user' }> {
  const check = await tokens.verifyUserToken(token);
  if (check === 'expired') throw unauthorized('Access token has expired');
  if (check === 'invalid') throw unauthorized('Invalid access token');
  return { kind: 'user', userId: check.userId, claims: check.claims };
}

/**
 * `?workspaceId=` of a request URL. Asked on every keyed call, so the URL is parsed only when its
 * query could name it (the name literally, or any escape that might decode to it).
 */
function queryWorkspaceId(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  const query = url.slice(start);
  if (!query.includes('workspaceId') && !query.includes('%')) return null;
  return new URL(url).searchParams.get('workspaceId');
}

/** The workspace a Bearer caller means: path parameter, header, query, or their only workspace. */
async function requestedWorkspace(auth: RouteAuth & { kind: 'workspace' }, request: Request, params: Record<string, string>, userId: string, members: MemberLookup) {
  const fromPath = auth.param ? params[auth.param] : undefined;
  const explicit = fromPath ?? request.headers.get('x-workspace-id') ?? queryWorkspaceId(request.url);
  if (explicit) return explicit;
  const mine = await members.workspacesOf(userId);
  if (mine.length === 1) return mine[0] as string;
  throw validationError('Say which workspace: send the x-workspace-id header or a workspaceId query parameter', [
    { path: 'workspaceId', message: mine.length === 0 ? 'You are not a member of any workspace' : 'Required when you belong to several workspaces' },
  ]);
}

/**
 * Who the request is, for `auth`. A keyed call whose key is remembered is answered at once (no
 * promise); anything that must look something up answers a promise. A refusal may be thrown
 * synchronously or reject the promise: callers handle both alike.
 */
export function authenticate(auth: RouteAuth, request: Request, params: Record<string, string>, deps: AuthDeps): Settled<Authenticated> {
  if (auth.kind === 'none') return { principal: { kind: 'anonymous' } };
  if (auth.kind === 'apiKey' || auth.kind === 'workspace') {
    const secret = apiKeyFromRequest(request);
    if (secret) {
      const found = keyPrincipal(secret, deps.keys);
      return isPending(found) ? found.then((f) => keyed(auth, request, params, f)) : keyed(auth, request, params, found);
    }
  }
  return authenticateSlowly(auth, request, params, deps);
}

/** A valid key's principal on an `apiKey` or `workspace` route. */
function keyed(auth: RouteAuth, request: Request, params: Record<string, string>, found: Authenticated): Authenticated {
  if (auth.kind === 'workspace') {
    const wanted = auth.param ? params[auth.param] : undefined;
    if (wanted !== undefined && found.principal.kind === 'apiKey' && wanted !== found.principal.workspaceId) throw notFound('Workspace');
  }
  return namesOwnWorkspace(request, found);
}

async function authenticateSlowly(auth: RouteAuth, request: Request, params: Record<string, string>, deps: AuthDeps): Promise<Authenticated> {
  switch (auth.kind) {
    case 'none':
      return { principal: { kind: 'anonymous' } };
    case 'apiKey': {
      // (A keyed call was answered by `authenticate`: no key here.)
      if (auth.optional) return presentedOrAnonymous(request, deps);
      if (request.headers.has('authorization')) {
        throw unauthorized(auth.userTokenHint ?? 'This route takes a workspace API key, not a user access token: send it in x-api-key or as Authorization: Bearer svc_…');
      }
      throw unauthorized('API key required: send it in the x-api-key header or as Authorization: Bearer svc_…');
    }
    case 'bearer': {
      // A key as Bearer is not a user: refused (403) once it is known to be a valid key, so a
      // wrong or revoked key still reads as 401.
      const secret = apiKeyFromRequest(request);
      if (secret && !request.headers.has('x-api-key')) {
        const found = await keyPrincipal(secret, deps.keys);
        return { ...found, refusal: forbidden('API keys cannot call this route: it needs a user access token (Authorization: Bearer <JWT>)') };
      }
      const token = bearerToken(request);
      if (!token) throw unauthorized('Bearer access token required');
      return { principal: await userPrincipal(token, deps.tokens) };
    }
    case 'workspace': {
      // (A keyed call was answered by `authenticate`: a user token or nothing here.)
      const token = bearerToken(request);
      if (!token) throw unauthorized('Send an API key (x-api-key, or Authorization: Bearer svc_…) or a Bearer access token');
      const user = await userPrincipal(token, deps.tokens);
      const workspaceId = await requestedWorkspace(auth, request, params, user.userId, deps.members);
      const role = await deps.members.role(workspaceId, user.userId);
      // A workspace the caller is not a member of does not exist for them.
      if (!role) throw notFound('Workspace');
      return { principal: { ...user, workspaceId, role } };
    }
    case 'endUser':
      return endUser(auth, request, deps);
    default: {
      const never: never = auth;
      throw new EmulatorError('INTERNAL_ERROR', `unknown auth kind ${JSON.stringify(never)}`);
    }
  }
}

/**
 * A key is bound to its workspace (core/tenant.ts): a request that also names a workspace in
 * `x-workspace-id` or `?workspaceId=` must name that one; another workspace is not found for it.
 */
function namesOwnWorkspace(request: Request, found: Authenticated): Authenticated {
  const named = request.headers.get('x-workspace-id') ?? queryWorkspaceId(request.url);
  // Refused after the key is known, so the journal still names it.
  if (named !== null && found.principal.kind === 'apiKey' && named !== found.principal.workspaceId) return { ...found, refusal: notFound('Workspace') };
  return found;
}

/**
 * An optional-credential route without a key: a Bearer token presented is still checked (401 when
 * bad, never silently anonymous) and binds the call (core/tenant.ts): a platform user to the
 * workspaces they are a member of, an embed token to its workspace. No credentials: anonymous.
 */
async function presentedOrAnonymous(request: Request, deps: AuthDeps): Promise<Authenticated> {
  const token = bearerToken(request);
  if (token === undefined) return { principal: { kind: 'anonymous' } };
  const check = await deps.tokens.verifyUserToken(token);
  if (check === 'expired') throw unauthorized('Access token has expired');
  if (check !== 'invalid') {
    const memberOf = await deps.members.workspacesOf(check.userId);
    return { principal: { kind: 'user', userId: check.userId, claims: check.claims, memberOf } };
  }
  const endUser = await deps.endUsers.fromToken(token);
  if (endUser === 'expired') throw unauthorized('Access token has expired');
  if (endUser === 'invalid') throw unauthorized('Invalid access token');
  return { principal: endUser };
}

const ANONYMOUS_SESSION = /^[A-Za-z0-9_.:-]{8,128}$/;

/** One field of a JSON body, read from a copy so the route still reads the body itself. */
async function jsonField(request: Request, field: string): Promise<unknown> {
  try {
    const body: unknown = await request.clone().json();
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}

async function endUser(auth: RouteAuth & { kind: 'endUser' }, request: Request, deps: AuthDeps): Promise<Authenticated> {
  const secret = apiKeyFromRequest(request);
  if (secret) {
    const found = await keyPrincipal(secret, deps.keys);
    const userId = request.headers.get('x-external-user-id');
    if (!userId) throw unauthorized('An API key speaks for an end user only with x-external-user-id');
    const external: ExternalUserHeaders = { userId };
    const email = request.headers.get('x-external-user-email');
    const name = request.headers.get('x-external-user-name');
    const tier = request.headers.get('x-external-user-tier');
    if (email) external.email = email;
    if (name) external.name = name;
    if (tier) external.tier = tier;
    const named = namesOwnWorkspace(request, found);
    if (named.refusal) return named;
    return { principal: await deps.endUsers.fromKey(found.key as KeyForAuth, external), ...(found.key && { key: found.key }) };
  }
  const token = bearerToken(request);
  if (token) {
    const resolved = await deps.endUsers.fromToken(token);
    if (resolved === 'expired') throw unauthorized('Access token has expired');
    if (resolved === 'invalid') throw unauthorized('Invalid access token');
    return { principal: resolved };
  }
  const session = request.headers.get('x-anonymous-session-id');
  if (session && auth.anonymous) {
    if (!ANONYMOUS_SESSION.test(session)) throw validationError('Invalid anonymous session id', [{ path: 'headers.x-anonymous-session-id', message: '8 to 128 letters, digits, _ . : -' }]);
    return { principal: { kind: 'endUser', via: 'anonymous', subject: `anon:${session}`, anonymousSessionId: session } };
  }
  const fromBody = auth.anonymous && auth.anonymousBodyField ? await jsonField(request, auth.anonymousBodyField) : undefined;
  if (typeof fromBody === 'string') {
    const path = `body.${auth.anonymousBodyField}`;
    if (!ANONYMOUS_SESSION.test(fromBody)) throw validationError('Invalid anonymous session id', [{ path, message: '8 to 128 letters, digits, _ . : -' }]);
    return { principal: { kind: 'endUser', via: 'anonymous', subject: `anon:${fromBody}`, anonymousSessionId: fromBody } };
  }
  throw unauthorized('Send a user access token, an API key with x-external-user-id' + (auth.anonymous ? ', or x-anonymous-session-id' : ''));
}

/** Permission and role checks. An empty key permission list is full access inside its workspace. */
export function authorize(auth: RouteAuth, principal: Principal): void {
  if (auth.kind !== 'apiKey' && auth.kind !== 'workspace') return;
  if (principal.kind === 'apiKey') {
    if (principal.permissions.length === 0) return;
    if (auth.kind === 'apiKey' && !auth.permission) return;
    if (auth.permission && principal.permissions.includes(auth.permission)) return;
    throw forbidden(auth.permission ? `API key lacks the ${auth.permission} permission` : 'This call needs an API key with full access');
  }
  if (auth.kind === 'workspace' && principal.kind === 'user' && principal.role) {
    if (RANK[principal.role] < NEEDED[auth.level]) throw forbidden(`Your role (${principal.role}) cannot ${auth.level === 'read' ? 'read' : auth.level === 'write' ? 'change' : 'manage'} this workspace`);
  }
}
