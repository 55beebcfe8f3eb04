// One tool-server exchange: an McpServer of the SDK (imported on first use) with the tools this
// caller may see, over the SDK's web-standard Streamable HTTP transport in stateless JSON mode, so
// the whole exchange (tool calls included) runs inside the route's transaction.
import { z } from 'zod';
import type { ToolDef, ToolScope } from './tools.js';
import { toolErrorText } from './tools.js';

type McpModule = typeof import('@modelcontextprotocol/sdk/server/mcp.js');
type TransportModule = typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');

// The module, not state: every world shares the same code once loaded.
let sdk: Promise<[McpModule, TransportModule]> | undefined;
const loadSdk = () => (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/mcp.js'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]));

export const SERVER_VERSION = '1.0.0';

/** A tool as this server offers it: its definition and how a call's arguments become its scope. */
export interface OfferedTool {
  def: ToolDef;
  input: z.ZodRawShape | z.ZodType;
  scopeOf(args: Record<string, unknown>): Promise<ToolScope>;
}

export async function serveMcp(request: Request, name: string, tools: OfferedTool[]): Promise<Response> {
  const [{ McpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadSdk();
  const server = new McpServer({ name, version: SERVER_VERSION }, { capabilities: { tools: {} } });
  for (const tool of tools) {
    server.registerTool(tool.def.name, { description: tool.def.description, inputSchema: tool.input }, async (args: Record<string, unknown>) => {
      try {
        const result = (await tool.def.run(args, await tool.scopeOf(args))) as Record<string, unknown>;
        if (tool.def.raw) return result as { content: { type: 'text'; text: string }[] };
        return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], structuredContent: result };
      } catch (err) {
        return { isError: true, content: [{ type: 'text' as const, text: toolErrorText(err) }] };
      }
    });
  }
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

/** GET and DELETE of a stateless server: no stream to open, no session to end (MCP Streamable HTTP). */
export function methodNotAllowed(): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; POST JSON-RPC messages' }, id: null }), {
    status: 405,
    headers: { 'content-type': 'application/json', allow: 'POST' },
  });
}
