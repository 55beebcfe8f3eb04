// Permission grants through every door on every driver: list by resource, mine (direct and through
// groups), grant and revoke, roles enforced, workspaces isolated, bad input.
import { describe, expect, it } from 'vitest';
import { MyPermissionsSchema, PermissionGrantSchema, PermissionListSchema } from '../../src/areas/permissions/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, bob, carol, dan } from '../support/identity.js';

const NOW = '2026-01-01T09:00:00.000Z';

describe.each(MATRIX)('permissions: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const grant = (body: unknown, as: { user?: string; key?: string } = alice) => call('POST', '/api/v1/permissions/grant', as, body);

  it('grants (201), lists by resource and changes a role in place (200)', async () => {
    const res = await grant({ resource: 'transcript:tr_refund', principal: 'user:user_carol', role: 'editor' });
    expect(res.status).toBe(201);
    const made = PermissionGrantSchema.parse(res.body);
    expect(res.body).toEqual({ id: made.id, resource: 'transcript:tr_refund', principal: 'user:user_carol', role: 'editor', createdAt: NOW });
    await grant({ resource: 'workspace:ws_acme', principal: 'user:user_bob', role: 'admin' });
    const byResource = PermissionListSchema.parse((await call('GET', '/api/v1/permissions?resource=transcript:tr_refund', carol)).body);
    expect(byResource).toEqual({ data: [res.body], hasMore: false, total: 1 });
    expect((await call('GET', '/api/v1/permissions', bob)).body.total).toBe(2);
    const again = await grant({ resource: 'transcript:tr_refund', principal: 'user:user_carol', role: 'viewer' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...res.body, role: 'viewer' });
    expect((await call('GET', '/api/v1/permissions', alice)).body.total).toBe(2);
  });

  it('answers mine: the caller’s role, groups and grants, direct and through groups', async () => {
    const group = (await call('POST', '/api/v1/groups', alice, { name: 'Reviewers' })).body;
    await call('POST', `/api/v1/groups/${group.id}/invite`, alice, { email: 'carol@acme.example' });
    const direct = (await grant({ resource: 'transcript:tr_sso', principal: 'user:user_carol', role: 'viewer' })).body;
    const viaGroup = (await grant({ resource: 'workspace:ws_acme', principal: `group:${group.id}`, role: 'editor' })).body;
    await grant({ resource: 'transcript:tr_sso', principal: 'user:user_bob', role: 'admin' });
    const mine = await call('GET', '/api/v1/permissions/mine', carol);
    expect(MyPermissionsSchema.parse(mine.body)).toEqual({ userId: 'user_carol', workspaceId: 'ws_acme', role: 'viewer', groups: [group.id], grants: [direct, viaGroup] });
    expect((await call('GET', '/api/v1/permissions/mine', dan)).body).toEqual({ userId: 'user_dan', workspaceId: 'ws_globex', role: 'owner', groups: [], grants: [] });
    const keyed = await call('GET', '/api/v1/permissions/mine', { key: door.key('key_full') });
    expect(keyed.status).toBe(403);
  });

  it('revokes by id, by resource and principal, or with DELETE; answers the revoked grant', async () => {
    const a = (await grant({ resource: 'transcript:tr_sso', principal: 'user:user_carol', role: 'viewer' })).body;
    const b = (await grant({ resource: 'transcript:tr_sync', principal: 'user:user_carol', role: 'viewer' })).body;
    const c = (await grant({ resource: 'workspace:ws_acme', principal: 'user:user_dan', role: 'viewer' })).body;
    expect((await call('POST', '/api/v1/permissions/revoke', alice, { id: a.id })).body).toEqual(a);
    expect((await call('POST', '/api/v1/permissions/revoke', alice, { resource: 'transcript:tr_sync', principal: 'user:user_carol' })).body).toEqual(b);
    expect((await call('DELETE', `/api/v1/permissions/${c.id}`, alice)).body).toEqual(c);
    expect((await call('GET', '/api/v1/permissions', alice)).body.total).toBe(0);
    expect((await call('POST', '/api/v1/permissions/revoke', alice, { id: a.id })).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Grant not found', requestId: expect.any(String) } });
    expect((await call('DELETE', `/api/v1/permissions/${c.id}`, alice)).status).toBe(404);
  });

  it('needs admin to grant or revoke; members may read', async () => {
    const a = (await grant({ resource: 'transcript:tr_sso', principal: 'user:user_carol', role: 'viewer' })).body;
    for (const who of [bob, carol]) {
      expect((await call('GET', '/api/v1/permissions', who)).status).toBe(200);
      const denied = await grant({ resource: 'workspace:ws_acme', principal: `${'user:'}${who.user}`, role: 'admin' }, who);
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('FORBIDDEN');
      expect((await call('POST', '/api/v1/permissions/revoke', who, { id: a.id })).status).toBe(403);
      expect((await call('DELETE', `/api/v1/permissions/${a.id}`, who)).status).toBe(403);
    }
    expect((await grant({ resource: 'workspace:ws_acme', principal: 'user:user_bob', role: 'editor' }, { key: door.key('key_full') })).status).toBe(201);
    expect((await grant({ resource: 'workspace:ws_acme', principal: 'user:user_bob', role: 'editor' }, { key: door.key('key_read') })).status).toBe(403);
  });

  it('keeps workspaces apart: resources and groups of another workspace are not found', async () => {
    expect((await grant({ resource: 'workspace:ws_globex', principal: 'user:user_bob', role: 'viewer' })).body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Workspace not found', requestId: expect.any(String) },
    });
    expect((await grant({ resource: 'transcript:tr_globex', principal: 'user:user_bob', role: 'viewer' })).status).toBe(404);
    const globexGroup = (await call('POST', '/api/v1/groups', dan, { name: 'Globex team' })).body;
    expect((await grant({ resource: 'workspace:ws_acme', principal: `group:${globexGroup.id}`, role: 'viewer' })).body.error.message).toBe('Group not found');
    expect((await grant({ resource: 'workspace:ws_acme', principal: 'user:user_ghost', role: 'viewer' })).body.error.message).toBe('User not found');
    const a = (await grant({ resource: 'transcript:tr_sso', principal: 'user:user_carol', role: 'viewer' })).body;
    expect((await call('DELETE', `/api/v1/permissions/${a.id}`, dan)).status).toBe(404);
    expect((await call('GET', '/api/v1/permissions', dan)).body.total).toBe(0);
    expect((await call('GET', '/api/v1/permissions', alice)).body.total).toBe(1);
  });

  it('rejects bad input with 400 and grants nothing', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/permissions/grant', { resource: 'release:rel_x', principal: 'user:user_bob' }, 'body.role'],
      ['POST', '/api/v1/permissions/grant', { resource: 'release:rel_x', principal: 'user:user_bob', role: 'owner' }, 'body.role'],
      ['POST', '/api/v1/permissions/grant', { resource: 'planet:earth', principal: 'user:user_bob', role: 'viewer' }, 'body.resource'],
      ['POST', '/api/v1/permissions/grant', { resource: 'workspace:ws_acme', principal: 'bob', role: 'viewer' }, 'body.principal'],
      ['POST', '/api/v1/permissions/revoke', {}, 'body.resource'],
      ['POST', '/api/v1/permissions/revoke', { id: 'x', resource: 'workspace:ws_acme' }, 'body.id'],
      ['GET', '/api/v1/permissions?resource=nonsense', undefined, 'query.resource'],
    ];
    for (const [method, path, body, issue] of cases) {
      const res = await call(method, path, alice, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(issue);
    }
    expect((await call('GET', '/api/v1/permissions', alice)).body.total).toBe(0);
  });

  it('drops a removed member’s grants and group memberships', async () => {
    const group = (await call('POST', '/api/v1/groups', alice, { name: 'Reviewers' })).body;
    await call('POST', `/api/v1/groups/${group.id}/invite`, alice, { email: 'carol@acme.example' });
    await grant({ resource: 'transcript:tr_sso', principal: 'user:user_carol', role: 'viewer' });
    await call('DELETE', '/api/v1/workspaces/ws_acme/members/user_carol', alice);
    expect((await call('GET', '/api/v1/permissions', alice)).body.total).toBe(0);
    expect((await call('GET', `/api/v1/groups/${group.id}`, alice)).body.members).toEqual([]);
  });
});
