// The tool servers (REAL-WIRE section 9): the account server `/mcp` (a signed-in user; tools take
// `workspaceId`) and a tenant's `/{whitelabelId}/mcp` (a workspace id, or a release id), behind the
// workspace switch and the release's `mcpConfig` (exposedTools, allowedScopes, mcpRateLimit,
// allowAnonymousMcp), answering JSON-RPC over Streamable HTTP.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import type { AreaContext } from '../../core/area.js';
import { notFound } from '../../core/errors.js';
import { DAY_MS, MINUTE_MS, rateLimitedError, tightest, type RateDecision } from '../../core/rate-limiter.js';
import { defineRoute, type HttpMethod, type RouteDef } from '../../core/route.js';
import type { McpConfig } from '../../types/releases.js';
import type { ReleaseRecord } from '../releases/public.js';
import { callerOf, checkScopes, resourceMetadataOf, servesMcp, type McpCaller } from './access.js';
import { mcpReleaseNotFound, mcpSwitchedOff, mcpTenantNotFound, mcpUnauthorized } from './errors.js';
import { methodNotAllowed, serveMcp, type OfferedTool } from './server.js';
import type { McpServerStore } from './servers-store.js';
import type { McpSettingsStore } from './settings-store.js';
import { remoteTools } from './remote-tools.js';
import { accountToolDefs, toolDefs } from './tools.js';

const TAG = 'mcp-config';
const DOCS = 'https://sdk.divinci.ai/mcp/whitelabel-servers/';
const RpcBodySchema = lazySchema(() => z.union([z.looseObject({ jsonrpc: z.literal('2.0'), method: z.string(), id: z.union([z.string(), z.number()]).optional(), params: z.unknown().optional() }), z.array(z.unknown())]));
const TenantParams = lazySchema(() => z.object({ whitelabelId: z.string().min(1).max(200) }));

export interface Tenant {
  workspaceId: string;
  /** The release whose `mcpConfig` governs the server (undefined: no release of the workspace serves MCP). */
  release?: ReleaseRecord;
}

/** A workspace id (its MCP-enabled release: `?releaseId=`, else the first) or a release id. */
export async function tenantOf(ctx: AreaContext, id: string, request: Request): Promise<Tenant | undefined> {
  const releases = ctx.area('releases');
  if (await ctx.area('workspaces').get(id)) {
    const named = new URL(request.url).searchParams.get('releaseId');
    if (named !== null) {
      const release = await releases.get(named, id);
      return { workspaceId: id, ...(release && servesMcp(release) && { release }) };
    }
    const release = (await releases.list(id)).find(servesMcp);
    return { workspaceId: id, ...(release && { release }) };
  }
  const release = await releases.get(id);
  if (!release) return undefined;
  return { workspaceId: release.workspaceId, ...(servesMcp(release) && { release }) };
}

function limit(ctx: AreaContext, release: ReleaseRecord, subject: string): void {
  const limits = (release.mcpConfig as McpConfig).mcpRateLimit;
  if (!limits) return;
  const now = ctx.clock.now();
  const bucket = `mcp-server:${release.id}:${subject}`;
  const decisions: RateDecision[] = [
    ctx.rateLimiter.hit(`${bucket}:minute`, limits.requestsPerMinute, MINUTE_MS, now),
    ctx.rateLimiter.hit(`${bucket}:day`, limits.requestsPerDay, DAY_MS, now),
  ];
  const shown = tightest(decisions) as RateDecision;
  if (!shown.allowed) throw rateLimitedError(shown, now, 'Tool-server rate limit exceeded (mcpRateLimit)');
}

async function tenantServer(ctx: AreaContext, settings: McpSettingsStore, servers: McpServerStore, request: Request, id: string, clientIp: string): Promise<Response> {
  const tenant = await tenantOf(ctx, id, request);
  if (!tenant) throw mcpTenantNotFound();
  if (!(await settings.enabled(tenant.workspaceId))) throw mcpSwitchedOff();
  const release = tenant.release;
  if (!release) throw notFound('MCP-enabled release (mcpConfig.enabled) of this workspace');
  const config = release.mcpConfig as McpConfig;
  const path = `${id}/mcp`;
  const metadata = resourceMetadataOf(request, path);
  let caller = await callerOf(ctx, request, path, true);
  // Someone else's key or a non-member's token does not reach this workspace (core/tenant.ts).
  if (caller && !caller.workspaces.includes(tenant.workspaceId)) {
    if (!config.allowAnonymousMcp) throw mcpTenantNotFound();
    caller = undefined;
  }
  if (!caller && !config.allowAnonymousMcp) throw mcpUnauthorized('This tool server needs a sign-in (OAuth) or an API key of its workspace', metadata, false);
  limit(ctx, release, caller?.subject ?? `anon:${clientIp}`);
  checkScopes(config, caller, metadata);
  const exposed = config.exposedTools ?? [];
  const scope = { workspaceId: tenant.workspaceId, release, caller };
  const builtIn = toolDefs(ctx);
  const offered: OfferedTool[] = [
    ...builtIn.map((def) => ({ def, input: def.input, scopeOf: async () => scope })),
    ...(await remoteTools(ctx, servers, release, new Set(builtIn.map((d) => d.name)), scope)),
  ];
  const tools = offered.filter((tool) => exposed.length === 0 || exposed.includes(tool.def.name));
  return serveMcp(request, `${release.name} (tool server)`, tools);
}

async function accountServer(ctx: AreaContext, request: Request): Promise<Response> {
  const caller = await callerOf(ctx, request, 'mcp', false);
  if (!caller) throw mcpUnauthorized('The account tool server needs a sign-in (OAuth)', resourceMetadataOf(request, 'mcp'), false);
  const reach = async (args: Record<string, unknown>, needsRelease: boolean, who: McpCaller) => {
    const workspaceId = args.workspaceId as string;
    if (!who.workspaces.includes(workspaceId)) throw notFound('Workspace');
    if (!needsRelease) return { workspaceId, caller: who };
    const release = await ctx.area('releases').get(args.releaseId as string, workspaceId);
    if (!release || release.doc?.deprecatedAt !== undefined) throw mcpReleaseNotFound();
    return { workspaceId, release, caller: who };
  };
  const ws = { workspaceId: z.string().min(1).max(200) };
  const rel = { releaseId: z.string().min(1).max(200) };
  const tools: OfferedTool[] = [...accountToolDefs(ctx), ...toolDefs(ctx)].map((def) =>
    def.name === 'list_workspaces'
      ? { def, input: def.input, scopeOf: async () => ({ workspaceId: '', caller }) }
      : { def, input: { ...ws, ...(def.needsRelease && rel), ...def.input }, scopeOf: (args) => reach(args, def.needsRelease === true, caller) },
  );
  return serveMcp(request, 'service-emulator account (tool server)', tools);
}

export function serverRoutes(ctx: AreaContext, settings: McpSettingsStore, servers: McpServerStore): RouteDef[] {
  const routes: RouteDef[] = [];
  const verbs: { method: HttpMethod; summary: string }[] = [
    { method: 'POST', summary: 'JSON-RPC messages (initialize, tools/list, tools/call) over Streamable HTTP; JSON answers' },
    { method: 'GET', summary: 'No server stream: 405 (the server is stateless)' },
    { method: 'DELETE', summary: 'No session to end: 405 (the server is stateless)' },
  ];
  for (const { method, summary } of verbs) {
    routes.push(
      defineRoute({
        method,
        path: '/mcp',
        tag: TAG,
        summary: `Account tool server (MCP): ${summary}; a user's Bearer token (OAuth), tools take workspaceId`,
        auth: { kind: 'none' },
        realClient: 'https://sdk.divinci.ai/mcp/whitelabel-servers/ (Account MCP at /mcp)',
        ...(method === 'POST' && { bodyDoc: { schema: RpcBodySchema, mediaTypes: ['application/json'], required: true } }),
        handler: async ({ request }) => (method === 'POST' ? accountServer(ctx, request) : methodNotAllowed()),
      }),
      defineRoute({
        method,
        path: '/:whitelabelId/mcp',
        tag: TAG,
        summary: `A tenant's tool server (MCP; whitelabelId = workspace or release id): ${summary}`,
        auth: { kind: 'none' },
        realClient: `${DOCS} (Release MCP at /{whitelabelId}/mcp)`,
        params: TenantParams,
        ...(method === 'POST' && { bodyDoc: { schema: RpcBodySchema, mediaTypes: ['application/json'], required: true } }),
        handler: async ({ request, params, clientIp }) => {
          const { whitelabelId } = params as z.infer<typeof TenantParams>;
          if (method === 'POST') return tenantServer(ctx, settings, servers, request, whitelabelId, clientIp);
          if (!(await tenantOf(ctx, whitelabelId, request))) throw mcpTenantNotFound();
          return methodNotAllowed();
        },
      }),
    );
  }
  return routes;
}
