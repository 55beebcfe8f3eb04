// Workspace config (the command line's `config` group) through every door on every driver: get,
// set-title, set-description and export; the workspace chosen by key, header, query or membership.
import { describe, expect, it } from 'vitest';
import { ConfigExportSchema, ConfigSchema } from '../../src/areas/config/schema.js';
import { DEFAULT_WORKSPACE_LIMITS } from '../../src/areas/workspaces/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, bob, carol, dan } from '../support/identity.js';

const NOW = '2026-01-01T09:00:00.000Z';
const BYOK_SECRET = 'sk-scenario-secret-value-1234';

const ACME_CONFIG = {
  workspaceId: 'ws_acme',
  title: 'Acme Cloud',
  description: 'Support assistant for Acme Cloud storage',
  slug: 'acme',
  settings: {},
  limits: DEFAULT_WORKSPACE_LIMITS,
  updatedAt: NOW,
};

describe.each(MATRIX)('config: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;

  it('gets the config of the caller’s workspace (by key, or a member’s only workspace)', async () => {
    const res = await call('GET', '/api/v1/config', alice);
    expect(res.status).toBe(200);
    expect(ConfigSchema.parse(res.body)).toEqual(ACME_CONFIG);
    expect((await call('GET', '/api/v1/config', { key: door.key('key_full') })).body).toEqual(ACME_CONFIG);
    expect((await call('GET', '/api/v1/config', carol)).body).toEqual(ACME_CONFIG);
    expect((await call('GET', '/api/v1/config', dan)).body.workspaceId).toBe('ws_globex');
    expect((await call('GET', '/api/v1/config', { key: door.key('key_read') })).status).toBe(403);
    expect((await call('GET', '/api/v1/config', {})).status).toBe(401);
  });

  it('picks the workspace from x-workspace-id or workspaceId when the caller has several', async () => {
    await call('POST', '/api/v1/workspaces/ws_globex/members', dan, { userId: 'user_alice', role: 'admin' });
    const ambiguous = await call('GET', '/api/v1/config', alice);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error.code).toBe('VALIDATION_ERROR');
    expect((await call('GET', '/api/v1/config', { ...alice, headers: { 'x-workspace-id': 'ws_globex' } })).body.title).toBe('Globex');
    expect((await call('GET', '/api/v1/config?workspaceId=ws_acme', alice)).body.title).toBe('Acme Cloud');
    expect((await call('GET', '/api/v1/config', { ...bob, headers: { 'x-workspace-id': 'ws_globex' } })).status).toBe(404);
  });

  it('sets the title and the description (admin or owner); an empty description clears it', async () => {
    await door.emulator.clock.advance(2000);
    const titled = await call('PUT', '/api/v1/config/title', alice, { title: 'Acme Support' });
    expect(titled.body).toEqual({ ...ACME_CONFIG, title: 'Acme Support', updatedAt: '2026-01-01T09:00:02.000Z' });
    expect((await call('GET', '/api/v1/workspaces/ws_acme', alice)).body.name).toBe('Acme Support');
    const described = await call('PUT', '/api/v1/config/description', alice, { description: 'Now with chat' });
    expect(described.body.description).toBe('Now with chat');
    const cleared = await call('PUT', '/api/v1/config/description', alice, { description: '' });
    expect('description' in cleared.body).toBe(false);
    for (const who of [bob, carol]) {
      expect((await call('PUT', '/api/v1/config/title', who, { title: 'Mine' })).status).toBe(403);
      expect((await call('PUT', '/api/v1/config/description', who, { description: 'Mine' })).status).toBe(403);
    }
    for (const body of [{}, { title: '' }, { title: 'x', name: 'y' }]) expect((await call('PUT', '/api/v1/config/title', alice, body)).status).toBe(400);
    expect((await call('PUT', '/api/v1/config/description', alice, { description: 42 })).status).toBe(400);
    expect((await call('GET', '/api/v1/config', alice)).body.title).toBe('Acme Support');
  });

  it('exports the workspace, members, key metadata, credentials, groups and grants, without secrets', async () => {
    await call('POST', '/api/v1/byok', alice, { provider: 'openai', key: BYOK_SECRET });
    const res = await call('GET', '/api/v1/config/export', alice);
    expect(res.status).toBe(200);
    const out = ConfigExportSchema.parse(res.body);
    expect(out.exportedAt).toBe(NOW);
    expect(out.workspace.id).toBe('ws_acme');
    expect(out.members.map((m) => m.userId)).toEqual(['user_alice', 'user_bob', 'user_carol']);
    expect(out.apiKeys.map((k) => k.id).sort()).toEqual(['key_full', 'key_rag', 'key_read', 'key_revoked']);
    expect(out.byok).toMatchObject([{ provider: 'openai', keyHint: '1234' }]);
    expect(res.text).not.toContain(BYOK_SECRET);
    for (const ws of door.emulator.handles.workspaces) for (const key of ws.apiKeys) if (key.secret) expect(res.text).not.toContain(key.secret);
    expect(res.text).not.toMatch(/secret|hash/i);
    expect((await call('GET', '/api/v1/config/export', bob)).status).toBe(403);
    expect((await call('GET', '/api/v1/config/export', { key: door.key('key_globex') })).body.workspace.id).toBe('ws_globex');
  });

  it('loads groups, credentials, grants and platform admins from a scenario document', async () => {
    await door.emulator.loadScenario({
      name: 'identity',
      now: NOW,
      users: [
        { id: 'u_owner', email: 'owner@example.com', platformAdmin: true },
        { id: 'u_member', email: 'member@example.com' },
      ],
      workspaces: [
        {
          id: 'ws_one',
          name: 'One',
          ownerId: 'u_owner',
          members: [{ userId: 'u_member', role: 'editor' }],
          transcripts: [{ id: 'tr_one', title: 'First' }],
          groups: [{ id: 'grp_team', name: 'Team', members: ['member@example.com', 'guest@example.com'] }],
          byok: [{ id: 'byok_main', provider: 'anthropic', name: 'Main', key: BYOK_SECRET }],
          permissions: [{ resource: 'transcript:tr_one', principal: 'group:grp_team', role: 'editor' }],
        },
      ],
    });
    const out = ConfigExportSchema.parse((await call('GET', '/api/v1/config/export', { user: 'u_owner' })).body);
    expect(out.groups).toEqual([
      {
        id: 'grp_team',
        workspaceId: 'ws_one',
        name: 'Team',
        members: [
          { userId: 'u_member', email: 'member@example.com', status: 'active' },
          { email: 'guest@example.com', status: 'invited' },
        ],
        createdAt: NOW,
        updatedAt: NOW,
      },
    ]);
    expect(out.byok).toEqual([{ id: 'byok_main', workspaceId: 'ws_one', provider: 'anthropic', name: 'Main', keyHint: '1234', status: 'active', createdAt: NOW, updatedAt: NOW }]);
    expect(out.permissions).toMatchObject([{ resource: 'transcript:tr_one', principal: 'group:grp_team', role: 'editor' }]);
    const mine = await call('GET', '/api/v1/permissions/mine', { user: 'u_member' });
    expect(mine.body).toMatchObject({ role: 'editor', groups: ['grp_team'], grants: [{ principal: 'group:grp_team' }] });
    expect((await call('GET', '/api/v1/admin/rate-limit-requests', { user: 'u_owner' })).status).toBe(200);
    expect((await call('GET', '/api/v1/admin/rate-limit-requests', { user: 'u_member' })).status).toBe(403);
  });

  it('reports bad identity records of a scenario with their paths, leaving the state untouched', async () => {
    const res = await door.fetch('/__emulator/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bad-identity',
        users: [{ id: 'u1' }],
        workspaces: [
          {
            id: 'ws_x',
            name: 'X',
            ownerId: 'u1',
            groups: [{ id: 'g1', name: 'G' }],
            byok: [{ provider: 'openai', key: 'short' }],
            permissions: [
              { resource: 'workspace:ws_x', principal: 'group:g2', role: 'viewer' },
              { resource: 'workspace:ws_y', principal: 'user:u9', role: 'owner' },
            ],
          },
        ],
      }),
    });
    expect(res.status).toBe(400);
    const issues = ((await res.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path).sort();
    expect(issues).toEqual([
      'workspaces[0].byok[0].key',
      'workspaces[0].permissions[0].principal',
      'workspaces[0].permissions[1].principal',
      'workspaces[0].permissions[1].resource',
      'workspaces[0].permissions[1].role',
    ]);
    expect((await call('GET', '/api/v1/config', alice)).body).toEqual(ACME_CONFIG);
  });
});
