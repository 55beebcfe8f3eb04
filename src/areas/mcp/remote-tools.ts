// The tools of the external servers registered on a release (mcp-servers), offered by the release's
// own tool server beside its built-in ones: listed with the input schema discovery stored, called
// on the remote server through the world's outbound fetch, answered as the remote answered.
import { z } from 'zod';
import type { AreaContext } from '../../core/area.js';
import { parseJson } from '../../core/services.js';
import type { McpRemoteTool } from '../../types/mcp.js';
import type { ReleaseRecord } from '../releases/public.js';
import { callRemoteTool } from './remote.js';
import type { OfferedTool } from './server.js';
import { serverHeaders, type McpServerStore } from './servers-store.js';
import type { ToolScope } from './tools.js';

/** The stored JSON Schema as zod (so tools/list shows it again); anything zod cannot read takes any object. */
function inputOf(schema: Record<string, unknown> | undefined): z.ZodType {
  if (schema && schema.type === 'object') {
    try {
      return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodType;
    } catch {
      // An exotic schema: the remote server still validates its own input.
    }
  }
  return z.looseObject({});
}

/** Enabled servers' tools, in registration order; a name already taken (built-in or earlier server) is skipped. */
export async function remoteTools(ctx: AreaContext, servers: McpServerStore, release: ReleaseRecord, taken: Set<string>, scope: ToolScope): Promise<OfferedTool[]> {
  const offered: OfferedTool[] = [];
  for (const row of await servers.list(release.id)) {
    if (Number(row.enabled) !== 1) continue;
    const remote = { url: row.url, transport: row.transport as 'streamable-http' | 'sse', headers: serverHeaders(row) };
    for (const tool of parseJson<McpRemoteTool[]>(row.tools, [])) {
      if (taken.has(tool.name)) continue;
      taken.add(tool.name);
      offered.push({
        def: {
          name: tool.name,
          description: tool.description ?? `${tool.name} (tool server ${row.title})`,
          input: {},
          raw: true,
          run: (args) => callRemoteTool(ctx.outbound, remote, tool.name, args),
        },
        input: inputOf(tool.inputSchema),
        scopeOf: async () => scope,
      });
    }
  }
  return offered;
}
