// mcp-servers discovery: the emulator connects to an external tool server as a stock MCP client
// (the SDK's Client and StreamableHTTPClientTransport, its fetch = the service's outbound fetch)
// and stores its tool list; `POST /api/v1/releases/from-mcp` (the CLI's `release create-from-mcp`)
// makes a release that registers and exposes it. The remote is an SDK McpServer on 127.0.0.1 port 0
// (HTTP door), or the same server behind an MSW handler (MSW door). The release's own tool server
// then offers the remote tools and calls them there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHandlers } from '../../src/adapters/msw.js';
import { startServer } from '../../src/adapters/node-server.js';
import { createEmulator, type Emulator } from '../../src/index.js';

const KEY_FULL = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4mTyACho598A26b3EMtIA5EJzVsL684Y6qyz9KGJ';

/** The remote tool server: two tools, and it checks the header the registration carries. */
function remoteServer(): McpServer {
  const server = new McpServer({ name: 'weather-tools', version: '0.1.0' });
  server.registerTool('forecast', { description: 'Tomorrow\'s weather for a city', inputSchema: { city: z.string() } }, async ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }));
  server.registerTool('echo', { description: 'Echoes its input', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

const authorized = (header: string | null | undefined) => header === 'Bearer remote-secret';

interface Setup {
  base: string;
  remoteUrl: string;
  close(): Promise<void>;
}

async function httpSetup(emulator: Emulator): Promise<Setup> {
  const door = await startServer(emulator, { port: 0 });
  const remote: Server = createServer(async (req, res) => {
    if (!authorized(req.headers.authorization)) {
      res.writeHead(401).end();
      return;
    }
    const server = remoteServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    res.on('close', () => void server.close());
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  const port = (remote.address() as AddressInfo).port;
  return {
    base: door.url,
    remoteUrl: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await new Promise((resolve) => remote.close(resolve));
      await door.close();
    },
  };
}

async function mswSetup(emulator: Emulator): Promise<Setup> {
  const base = 'http://emulator.test';
  const remoteUrl = 'https://tools.example.test/mcp';
  const msw = setupServer(
    ...createHandlers(emulator, { baseUrl: base }),
    http.all(remoteUrl, async ({ request }) => {
      if (!authorized(request.headers.get('authorization'))) return new Response(null, { status: 401 });
      const server = remoteServer();
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      return transport.handleRequest(request);
    }),
  );
  msw.listen({ onUnhandledRequest: 'error' });
  return { base, remoteUrl, close: async () => msw.close() };
}

describe.each([
  ['http', httpSetup],
  ['msw', mswSetup],
] as const)('mcp-servers discovery through the %s door', (_name, setup) => {
  let emulator: Emulator;
  let env: Setup;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${env.base}${path}`, { method, headers: { 'x-api-key': KEY_FULL, 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>) };
  };

  beforeAll(async () => {
    emulator = await createEmulator({ onInternalError: (err) => console.error(err) });
    env = await setup(emulator);
  });
  afterAll(async () => {
    await env.close();
    await emulator.close();
  });

  it('registers a server on a release, discovers its tools with the stored headers, never shows them', async () => {
    const created = await call('POST', '/api/v1/releases/rel_help/mcp-servers', { title: 'Weather', url: env.remoteUrl, headers: { Authorization: 'Bearer remote-secret' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Weather', transport: 'streamable-http', enabled: true, headerNames: ['Authorization'], tools: [], discoveredAt: null });
    expect(JSON.stringify(created.body)).not.toContain('remote-secret');
    const id = created.body!._id as string;
    const discovered = await call('POST', `/api/v1/releases/rel_help/mcp-servers/${id}/discover`);
    expect(discovered.status).toBe(200);
    expect((discovered.body!.tools as { name: string }[]).map((t) => t.name)).toEqual(['forecast', 'echo']);
    expect(discovered.body!.discoveredAt).toEqual(expect.any(String));
    // Without the header the remote refuses: a 400 naming the failure, tools kept.
    await call('PATCH', `/api/v1/releases/rel_help/mcp-servers/${id}`, { headers: null });
    const refused = await call('POST', `/api/v1/releases/rel_help/mcp-servers/${id}/discover`);
    expect(refused.status).toBe(400);
    expect((await call('GET', `/api/v1/releases/rel_help/mcp-servers/${id}`)).body).toMatchObject({ headerNames: [], tools: [{ name: 'forecast' }, { name: 'echo' }] });
  });

  it('makes a release from a tool server (release create-from-mcp --url --name)', async () => {
    const made = await call('POST', '/api/v1/releases/from-mcp', { url: env.remoteUrl, name: 'Weather bot', headers: { Authorization: 'Bearer remote-secret' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: 'Weather bot', status: 'draft', mcpConfig: { enabled: true, exposedTools: ['forecast', 'echo'] } });
    const releaseId = made.body!._id as string;
    const listed = await call('GET', `/api/v1/releases/${releaseId}/mcp-servers`);
    expect(listed.body).toMatchObject({ total: 1, data: [{ url: env.remoteUrl, tools: [{ name: 'forecast' }, { name: 'echo' }] }] });
    expect((await call('GET', `/api/v1/releases/${releaseId}`)).body).toMatchObject({ name: 'Weather bot' });
    // The release's own tool server offers the remote tools and calls them on the remote server.
    const alice = emulator.handles.users.find((u) => u.id === 'user_alice')!.accessToken;
    await fetch(`${env.base}/white-label/ws_acme/mcp-settings`, { method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, body: '{"enabled":true}' });
    const client = new Client({ name: 'consumer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${env.base}/${releaseId}/mcp`), { requestInit: { headers: { authorization: `Bearer ${KEY_FULL}` } } }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['forecast', 'echo']);
    expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string' } } });
    expect(await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).toMatchObject({ content: [{ type: 'text', text: 'Sunny in Paris' }] });
    await client.close();
  });
});
