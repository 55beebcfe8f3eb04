// Workspace members through every door on every driver: roles enforced, owners protected,
// isolation between workspaces, bad input.
import { describe, expect, it } from 'vitest';
import { WorkspaceMemberSchema } from '../../src/types/identity.js';
import { paginatedResponse } from '../../src/types/common.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, bob, carol, dan } from '../support/identity.js';

const MemberListSchema = paginatedResponse(WorkspaceMemberSchema);
const NOW = '2026-01-01T09:00:00.000Z';
const M = '/api/v1/workspaces/ws_acme/members';

describe.each(MATRIX)('members: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const roles = async () =>
    MemberListSchema.parse((await call('GET', M, alice)).body).data.map((m) => [m.userId, m.role]);

  it('lists members as PaginatedResponse<WorkspaceMember>, readable by every member', async () => {
    const expected = {
      data: [
        { userId: 'user_alice', role: 'owner', permissions: [], joinedAt: NOW },
        { userId: 'user_bob', role: 'editor', permissions: [], joinedAt: NOW },
        { userId: 'user_carol', role: 'viewer', permissions: [], joinedAt: NOW },
      ],
      hasMore: false,
      total: 3,
    };
    for (const who of [alice, bob, carol]) expect((await call('GET', M, who)).body).toEqual(expected);
    expect((await call('GET', M, { key: door.key('key_full') })).body).toEqual(expected);
    const page = await call('GET', `${M}?limit=2`, alice);
    expect(page.body).toMatchObject({ hasMore: true, total: 3 });
    expect((await call('GET', `${M}/user_bob`, carol)).body).toEqual(expected.data[1]);
    expect((await call('GET', `${M}/user_dan`, alice)).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Member not found', requestId: expect.any(String) } });
  });

  it('hides the member list from outsiders (404) and limited keys (403)', async () => {
    const res = await call('GET', M, dan);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Workspace not found', requestId: expect.any(String) } });
    expect((await call('GET', '/api/v1/workspaces/ws_globex/members', alice)).status).toBe(404);
    expect((await call('GET', '/api/v1/workspaces/ws_globex/members', { key: door.key('key_full') })).status).toBe(404);
    expect((await call('GET', M, { key: door.key('key_read') })).status).toBe(403);
  });

  it('adds an existing user by email or id (201); they can then read the workspace', async () => {
    await door.emulator.clock.advance(1000);
    const res = await call('POST', M, alice, { email: 'DAN@globex.example', role: 'editor', permissions: ['release:publish'] });
    expect(res.status).toBe(201);
    expect(WorkspaceMemberSchema.parse(res.body)).toEqual({ userId: 'user_dan', role: 'editor', permissions: ['release:publish'], joinedAt: '2026-01-01T09:00:01.000Z' });
    expect((await call('GET', '/api/v1/workspaces/ws_acme', dan)).status).toBe(200);
    expect((await call('GET', '/api/v1/workspaces', dan)).body.total).toBe(2);
    expect(await roles()).toEqual([
      ['user_alice', 'owner'],
      ['user_bob', 'editor'],
      ['user_carol', 'viewer'],
      ['user_dan', 'editor'],
    ]);
    const again = await call('POST', M, alice, { userId: 'user_dan' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    // The default role is viewer.
    const byId = await call('POST', '/api/v1/workspaces/ws_globex/members', dan, { userId: 'user_carol' });
    expect(byId.body).toMatchObject({ userId: 'user_carol', role: 'viewer' });
  });

  it('answers 404 for an unknown user and 400 for bad input, adding nobody', async () => {
    expect((await call('POST', M, alice, { email: 'nobody@example.com' })).body).toEqual({ error: { code: 'NOT_FOUND', message: 'User not found', requestId: expect.any(String) } });
    expect((await call('POST', M, alice, { userId: 'user_ghost' })).status).toBe(404);
    const cases: [unknown, string][] = [
      [{}, 'body.userId'],
      [{ userId: 'user_dan', email: 'dan@globex.example' }, 'body.userId'],
      [{ userId: 'user_dan', role: 'superuser' }, 'body.role'],
      [{ email: 'not-an-email' }, 'body.email'],
      [{ userId: 'user_dan', permissions: 'all' }, 'body.permissions'],
      [{ userId: 'user_dan', joinedAt: NOW }, 'body.joinedAt'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', M, alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await call('GET', M, alice)).body.total).toBe(3);
  });

  it('lets only admins and owners manage members: viewers and editors get 403', async () => {
    for (const who of [bob, carol]) {
      expect((await call('POST', M, who, { userId: 'user_dan' })).status).toBe(403);
      expect((await call('PATCH', `${M}/user_carol`, who, { role: 'editor' })).status).toBe(403);
      expect((await call('DELETE', `${M}/user_carol`, who)).status).toBe(403);
    }
    expect((await call('DELETE', `${M}/user_carol`, dan)).status).toBe(404);
    expect((await call('PATCH', `${M}/user_bob`, alice, { role: 'admin' })).body).toEqual({ userId: 'user_bob', role: 'admin', permissions: [], joinedAt: NOW });
    expect((await call('PATCH', `${M}/user_carol`, bob, { role: 'editor', permissions: ['x'] })).body).toMatchObject({ role: 'editor', permissions: ['x'] });
    expect((await call('POST', M, bob, { userId: 'user_dan', role: 'admin' })).status).toBe(201);
  });

  it('lets only an owner make or remove an owner', async () => {
    await call('PATCH', `${M}/user_bob`, alice, { role: 'admin' });
    const promote = await call('PATCH', `${M}/user_carol`, bob, { role: 'owner' });
    expect(promote.status).toBe(403);
    expect(promote.body.error.message).toBe('Only an owner can make or remove an owner');
    expect((await call('POST', M, bob, { userId: 'user_dan', role: 'owner' })).status).toBe(403);
    expect((await call('PATCH', `${M}/user_alice`, bob, { role: 'viewer' })).status).toBe(403);
    expect((await call('DELETE', `${M}/user_alice`, bob)).status).toBe(403);
    const key = { key: door.key('key_full') };
    expect((await call('PATCH', `${M}/user_carol`, key, { role: 'owner' })).status).toBe(403);
    expect((await call('PATCH', `${M}/user_carol`, key, { role: 'editor' })).status).toBe(200);
    expect(await roles()).toEqual([
      ['user_alice', 'owner'],
      ['user_bob', 'admin'],
      ['user_carol', 'editor'],
    ]);
  });

  it('keeps the last owner (409) and hands ownerId on when an owner steps down', async () => {
    const demote = await call('PATCH', `${M}/user_alice`, alice, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toEqual({ code: 'CONFLICT', message: 'A workspace keeps at least one owner: the last owner cannot be removed or demoted', requestId: expect.any(String) });
    expect((await call('DELETE', `${M}/user_alice`, alice)).status).toBe(409);
    expect((await call('PATCH', `${M}/user_bob`, alice, { role: 'owner' })).body.role).toBe('owner');
    expect((await call('PATCH', `${M}/user_alice`, alice, { role: 'viewer' })).body.role).toBe('viewer');
    expect((await call('GET', '/api/v1/workspaces/ws_acme', bob)).body.ownerId).toBe('user_bob');
    expect((await call('PATCH', '/api/v1/workspaces/ws_acme', alice, { name: 'x' })).status).toBe(403);
    expect((await call('DELETE', `${M}/user_bob`, bob)).status).toBe(409);
  });

  it('removes a member: they lose access at once', async () => {
    const res = await call('DELETE', `${M}/user_carol`, alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', userId: 'user_carol' });
    expect((await call('GET', '/api/v1/workspaces/ws_acme', carol)).status).toBe(404);
    expect((await call('GET', '/api/v1/workspaces', carol)).body).toEqual({ data: [], hasMore: false, total: 0 });
    expect((await call('DELETE', `${M}/user_carol`, alice)).status).toBe(404);
    expect((await call('PATCH', `${M}/user_carol`, alice, { role: 'viewer' })).status).toBe(404);
    const bad = await call('PATCH', `${M}/user_bob`, alice, { role: 'root' });
    expect(bad.status).toBe(400);
    expect((await call('GET', `${M}/user_bob`, alice)).body.role).toBe('editor');
  });
});
