// The stock @modelcontextprotocol/sdk Client (StreamableHTTPClientTransport with an OAuthClientProvider
// written here) against the emulator's tool servers, through both doors: discovery of the tenant's
// own authorization server (RFC 9728 → RFC 8414 path form), registration, PKCE sign-in played by a
// person at the sign-in page, then tools/list and tools/call; the switch, exposedTools,
// allowAnonymousMcp and mcpRateLimit enforced (https://sdk.divinci.ai/mcp/whitelabel-servers/).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { openDoor, type Door } from '../support/doors.js';
import { MemoryProvider } from './mcp-provider.js';
import { signInAt } from './person.js';

const KEY_FULL = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4mTyACho598A26b3EMtIA5EJzVsL684Y6qyz9KGJ';

/** Connects the stock client, signing in as `userId` when the server asks (the OAuth redirect played headlessly). */
async function connectWithOAuth(url: string, provider: MemoryProvider, userId = 'user_alice'): Promise<Client> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const client = new Client({ name: 'interop', version: '1.0.0' });
  if (!provider.saved) {
    await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const callback = await signInAt(provider.sentTo!, userId);
    await first.finishAuth(callback.searchParams.get('code')!);
  }
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const ready = new Client({ name: 'interop', version: '1.0.0' });
  await ready.connect(transport);
  return ready;
}

const textOf = (result: unknown) => JSON.parse(((result as { content: { text: string }[] }).content[0] as { text: string }).text) as Record<string, unknown>;

describe.each(['http', 'msw'] as const)('MCP SDK client against the tool servers through the %s door', (doorName) => {
  let emulator: Emulator;
  let door: Door;
  let base: string;
  const admin = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await door.fetch(path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : { 'x-api-key': KEY_FULL }) },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json();
  };
  const alice = () => emulator.handles.users.find((u) => u.id === 'user_alice')!.accessToken;
  const mcpConfig = (config: Record<string, unknown>) => admin('PATCH', '/api/v1/releases/rel_help', { mcpConfig: config });

  beforeAll(async () => {
    emulator = await createEmulator({ onInternalError: (err) => console.error(err) });
    door = await openDoor(doorName, emulator);
    await emulator.serveAt(door.baseUrl);
    base = new URL(door.baseUrl).origin;
  });
  afterAll(async () => {
    await door.close();
    await emulator.close();
  });
  beforeEach(async () => {
    await emulator.reset();
    await admin('POST', '/white-label/ws_acme/mcp-settings', { enabled: true }, alice());
    await mcpConfig({ enabled: true, exposedTools: ['rag_search', 'get_release', 'chat'] });
  });

  it('signs in through the tenant\'s own OAuth routes, lists the exposed tools, and rag_search answers what rag/context does', async () => {
    const provider = new MemoryProvider('MCP server interop');
    const client = await connectWithOAuth(`${base}/ws_acme/mcp`, provider);
    // The SDK found the tenant's authorization server under its prefix.
    expect(provider.sentTo!.href.startsWith(`${base}/ws_acme/authorize?`)).toBe(true);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['chat', 'get_release', 'rag_search']);
    const result = await client.callTool({ name: 'rag_search', arguments: { query: 'How do I get a refund?', collectionId: 'vec_docs', topK: 3 } });
    expect(result.isError).toBeFalsy();
    const http = await admin('POST', '/api/v1/rag/context', { query: 'How do I get a refund?', collectionId: 'vec_docs', topK: 3 });
    expect((result.structuredContent as { chunks: unknown[] }).chunks).toEqual((http as { chunks: unknown[] }).chunks);
    expect((http as { chunks: unknown[] }).chunks.length).toBeGreaterThan(0);
    // chat stores a reply in a thread of the release.
    const chat = textOf(await client.callTool({ name: 'chat', arguments: { message: 'How do I get a refund?' } }));
    expect(chat.reply).toEqual(expect.any(String));
    const thread = await (await door.fetch(`/api/v1/chat/threads/${chat.threadId as string}/messages`, { headers: { authorization: `Bearer ${alice()}` } })).json();
    expect(JSON.stringify(thread)).toContain(chat.messageId as string);
    await client.close();
  });

  it('refuses an unexposed tool, and the whole server once the workspace switch is off', async () => {
    const provider = new MemoryProvider('MCP server interop');
    const client = await connectWithOAuth(`${base}/ws_acme/mcp`, provider);
    // An MCP tool error (isError), as the SDK's server answers an unknown tool.
    const unexposed = await client.callTool({ name: 'rag_list_files', arguments: {} });
    expect(unexposed).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('Tool rag_list_files not found') }] });
    await client.close();
    await admin('POST', '/white-label/ws_acme/mcp-settings', { enabled: false }, alice());
    const again = new Client({ name: 'interop', version: '1.0.0' });
    const refused = again.connect(new StreamableHTTPClientTransport(new URL(`${base}/ws_acme/mcp`), { authProvider: provider }));
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 403 });
  });

  it('takes anonymous callers when allowAnonymousMcp, and counts mcpRateLimit on the emulator clock', async () => {
    await mcpConfig({ enabled: true, allowAnonymousMcp: true, mcpRateLimit: { requestsPerMinute: 4, requestsPerDay: 100 } });
    const client = new Client({ name: 'anon', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/ws_acme/mcp`))); // initialize + initialized: 2
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('list_vector_indexes'); // 3
    const release = textOf(await client.callTool({ name: 'get_release', arguments: {} })); // 4
    expect(release).toMatchObject({ _id: 'rel_help', title: 'Help Center assistant' });
    await expect(client.listTools()).rejects.toMatchObject({ code: 429 });
    await emulator.clock.advance(60_000);
    expect((await client.listTools()).tools.length).toBe(5);
    await client.close();
  });

  it('answers an API key of the workspace, and the account server takes the user with workspaceId', async () => {
    const keyed = new Client({ name: 'keyed', version: '1.0.0' });
    await keyed.connect(new StreamableHTTPClientTransport(new URL(`${base}/rel_help/mcp`), { requestInit: { headers: { authorization: `Bearer ${KEY_FULL}` } } }));
    expect((await keyed.listTools()).tools.length).toBe(3);
    await keyed.close();
    const provider = new MemoryProvider('MCP server interop');
    const account = await connectWithOAuth(`${base}/mcp`, provider, 'user_bob');
    const names = (await account.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_workspaces', 'list_releases', 'rag_search', 'chat']));
    expect(textOf(await account.callTool({ name: 'list_workspaces', arguments: {} }))).toMatchObject({ total: 1 });
    const indexes = textOf(await account.callTool({ name: 'list_vector_indexes', arguments: { workspaceId: 'ws_acme' } }));
    expect((indexes.vectorIndexes as { title: string }[]).map((v) => v.title)).toEqual(['Help Center', 'Policies']);
    const foreign = await account.callTool({ name: 'list_vector_indexes', arguments: { workspaceId: 'ws_globex' } });
    expect(foreign.isError).toBe(true);
    await account.close();
  });
});

// The MSW handler set's `mcpBaseUrl`: the tool servers also answer at an MCP address of the user's choosing.
describe('MCP base URL through the MSW door', () => {
  let emulator: Emulator;
  const server = setupServer();
  beforeAll(async () => {
    emulator = await createEmulator({ onInternalError: (err) => console.error(err) });
    server.use(...createHandlers(emulator, { baseUrl: 'http://emulator.test', mcpBaseUrl: 'https://mcp.example.test' }));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(async () => {
    server.close();
    await emulator.close();
  });

  it('connects with OAuth to https://mcp.example.test/ws_acme/mcp and searches', async () => {
    const token = emulator.handles.users.find((u) => u.id === 'user_alice')!.accessToken;
    await fetch('http://emulator.test/white-label/ws_acme/mcp-settings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"enabled":true}' });
    await fetch('http://emulator.test/api/v1/releases/rel_help', { method: 'PATCH', headers: { 'x-api-key': KEY_FULL, 'content-type': 'application/json' }, body: '{"mcpConfig":{"enabled":true}}' });
    const provider = new MemoryProvider('MCP server interop');
    const client = await connectWithOAuth('https://mcp.example.test/ws_acme/mcp', provider);
    expect(provider.sentTo!.origin).toBe('https://mcp.example.test');
    const result = await client.callTool({ name: 'rag_search', arguments: { query: 'refund', groupId: 'grp_support' } });
    expect((result.structuredContent as { groupName: string }).groupName).toBe('Support knowledge');
    expect((await fetch('https://mcp.example.test/api/v1/workspaces').catch((err: Error) => err)) instanceof Error).toBe(true);
    await client.close();
  });
});
