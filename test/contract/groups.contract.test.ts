// Groups through every door on every driver: create, update, invite by email, remove users,
// delete (with its grants), roles enforced, workspaces isolated, bad input.
import { describe, expect, it } from 'vitest';
import { GroupListSchema, GroupSchema } from '../../src/areas/groups/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, bob, carol, dan } from '../support/identity.js';

const NOW = '2026-01-01T09:00:00.000Z';

describe.each(MATRIX)('groups: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const make = async (name = 'Support') => GroupSchema.parse((await call('POST', '/api/v1/groups', alice, { name, description: 'Tier 1' })).body);

  it('creates (201), gets and lists groups', async () => {
    const res = await call('POST', '/api/v1/groups', alice, { name: 'Support', description: 'Tier 1' });
    expect(res.status).toBe(201);
    const group = GroupSchema.parse(res.body);
    expect(res.body).toEqual({ id: group.id, workspaceId: 'ws_acme', name: 'Support', description: 'Tier 1', members: [], createdAt: NOW, updatedAt: NOW });
    expect((await call('GET', `/api/v1/groups/${group.id}`, carol)).body).toEqual(res.body);
    await make('Billing');
    const list = GroupListSchema.parse((await call('GET', '/api/v1/groups', bob)).body);
    expect(list.data.map((g) => g.name)).toEqual(['Support', 'Billing']);
    expect(list.total).toBe(2);
    const dup = await call('POST', '/api/v1/groups', alice, { name: 'support' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({ code: 'CONFLICT', message: 'A group named "support" already exists', details: { name: 'support' }, requestId: expect.any(String) });
  });

  it('invites by email: an existing user is active, anyone else invited; removes by user or email', async () => {
    const group = await make();
    await door.emulator.clock.advance(1000);
    const one = await call('POST', `/api/v1/groups/${group.id}/invite`, alice, { email: 'Carol@Acme.example' });
    expect(one.status).toBe(200);
    expect(one.body.members).toEqual([{ userId: 'user_carol', email: 'carol@acme.example', status: 'active' }]);
    expect(one.body.updatedAt).toBe('2026-01-01T09:00:01.000Z');
    const two = await call('POST', `/api/v1/groups/${group.id}/invite`, alice, { email: 'newhire@acme.example' });
    expect(two.body.members).toEqual([
      { userId: 'user_carol', email: 'carol@acme.example', status: 'active' },
      { email: 'newhire@acme.example', status: 'invited' },
    ]);
    expect((await call('POST', `/api/v1/groups/${group.id}/invite`, alice, { email: 'carol@acme.example' })).status).toBe(409);
    const removed = await call('POST', `/api/v1/groups/${group.id}/remove-user`, alice, { userId: 'user_carol' });
    expect(removed.body.members).toEqual([{ email: 'newhire@acme.example', status: 'invited' }]);
    const byEmail = await call('POST', `/api/v1/groups/${group.id}/remove-user`, alice, { email: 'newhire@acme.example' });
    expect(byEmail.body.members).toEqual([]);
    const missing = await call('POST', `/api/v1/groups/${group.id}/remove-user`, alice, { userId: 'user_carol' });
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Group member not found', requestId: expect.any(String) } });
  });

  it('updates and deletes a group; deleting drops its grants', async () => {
    const group = await make();
    const renamed = await call('PATCH', `/api/v1/groups/${group.id}`, alice, { name: 'Customer Support', description: null });
    expect(renamed.body).toMatchObject({ name: 'Customer Support', members: [] });
    expect('description' in renamed.body).toBe(false);
    const grant = await call('POST', '/api/v1/permissions/grant', alice, { resource: 'workspace:ws_acme', principal: `group:${group.id}`, role: 'editor' });
    expect(grant.status).toBe(201);
    const res = await call('DELETE', `/api/v1/groups/${group.id}`, alice);
    expect(res.body).toEqual({ status: 'ok', id: group.id });
    expect((await call('GET', `/api/v1/groups/${group.id}`, alice)).status).toBe(404);
    expect((await call('GET', '/api/v1/permissions', alice)).body).toEqual({ data: [], hasMore: false, total: 0 });
    expect((await call('PATCH', `/api/v1/groups/${group.id}`, alice, { name: 'x' })).status).toBe(404);
  });

  it('lets members read, only admins and owners manage', async () => {
    const group = await make();
    for (const who of [bob, carol]) {
      expect((await call('GET', '/api/v1/groups', who)).status).toBe(200);
      expect((await call('POST', '/api/v1/groups', who, { name: 'Mine' })).status).toBe(403);
      expect((await call('PATCH', `/api/v1/groups/${group.id}`, who, { name: 'Mine' })).status).toBe(403);
      expect((await call('POST', `/api/v1/groups/${group.id}/invite`, who, { email: 'x@example.com' })).status).toBe(403);
      expect((await call('POST', `/api/v1/groups/${group.id}/remove-user`, who, { userId: 'user_bob' })).status).toBe(403);
      expect((await call('DELETE', `/api/v1/groups/${group.id}`, who)).status).toBe(403);
    }
    const key = { key: door.key('key_full') };
    expect((await call('POST', `/api/v1/groups/${group.id}/invite`, key, { email: 'bob@acme.example' })).body.members).toEqual([
      { userId: 'user_bob', email: 'bob@acme.example', status: 'active' },
    ]);
  });

  it('keeps workspaces apart', async () => {
    const group = await make();
    expect((await call('GET', `/api/v1/groups/${group.id}`, dan)).status).toBe(404);
    expect((await call('POST', `/api/v1/groups/${group.id}/invite`, dan, { email: 'dan@globex.example' })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/groups/${group.id}`, { key: door.key('key_globex') })).status).toBe(404);
    expect((await call('GET', '/api/v1/groups', dan)).body.total).toBe(0);
    // The same name is free in another workspace.
    expect((await call('POST', '/api/v1/groups', dan, { name: 'Support' })).status).toBe(201);
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const group = await make();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/groups', {}, 'body.name'],
      ['POST', '/api/v1/groups', { name: 'x', members: [] }, 'body.members'],
      ['PATCH', `/api/v1/groups/${group.id}`, { name: '' }, 'body.name'],
      ['POST', `/api/v1/groups/${group.id}/invite`, { email: 'nope' }, 'body.email'],
      ['POST', `/api/v1/groups/${group.id}/remove-user`, {}, 'body.userId'],
      ['POST', `/api/v1/groups/${group.id}/remove-user`, { userId: 'a', email: 'a@b.co' }, 'body.userId'],
    ];
    for (const [method, path, body, issue] of cases) {
      const res = await call(method, path, alice, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(issue);
    }
    expect((await call('GET', '/api/v1/groups', alice)).body.data).toEqual([{ ...group }]);
  });
});
