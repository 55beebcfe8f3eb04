// mcp-servers (spec tag): external tool servers registered on a release — CRUD (headers are
// write-only), discovery of their tools through the world's outbound fetch, and a release made
// from one tool server (the CLI's `release create-from-mcp --url --name`).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import type { AreaContext } from '../../core/area.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import {
  McpServerCreateSchema,
  McpServerPatchSchema,
  McpServerRecordSchema,
  ReleaseFromMcpInputSchema,
  type McpServerCreate,
  type McpServerPatch,
  type ReleaseFromMcpInput,
} from '../../types/mcp.js';
import { mcpReleaseNotFound, mcpServerNotFound } from './errors.js';
import { listRemoteTools } from './remote.js';
import { serverHeaders, serverRecord, type McpServerStore } from './servers-store.js';

const TAG = 'mcp-servers';
const ReleaseParams = lazySchema(() => z.object({ releaseId: z.string().min(1).max(200) }));
const ServerParams = lazySchema(() => ReleaseParams.extend({ serverId: z.string().min(1).max(200) }));
type RP = z.infer<typeof ReleaseParams>;
type SP = z.infer<typeof ServerParams>;
const READ = { kind: 'workspace', level: 'read', permission: 'release:read' } as const;
const WRITE = { kind: 'workspace', level: 'write', permission: 'release:write' } as const;
const ListSchema = lazySchema(() => z.object({ data: z.array(McpServerRecordSchema), total: z.number().int() }));

export function serversRoutes(ctx: AreaContext, servers: McpServerStore): RouteDef[] {
  const releaseOf = async (workspaceId: string, releaseId: string) => {
    const release = await ctx.area('releases').get(releaseId, workspaceId);
    if (!release) throw mcpReleaseNotFound();
    return release;
  };
  const rowOf = async (workspaceId: string, p: SP) => {
    await releaseOf(workspaceId, p.releaseId);
    const row = await servers.row(p.releaseId, p.serverId);
    if (!row) throw mcpServerNotFound();
    return row;
  };
  const base = '/api/v1/releases/:releaseId/mcp-servers';
  return [
    defineRoute<undefined, undefined, RP>({
      method: 'GET',
      path: base,
      tag: TAG,
      summary: 'External tool servers registered on a release',
      auth: READ,
      emulatorDefined: true,
      params: ReleaseParams,
      response: ListSchema,
      handler: async ({ principal, params }) => {
        await releaseOf(workspaceOf(principal), params.releaseId);
        const data = (await servers.list(params.releaseId)).map(serverRecord);
        return { data, total: data.length };
      },
    }),
    defineRoute<McpServerCreate, undefined, RP>({
      method: 'POST',
      path: base,
      tag: TAG,
      summary: 'Register an external tool server on a release {title, url, transport, headers (write-only), enabled}',
      auth: WRITE,
      emulatorDefined: true,
      params: ReleaseParams,
      body: McpServerCreateSchema,
      response: McpServerRecordSchema,
      status: 201,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        await releaseOf(workspaceId, params.releaseId);
        const row = await servers.insert({ workspaceId, releaseId: params.releaseId, title: body.title, url: body.url, transport: body.transport, headers: body.headers ?? {}, enabled: body.enabled });
        return serverRecord(row);
      },
    }),
    defineRoute<undefined, undefined, SP>({
      method: 'GET',
      path: `${base}/:serverId`,
      tag: TAG,
      summary: 'One registered tool server',
      auth: READ,
      emulatorDefined: true,
      params: ServerParams,
      response: McpServerRecordSchema,
      handler: async ({ principal, params }) => serverRecord(await rowOf(workspaceOf(principal), params)),
    }),
    defineRoute<McpServerPatch, undefined, SP>({
      method: 'PATCH',
      path: `${base}/:serverId`,
      tag: TAG,
      summary: 'Change a registered tool server (headers replace the stored ones; null clears them)',
      auth: WRITE,
      emulatorDefined: true,
      params: ServerParams,
      body: McpServerPatchSchema,
      response: McpServerRecordSchema,
      handler: async ({ principal, params, body }) => {
        const row = await rowOf(workspaceOf(principal), params);
        const { headers, ...rest } = body;
        const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        return serverRecord(await servers.patch(row, { ...patch, ...(headers !== undefined && { headers: headers ?? {} }) }));
      },
    }),
    defineRoute<undefined, undefined, SP>({
      method: 'DELETE',
      path: `${base}/:serverId`,
      tag: TAG,
      summary: 'Remove a registered tool server',
      auth: WRITE,
      emulatorDefined: true,
      params: ServerParams,
      status: 204,
      handler: async ({ principal, params }) => {
        await servers.delete(await rowOf(workspaceOf(principal), params));
        return new Response(null, { status: 204 });
      },
    }),
    defineRoute<undefined, undefined, SP>({
      method: 'POST',
      path: `${base}/:serverId/discover`,
      tag: TAG,
      summary: 'Connect to the tool server (MCP client through the service\'s outbound HTTP) and store its tool list; 400 when it cannot be reached',
      auth: WRITE,
      emulatorDefined: true,
      params: ServerParams,
      response: McpServerRecordSchema,
      handler: async ({ principal, params }) => {
        const row = await rowOf(workspaceOf(principal), params);
        const tools = await listRemoteTools(ctx.outbound, { url: row.url, transport: row.transport as 'streamable-http' | 'sse', headers: serverHeaders(row) });
        return serverRecord(await servers.discovered(row, { tools }));
      },
    }),
    defineRoute<ReleaseFromMcpInput>({
      method: 'POST',
      path: '/api/v1/releases/from-mcp',
      tag: 'releases',
      summary: 'A draft release made from a tool server (CLI `release create-from-mcp --url --name`): registers it and exposes its tools',
      auth: WRITE,
      emulatorDefined: true,
      body: ReleaseFromMcpInputSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const headers = body.headers ?? {};
        const tools = await listRemoteTools(ctx.outbound, { url: body.url, transport: body.transport, headers });
        const name = body.name ?? `Tool server ${new URL(body.url).host}`;
        const releases = ctx.area('releases');
        const releaseId = await releases.insert(workspaceId, {
          name,
          status: 'draft',
          authMode: 'required',
          config: {},
          allowedOrigins: [],
          mcpConfig: { enabled: true, exposedTools: tools.map((t) => t.name) },
          ...(principal.kind === 'user' && { createdBy: principal.userId }),
        });
        const row = await servers.insert({ workspaceId, releaseId, title: name, url: body.url, transport: body.transport, headers, enabled: true });
        const server = serverRecord(await servers.discovered(row, { tools }));
        const release = await releases.get(releaseId, workspaceId);
        return { _id: releaseId, id: releaseId, title: name, name, status: release?.status ?? 'draft', workspaceId, mcpConfig: release?.mcpConfig ?? null, mcpServers: [server] };
      },
    }),
  ];
}
