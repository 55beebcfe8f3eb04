// Who calls a tool server and what it may reach: a member's Bearer token (platform or OAuth, its
// scopes and audience), a workspace API key (release servers only), or nobody when the release
// allows anonymous use; and which release a `/{whitelabelId}/mcp` server speaks for.
import { apiKeyFromRequest } from '../../core/auth.js';
import type { AreaContext } from '../../core/area.js';
import type { McpConfig } from '../../types/releases.js';
import type { ReleaseRecord } from '../releases/public.js';
import { mcpInsufficientScope, mcpUnauthorized } from './errors.js';

export interface McpCaller {
  kind: 'user' | 'apiKey' | 'anonymous';
  /** Usage and rate-limit subject: `user:ID`, `apikey:KEY` or `anon:IP`. */
  subject: string;
  userId?: string;
  keyId?: string;
  /** Workspaces the caller reaches (a key: its own; a user: every membership). */
  workspaces: string[];
  /** Granted scopes, or undefined for all (platform tokens, full-access keys). */
  scopes?: string[];
}

/** Where the RFC 9728 metadata of the MCP resource at `path` (`mcp` or `{id}/mcp`) lives. */
export const resourceMetadataOf = (request: Request, path: string): string => `${new URL(request.url).origin}/.well-known/oauth-protected-resource/${path}`;

const bearerOf = (request: Request): string | undefined => /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];

/** The audiences of a token that name an MCP resource (RFC 8707), as paths: `/mcp`, `/{id}/mcp`. */
function mcpAudiences(aud: unknown): string[] {
  const list = Array.isArray(aud) ? aud : typeof aud === 'string' ? [aud] : [];
  return list.filter((a): a is string => typeof a === 'string' && URL.canParse(a) && new URL(a).pathname.endsWith('/mcp')).map((a) => new URL(a).pathname);
}

/**
 * The caller of a tool server at `path`. `keys` says whether API keys are taken (release servers
 * take them; the account server, like the real one, wants a user's sign-in). Undefined when no
 * credential was sent: the route decides whether anonymous use is allowed.
 */
export async function callerOf(ctx: AreaContext, request: Request, path: string, keys: boolean): Promise<McpCaller | undefined> {
  const metadata = resourceMetadataOf(request, path);
  const secret = apiKeyFromRequest(request);
  if (secret) {
    if (!keys) throw mcpUnauthorized('The account tool server takes a user sign-in (OAuth), not an API key', metadata, true);
    const key = await ctx.area('api-keys').findBySecret(secret);
    if (!key || key.status !== 'active') throw mcpUnauthorized('Invalid API key for this tool server', metadata, true);
    return {
      kind: 'apiKey',
      subject: `apikey:${key.id}`,
      keyId: key.id,
      workspaces: [key.workspaceId],
      ...(key.permissions.length > 0 && { scopes: key.permissions }),
    };
  }
  const token = bearerOf(request);
  if (token === undefined) {
    if (request.headers.has('authorization')) throw mcpUnauthorized('Authorization must be "Bearer <access token>"', metadata, true);
    return undefined;
  }
  const verified = await ctx.signer().verify(token);
  if (typeof verified === 'string') throw mcpUnauthorized(verified === 'expired' ? 'Access token has expired' : 'Invalid access token', metadata, true);
  const { claims } = verified;
  if (claims.kind !== undefined && claims.kind !== 'platform') throw mcpUnauthorized('Invalid access token', metadata, true);
  if (typeof claims.jti === 'string' && (await ctx.area('oauth').store.isRevoked(claims.jti))) throw mcpUnauthorized('Invalid access token', metadata, true);
  if (!(await ctx.area('users').get(verified.userId))) throw mcpUnauthorized('Invalid access token', metadata, true);
  // A token bound to another tool server (RFC 8707 resource) is not good here.
  const audiences = mcpAudiences(claims.aud);
  if (audiences.length > 0 && !audiences.includes(`/${path}`)) throw mcpUnauthorized('This access token was issued for another tool server', metadata, true);
  const scope = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : undefined;
  return {
    kind: 'user',
    subject: `user:${verified.userId}`,
    userId: verified.userId,
    workspaces: await ctx.area('workspaces').workspacesOf(verified.userId),
    ...(scope && { scopes: scope }),
  };
}

/** `allowedScopes` (non-empty): the caller's grant must hold at least one of them. */
export function checkScopes(config: McpConfig, caller: McpCaller | undefined, metadata: string): void {
  const allowed = config.allowedScopes ?? [];
  if (allowed.length === 0 || !caller || caller.scopes === undefined) return;
  if (!caller.scopes.some((s) => allowed.includes(s))) throw mcpInsufficientScope(allowed, metadata);
}

/** A release that serves MCP: published or draft, not withdrawn, with `mcpConfig.enabled`. */
export function servesMcp(release: ReleaseRecord): boolean {
  const config = release.mcpConfig as McpConfig | undefined;
  return config?.enabled === true && release.status !== 'archived' && release.doc?.deprecatedAt === undefined;
}
