// Routes as data: each area exports a table of these; the core mounts them, and the OpenAPI
// document and spec coverage are computed from the same tables.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * API-key scopes (`category:action`): the spec's four, and the ones the server SDK documents
 * (REAL-WIRE section 9). An empty permission list is full access inside the workspace.
 */
export const PERMISSIONS = [
  'transcript:read',
  'transcript:write',
  'rag:read',
  'rag:write',
  'release:read',
  'release:write',
  'finetune:read',
  'finetune:write',
  'whitelabel:read',
  'whitelabel:write',
  'analytics:read',
  'byok:read',
  'byok:write',
  'byok:resolve',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Features with their own per-key rate-limit windows (spec section 8). */
export type RateFeature = 'transcripts' | 'rag';

export type Role = 'owner' | 'admin' | 'editor' | 'viewer';

/** What a management call does: read, change content, or manage keys and members. */
export type AccessLevel = 'read' | 'write' | 'admin';

export type RouteAuth =
  | { kind: 'none' }
  /**
   * A workspace API key in `x-api-key` or as `Authorization: Bearer svc_…`; when `optional`, a
   * missing key is allowed. `userTokenHint` is the 401 message for a user's access token.
   * With `optional`, presented credentials still bind (core/tenant.ts): a key, a member's access
   * token or an end user's embed token is checked (401 when invalid) and held to its workspaces.
   */
  | { kind: 'apiKey'; permission?: Permission; feature?: RateFeature; optional?: boolean; userTokenHint?: string }
  /**
   * A platform user's Bearer token, not tied to a workspace (workspace list and create). A valid
   * API key sent as Bearer here answers 403: keys never act as users.
   */
  | { kind: 'bearer' }
  /**
   * A management call on one workspace: its API key (with full access, or the named permission)
   * or the Bearer token of a member whose role allows `level`. The workspace comes from the path
   * parameter `param`, else the `x-workspace-id` header or `workspaceId` query, else the user's
   * only workspace.
   */
  | { kind: 'workspace'; level: AccessLevel; param?: string; permission?: Permission; feature?: RateFeature }
  /**
   * An end user of a deployed release (spec section 5, client library): an embed or platform
   * Bearer token, a workspace API key with an external user (`x-external-user-id`, optional
   * `x-external-user-email`, `-name`, `-tier`), or, when `anonymous`, an anonymous session
   * (`x-anonymous-session-id`) that the route then checks against the release's authMode.
   */
  | {
      kind: 'endUser';
      anonymous?: boolean;
      feature?: RateFeature;
      /** With `anonymous`: a JSON body field that names the anonymous session when no header does (terms accept). */
      anonymousBodyField?: string;
    };

export interface ApiKeyPrincipal {
  kind: 'apiKey';
  keyId: string;
  workspaceId: string;
  permissions: string[];
}

export interface UserPrincipal {
  kind: 'user';
  userId: string;
  /** Set on workspace routes: the workspace resolved for the call and the caller's role in it. */
  workspaceId?: string;
  role?: Role;
  /** Set on optional-credential routes: every workspace the user is a member of (the tenant rule, core/tenant.ts). */
  memberOf?: string[];
  claims: Record<string, unknown>;
}

/** Who chats: usage and quotas are counted against `subject`. */
export interface EndUserPrincipal {
  kind: 'endUser';
  via: 'embed' | 'platform' | 'apiKey' | 'anonymous';
  /** The usage subject: `apikeyuser:ID`, `user:ID` or `anon:SESSION`. */
  subject: string;
  /** Set when the identity is bound to a workspace (embed tokens and API keys). */
  workspaceId?: string;
  /** Set when the identity is bound to one release (embed tokens). */
  releaseId?: string;
  userId?: string;
  apiKeyUserId?: string;
  externalUserId?: string;
  keyId?: string;
  tier?: string;
  anonymousSessionId?: string;
}

export type Principal = { kind: 'anonymous' } | ApiKeyPrincipal | UserPrincipal | EndUserPrincipal;

/** The workspace a keyed or workspace-scoped call acts on; the core guarantees one is set. */
export function workspaceOf(principal: Principal): string {
  if (principal.kind === 'apiKey') return principal.workspaceId;
  if ((principal.kind === 'user' || principal.kind === 'endUser') && principal.workspaceId) return principal.workspaceId;
  throw new Error('route has no workspace: check its auth kind');
}

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  principal: Principal;
  request: Request;
  clientIp: string;
  /** The id this request is answered under (`x-request-id`, `error.requestId`). */
  requestId: string;
}

/** What a handler answers: a value sent as JSON with the route's status, or a ready Response. */
export type RouteResult = unknown;

export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  /** Path in the router's syntax, e.g. `/api/v1/transcripts/:transcriptId`. */
  path: string;
  /** The spec's tag (route area), used to group the OpenAPI document. */
  tag: string;
  summary: string;
  auth: RouteAuth;
  /** Marks routes whose shape the spec does not show: the emulator defines them. */
  emulatorDefined?: boolean;
  /**
   * The public client of the real service whose requests this route follows (repository and path,
   * or documentation address): shown as `x-real-client` in the OpenAPI document and the README.
   */
  realClient?: string;
  body?: z.ZodType<B>;
  /**
   * A plain check of the body's common shape, tried before `body`: it answers exactly the value
   * `body` parses an accepted body to, or undefined to leave the body to `body`, so every refusal
   * and every rarer shape get zod's answer and words (a create's hot path, without zod's cost).
   */
  quickBody?: (value: unknown) => B | undefined;
  /** An empty body counts as `{}` (for control calls whose fields are all optional). */
  bodyOptional?: boolean;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  response?: z.ZodType;
  /**
   * The body of a route that reads its request itself (forms, multipart uploads, signed or
   * JSON-RPC bodies): described in the OpenAPI document, never parsed by the core.
   */
  bodyDoc?: { schema: z.ZodType; mediaTypes: string[]; required?: boolean };
  /** The media type of a route that answers something other than JSON (the dashboard's HTML page). */
  mediaType?: string;
  status?: number;
  /**
   * A GET whose JSON answer depends only on the caller, the URL, the stored rows and the clock
   * (no random draws, no in-memory state, no writes): its serialised answer is reused until
   * anything changes (src/core/answer-cache.ts). `'timeless'`: the clock is not among them either,
   * so under the real clock, which moves every millisecond, the answer is kept across instants.
   */
  cacheable?: boolean | 'timeless';
  /** Writes run in one transaction unless a route opts out (the control API swaps whole states). */
  transactional?: boolean;
  handler: (input: RouteInput<B, Q, P>) => Promise<RouteResult> | RouteResult;
}

/** Keeps a route's schemas and handler types in step without repeating them. */
export function defineRoute<B = undefined, Q = undefined, P = undefined>(route: RouteDef<B, Q, P>): RouteDef {
  return route as unknown as RouteDef;
}
