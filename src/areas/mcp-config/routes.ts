// GET /api/v1/mcp-config/{whitelabelId} (spec section 4, no auth declared): a release's tool-server
// configuration, behind its own per-client-address minute and day windows and, unless it allows
// anonymous use, a credential check.
import { defineRoute, type RouteDef } from '../../core/route.js';
import { jsonResponse } from '../../core/json-response.js';
import { DAY_MS, MINUTE_MS, rateLimitHeaders, rateLimitedError, tightest, type RateDecision, type RateLimiter } from '../../core/rate-limiter.js';
import type { McpConfig } from '../../types/releases.js';
import type { ReleaseStore } from '../releases/public.js';
import { mcpConfigNotFound, mcpCredentialRequired } from './errors.js';
import { McpConfigAnswerSchema, McpConfigParamsSchema } from './schema.js';
import { apiKeyFromRequest } from '../../core/auth.js';

export interface McpConfigDeps {
  releases: ReleaseStore;
  limiter: RateLimiter;
  now(): number;
  /** The workspace of an active, unexpired API key, or undefined. */
  keyWorkspace(secret: string): Promise<string | undefined>;
  /** Whether a Bearer token is one the emulator issued and still honours (platform, OAuth or embed). */
  tokenValid(token: string): Promise<boolean>;
  /**
   * The workspaces a valid Bearer token speaks for (a member's, or an embed token's one), or
   * undefined when the token is not valid: presented credentials are binding (core/tenant.ts).
   */
  tokenWorkspaces?(token: string): Promise<string[] | undefined>;
}

async function checkCredential(deps: McpConfigDeps, request: Request, workspaceId: string): Promise<void> {
  // A key in x-api-key or as Bearer (REAL-WIRE section 1); any other Bearer is an access token.
  const secret = apiKeyFromRequest(request);
  if (secret) {
    const keyed = await deps.keyWorkspace(secret);
    if (keyed === undefined) throw mcpCredentialRequired('Invalid API key for this tool server');
    // Another workspace's valid key: this release does not exist for it (the tenant rule).
    if (keyed !== workspaceId) throw mcpConfigNotFound();
    return;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) throw mcpCredentialRequired();
  const token = match[1] as string;
  if (!(await deps.tokenValid(token))) throw mcpCredentialRequired('Invalid or expired access token');
  if (deps.tokenWorkspaces) {
    const reach = await deps.tokenWorkspaces(token);
    if (reach === undefined) throw mcpCredentialRequired('Invalid or expired access token');
    if (!reach.includes(workspaceId)) throw mcpConfigNotFound();
  }
}

export function mcpConfigRoutes(deps: McpConfigDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/mcp-config/:whitelabelId',
      tag: 'mcp-config',
      summary: 'Tool-server configuration of a release (whitelabelId = release id); 404 when not enabled',
      auth: { kind: 'none' },
      emulatorDefined: true,
      params: McpConfigParamsSchema,
      response: McpConfigAnswerSchema,
      handler: async ({ params, request, clientIp }) => {
        const release = await deps.releases.get(params.whitelabelId);
        const config = release?.mcpConfig as McpConfig | undefined;
        if (!release || !config || config.enabled !== true) throw mcpConfigNotFound();
        let headers: Record<string, string> = {};
        const limits = config.mcpRateLimit;
        if (limits) {
          const now = deps.now();
          const bucket = `mcp:${release.id}:${clientIp}`;
          const decisions: RateDecision[] = [
            deps.limiter.hit(`${bucket}:minute`, limits.requestsPerMinute, MINUTE_MS, now),
            deps.limiter.hit(`${bucket}:day`, limits.requestsPerDay, DAY_MS, now),
          ];
          const shown = tightest(decisions) as RateDecision;
          if (!shown.allowed) throw rateLimitedError(shown, now, 'Tool-server rate limit exceeded');
          headers = rateLimitHeaders(shown, now);
        }
        if (config.allowAnonymousMcp === false) await checkCredential(deps, request, release.workspaceId);
        return jsonResponse(config, 200, headers);
      },
    }),
  ];
}
