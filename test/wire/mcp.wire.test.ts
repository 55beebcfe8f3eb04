// The tool-server surface as the real service's documentation has clients call it, replayed as raw
// fetch through every door and driver (https://sdk.divinci.ai/mcp/whitelabel-servers/,
// https://sdk.divinci.ai/mcp/authentication/).
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('mcp wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);

  // https://sdk.divinci.ai/mcp/whitelabel-servers/ step 1: POST /white-label/:whitelabelId/mcp-settings { "enabled": true }
  it('turns the workspace master switch on with a member\'s Bearer token (sdk.divinci.ai/mcp/whitelabel-servers)', async () => {
    const res = await door.fetch('/white-label/ws_acme/mcp-settings', {
      method: 'POST',
      headers: { authorization: `Bearer ${door.token('user_alice')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ whitelabelId: 'ws_acme', enabled: true });
  });

  // https://sdk.divinci.ai/mcp/whitelabel-servers/ steps 2-3 and the endpoint https://mcp.divinci.app/{whitelabelId}/mcp:
  // an MCP client's initialize, initialized notification and tools/list (Streamable HTTP, JSON-RPC 2.0).
  it('serves a release\'s tool server at /{whitelabelId}/mcp with an API key, exposing only exposedTools (sdk.divinci.ai/mcp/whitelabel-servers)', async () => {
    const key = door.key('key_full');
    await door.fetch('/white-label/ws_acme/mcp-settings', { method: 'POST', headers: { authorization: `Bearer ${door.token('user_alice')}`, 'content-type': 'application/json' }, body: '{"enabled":true}' });
    const patched = await door.fetch('/api/v1/releases/rel_help', {
      method: 'PATCH',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ mcpConfig: { enabled: true, exposedTools: ['rag_search'] } }),
    });
    expect(patched.status).toBe(200);
    const headers = { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' };
    const post = (body: unknown) => door.fetch('/ws_acme/mcp', { method: 'POST', headers, body: JSON.stringify(body) });
    const init = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'claude-ai', version: '0.1.0' } } });
    expect(init.status).toBe(200);
    expect(await init.json()).toMatchObject({ id: 0, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} } } });
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    const list = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const tools = ((await list.json()) as { result: { tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[] } }).result.tools;
    expect(tools.map((t) => t.name)).toEqual(['rag_search']);
    expect(Object.keys(tools[0]!.inputSchema.properties)).toEqual(['query', 'collectionId', 'groupId', 'topK']);
    const call = await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'rag_search', arguments: { query: 'refund', groupId: 'grp_support', topK: 2 } } });
    const result = ((await call.json()) as { result: { structuredContent: { chunks: unknown[]; groupName: string } } }).result;
    expect(result.structuredContent.groupName).toBe('Support knowledge');
    expect(result.structuredContent.chunks.length).toBeLessThanOrEqual(2);
  });
});
