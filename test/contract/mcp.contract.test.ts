// The mcp area through every door on every driver: the workspace switch (mcp-settings), the tool
// servers' gates as a raw JSON-RPC client meets them, and mcp-servers CRUD with bad inputs.
import { describe, expect, it } from 'vitest';
import { McpServerRecordSchema, McpSettingsSchema } from '../../src/types/mcp.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const RPC_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

describe.each(MATRIX)('mcp: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const key = () => door.key('key_full');
  const rpc = (path: string, body: unknown, headers: Record<string, string> = {}) => door.call('POST', path, { headers: { ...RPC_HEADERS, ...headers } }, body);

  describe('mcp-settings', () => {
    it('is off until a member turns it on; answers the switch; a viewer may read it', async () => {
      const before = await door.call('GET', '/white-label/ws_acme/mcp-settings', { user: 'user_carol' });
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ whitelabelId: 'ws_acme', enabled: false, updatedAt: null });
      const on = await door.call('POST', '/white-label/ws_acme/mcp-settings', { user: 'user_alice' }, { enabled: true });
      expect(on.status).toBe(200);
      McpSettingsSchema.parse(on.body);
      expect(on.body).toMatchObject({ whitelabelId: 'ws_acme', enabled: true, updatedAt: expect.any(String) });
      expect((await door.call('GET', '/white-label/ws_acme/mcp-settings', { user: 'user_bob' })).body).toMatchObject({ enabled: true });
    });

    it('refuses API keys (403), non-admins (403), other workspaces (404), no token (401) and bad bodies (400)', async () => {
      expect((await door.call('POST', '/white-label/ws_acme/mcp-settings', { key: key() }, { enabled: true })).status).toBe(403);
      expect((await door.call('POST', '/white-label/ws_acme/mcp-settings', { headers: { authorization: `Bearer ${key()}` } }, { enabled: true })).status).toBe(403);
      expect((await door.call('POST', '/white-label/ws_acme/mcp-settings', { user: 'user_bob' }, { enabled: true })).status).toBe(403);
      expect((await door.call('POST', '/white-label/ws_globex/mcp-settings', { user: 'user_alice' }, { enabled: true })).status).toBe(404);
      expect((await door.call('POST', '/white-label/ws_acme/mcp-settings', {}, { enabled: true })).status).toBe(401);
      for (const body of [{}, { enabled: 'yes' }, { enabled: true, extra: 1 }, '[', 'null']) {
        const res = await door.call('POST', '/white-label/ws_acme/mcp-settings', { user: 'user_alice' }, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
      }
      expect((await door.call('GET', '/white-label/ws_acme/mcp-settings', { user: 'user_carol' })).body).toMatchObject({ enabled: false });
    });

    it('loads from a scenario (workspaces[].mcp)', async () => {
      await door.emulator.loadScenario({
        name: 'mcp-on',
        seed: 7,
        now: '2026-05-01T12:00:00.000Z',
        users: [{ id: 'u_owner', email: 'owner@mcp.example' }],
        workspaces: [
          { id: 'ws_on', name: 'On', ownerId: 'u_owner', mcp: { enabled: true } },
          { id: 'ws_off', name: 'Off', ownerId: 'u_owner' },
        ],
      } as Parameters<typeof door.emulator.loadScenario>[0]);
      expect((await door.call('GET', '/white-label/ws_on/mcp-settings', { user: 'u_owner' })).body).toMatchObject({ enabled: true, updatedAt: '2026-05-01T12:00:00.000Z' });
      expect((await door.call('GET', '/white-label/ws_off/mcp-settings', { user: 'u_owner' })).body).toMatchObject({ enabled: false });
    });
  });

  describe('the tool servers', () => {
    const enable = async (mcpConfig: Record<string, unknown>) => {
      await door.call('POST', '/white-label/ws_acme/mcp-settings', { user: 'user_alice' }, { enabled: true });
      expect((await door.call('PATCH', '/api/v1/releases/rel_help', { key: key() }, { mcpConfig })).status).toBe(200);
    };

    it('answers 401 with the RFC 9728 challenge of the server asked, then initializes for a member', async () => {
      await enable({ enabled: true });
      const denied = await rpc('/ws_acme/mcp', INIT);
      expect(denied.status).toBe(401);
      const origin = new URL(door.baseUrl).origin;
      expect(denied.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/ws_acme/mcp"`);
      const prm = await door.call('GET', '/.well-known/oauth-protected-resource/ws_acme/mcp');
      expect(prm.body).toMatchObject({ resource: `${origin}/ws_acme/mcp`, authorization_servers: [`${origin}/ws_acme`] });
      const as = await door.call('GET', '/.well-known/oauth-authorization-server/ws_acme');
      expect(as.body).toMatchObject({ issuer: `${origin}/ws_acme`, authorization_endpoint: `${origin}/ws_acme/authorize`, token_endpoint: `${origin}/ws_acme/token`, registration_endpoint: `${origin}/ws_acme/register` });
      expect((await door.call('GET', '/.well-known/oauth-authorization-server/ws_nope')).status).toBe(404);
      const ok = await rpc('/ws_acme/mcp', INIT, { authorization: `Bearer ${door.token('user_bob')}` });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'Help Center assistant (tool server)' }, capabilities: { tools: {} } } });
      // The account server wants a user, not a key.
      expect((await rpc('/mcp', INIT, { 'x-api-key': key() })).status).toBe(401);
      expect((await rpc('/mcp', INIT)).headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
    });

    it('refuses: unknown tenant 404, switch off 403, no MCP release 404, another workspace\'s token 404, outside allowedScopes 403', async () => {
      const bob = { authorization: `Bearer ${door.token('user_bob')}` };
      expect((await rpc('/ws_nope/mcp', INIT, bob)).status).toBe(404);
      expect((await rpc('/ws_acme/mcp', INIT, bob)).status).toBe(403);
      await door.call('POST', '/white-label/ws_acme/mcp-settings', { user: 'user_alice' }, { enabled: true });
      expect((await rpc('/ws_acme/mcp', INIT, bob)).status).toBe(404);
      await enable({ enabled: true, allowedScopes: ['rag:read'] });
      expect((await rpc('/ws_acme/mcp', INIT, { authorization: `Bearer ${door.token('user_dan')}` })).status).toBe(404);
      expect((await rpc('/ws_acme/mcp', INIT, { 'x-api-key': door.key('key_read') })).status).toBe(403);
      expect((await rpc('/ws_acme/mcp', INIT, { 'x-api-key': door.key('key_rag') })).status).toBe(200);
      expect((await door.call('GET', '/ws_acme/mcp')).status).toBe(405);
      expect((await door.call('DELETE', '/mcp')).status).toBe(405);
    });

    it('answers bad JSON-RPC with JSON-RPC errors, never a 500', async () => {
      await enable({ enabled: true, allowAnonymousMcp: true });
      for (const body of ['{', '{"jsonrpc":"1.0"}', '[]', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rag_search","arguments":{"query":7}}}']) {
        const res = await rpc('/ws_acme/mcp', body);
        expect(res.status, body).toBeLessThan(500);
      }
      expect((await door.call('POST', '/ws_acme/mcp', { headers: { 'content-type': 'application/json' } }, INIT)).status).toBe(406);
    });
  });

  describe('mcp-servers', () => {
    const base = '/api/v1/releases/rel_help/mcp-servers';
    it('creates, lists, reads, patches and deletes; headers are write-only', async () => {
      const created = await door.call('POST', base, { key: key() }, { title: 'Tools', url: 'https://tools.example.test/mcp', headers: { 'X-Token': 'secret-1' } });
      expect(created.status).toBe(201);
      McpServerRecordSchema.strict().parse(created.body);
      expect(created.text).not.toContain('secret-1');
      const id = created.body._id as string;
      expect((await door.call('GET', base, { key: key() })).body).toMatchObject({ total: 1, data: [{ _id: id, headerNames: ['X-Token'] }] });
      const patched = await door.call('PATCH', `${base}/${id}`, { user: 'user_bob' }, { enabled: false, transport: 'sse' });
      expect(patched.body).toMatchObject({ enabled: false, transport: 'sse', headerNames: ['X-Token'] });
      expect((await door.call('GET', `${base}/${id}`, { user: 'user_carol' })).body).toMatchObject({ title: 'Tools' });
      expect((await door.call('PATCH', `${base}/${id}`, { user: 'user_carol' }, { enabled: true })).status).toBe(403);
      expect((await door.call('DELETE', `${base}/${id}`, { key: key() })).status).toBe(204);
      expect((await door.call('GET', `${base}/${id}`, { key: key() })).status).toBe(404);
    });

    it('refuses bad inputs with 400 naming the field, and other workspaces\' releases with 404', async () => {
      const bad: [unknown, string][] = [
        [{ url: 'https://x.test/mcp' }, 'title'],
        [{ title: 'T', url: 'ftp://x.test/mcp' }, 'url'],
        [{ title: 'T', url: 'not a url' }, 'url'],
        [{ title: 'T', url: 'https://x.test/mcp', transport: 'websocket' }, 'transport'],
        [{ title: 'T', url: 'https://x.test/mcp', headers: { 'bad header': 'v' } }, 'headers'],
        [{ title: 'T', url: 'https://x.test/mcp', enabled: 'yes' }, 'enabled'],
        [{ title: 'T', url: 'https://x.test/mcp', other: 1 }, ''],
      ];
      for (const [body, field] of bad) {
        const res = await door.call('POST', base, { key: key() }, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(field);
      }
      expect((await door.call('POST', '/api/v1/releases/rel_globex/mcp-servers', { key: key() }, { title: 'T', url: 'https://x.test/mcp' })).status).toBe(404);
      expect((await door.call('GET', `${base}/nope`, { key: key() })).status).toBe(404);
      expect((await door.call('POST', '/api/v1/releases/from-mcp', { key: key() }, { url: 'nope' })).status).toBe(400);
      expect((await door.call('POST', '/api/v1/releases/from-mcp', { key: door.key('key_read') }, { url: 'https://x.test/mcp' })).status).toBe(403);
      expect((await door.call('GET', base)).status).toBe(401);
    });

    it('answers 400 when discovery cannot reach the server, and writes nothing else', async () => {
      const created = await door.call('POST', base, { key: key() }, { title: 'Gone', url: 'http://127.0.0.1:1/mcp' });
      const res = await door.call('POST', `${base}/${created.body._id as string}/discover`, { key: key() });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^Tool server discovery failed/);
      expect((await door.call('GET', `${base}/${created.body._id as string}`, { key: key() })).body).toMatchObject({ tools: [], discoveredAt: null });
    });
  });
});
