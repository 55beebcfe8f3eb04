// Connecting to an external tool server as an MCP client: the SDK's Client over Streamable HTTP (or
// the older SSE transport), every request through the world's outbound fetch (MSW intercepts it),
// answering its tool list or one tool call. Bounded: a few pages, a per-request timeout.
import type { OutboundFetch } from '../../core/area.js';
import type { McpRemoteTool, McpTransport } from '../../types/mcp.js';
import { mcpRemoteFailed } from './errors.js';

const TIMEOUT_MS = 10_000;
const MAX_PAGES = 10;

export interface RemoteServer {
  url: string;
  transport: McpTransport;
  headers: Record<string, string>;
}

/** Runs `use` with an SDK Client connected to the server; any failure is a 400 naming it. */
async function withClient<T>(outbound: OutboundFetch, server: RemoteServer, use: (client: import('@modelcontextprotocol/sdk/client/index.js').Client) => Promise<T>): Promise<T> {
  const [{ Client }, { StreamableHTTPClientTransport }, { SSEClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
  ]);
  const url = new URL(server.url);
  const requestInit: RequestInit = { headers: server.headers };
  const fetchFn = (input: string | URL, init?: RequestInit) => outbound(input, init);
  const transport =
    server.transport === 'sse'
      ? new SSEClientTransport(url, { fetch: fetchFn, requestInit, eventSourceInit: { fetch: (input, init) => fetchFn(input, { ...init, headers: { ...server.headers, ...(init?.headers as Record<string, string>) } }) } })
      : new StreamableHTTPClientTransport(url, { fetch: fetchFn, requestInit });
  const client = new Client({ name: 'service-emulator', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: TIMEOUT_MS });
    return await use(client);
  } catch (err) {
    throw mcpRemoteFailed(err instanceof Error ? err.message.slice(0, 500) : 'unknown error');
  } finally {
    await client.close().catch(() => undefined);
  }
}

export function listRemoteTools(outbound: OutboundFetch, server: RemoteServer): Promise<McpRemoteTool[]> {
  return withClient(outbound, server, async (client) => {
    const tools: McpRemoteTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: TIMEOUT_MS });
      for (const tool of answer.tools) {
        tools.push({ name: tool.name, ...(tool.description !== undefined && { description: tool.description }), inputSchema: tool.inputSchema as Record<string, unknown> });
      }
      cursor = answer.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  });
}

/** One `tools/call` on the remote server: its result as it answered it (content, isError, structuredContent). */
export function callRemoteTool(outbound: OutboundFetch, server: RemoteServer, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return withClient(outbound, server, async (client) => (await client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS })) as Record<string, unknown>);
}
