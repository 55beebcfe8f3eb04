// The mcp area's tenant rules: the workspace switch and mcp-servers name A's workspace or release;
// the tool servers refuse B's keys and tokens (404) and callers without credentials (401) once A's
// switch is on; the per-tenant OAuth endpoints and metadata hold no workspace data.
import { expect } from 'vitest';
import type { SuiteDoor } from '../../support/use-door.js';
import type { TenantPart } from '../tenant-parts.js';
import { own, pub, scoped } from '../tenant-routes.js';

const SERVERS = '/api/v1/releases/:releaseId/mcp-servers';
const oauth = pub('a tenant\'s OAuth endpoint (authorize, token, register): the central authorization server under its prefix; no workspace data');
const stateless = pub('a stateless tool server answers GET and DELETE with 405 to everyone; no workspace data');
const server = { serverId: 'mcpServerId' };

export const mcpPart: TenantPart = {
  rules: {
    'POST /white-label/:whitelabelId/mcp-settings': scoped(() => ({ enabled: false }), { params: { whitelabelId: 'workspaceId' } }),
    'GET /white-label/:whitelabelId/mcp-settings': scoped(undefined, { params: { whitelabelId: 'workspaceId' } }),
    'POST /mcp': own(),
    'GET /mcp': stateless,
    'DELETE /mcp': stateless,
    'POST /:whitelabelId/mcp': scoped(undefined, { params: { whitelabelId: 'workspaceId' } }, { params: { whitelabelId: 'releaseId' } }),
    'GET /:whitelabelId/mcp': stateless,
    'DELETE /:whitelabelId/mcp': stateless,
    'GET /.well-known/oauth-authorization-server/:whitelabelId': pub('RFC 8414 metadata of a tenant\'s authorization server: endpoints only'),
    'GET /:whitelabelId/authorize': oauth,
    'POST /:whitelabelId/authorize': oauth,
    'POST /:whitelabelId/token': oauth,
    'POST /:whitelabelId/register': oauth,
    'GET /:whitelabelId/callback': pub('the landing page of a tenant\'s sign-in: shows the code of its own query, nothing stored'),
    [`GET ${SERVERS}`]: scoped(),
    [`POST ${SERVERS}`]: scoped(() => ({ title: 'B', url: 'https://b.example.test/mcp' })),
    [`GET ${SERVERS}/:serverId`]: scoped(undefined, { params: server }),
    [`PATCH ${SERVERS}/:serverId`]: scoped(() => ({ title: 'B' }), { params: server }),
    [`DELETE ${SERVERS}/:serverId`]: scoped(undefined, { params: server }),
    [`POST ${SERVERS}/:serverId/discover`]: scoped(undefined, { params: server }),
    'POST /api/v1/releases/from-mcp': own(() => ({ url: 'http://127.0.0.1:1/mcp', name: 'B' })),
  },
  async populate(door: SuiteDoor) {
    const on = await door.call('POST', '/white-label/ws_acme/mcp-settings', { user: 'user_alice' }, { enabled: true });
    expect(on.status).toBe(200);
    const made = await door.call('POST', '/api/v1/releases/rel_help/mcp-servers', { key: door.key('key_full') }, { title: 'A tools', url: 'https://a.example.test/mcp', headers: { 'X-Secret': 'private-to-a' } });
    expect(made.status).toBe(201);
    return { mcpServerId: (made.body as { _id: string })._id };
  },
};
