// The Workspaces area through every door on every driver: list, create, get, update, delete,
// who may call what, isolation, bad input, and the clone job across clock advances.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE_LIMITS } from '../../src/areas/workspaces/schema.js';
import { WorkspaceSchema } from '../../src/types/identity.js';
import { paginatedResponse } from '../../src/types/common.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, bob, carol, dan } from '../support/identity.js';

const WorkspaceListSchema = paginatedResponse(WorkspaceSchema);
const NOW = '2026-01-01T09:00:00.000Z';

const ACME = {
  id: 'ws_acme',
  name: 'Acme Cloud',
  slug: 'acme',
  description: 'Support assistant for Acme Cloud storage',
  ownerId: 'user_alice',
  settings: {},
  limits: DEFAULT_WORKSPACE_LIMITS,
  metadata: { createdAt: NOW, updatedAt: NOW },
};

describe.each(MATRIX)('workspaces: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const listOf = async (as: { user: string }) => WorkspaceListSchema.parse((await call('GET', '/api/v1/workspaces', as)).body);

  it('lists the caller’s workspaces as PaginatedResponse<Workspace>', async () => {
    const res = await call('GET', '/api/v1/workspaces', alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [ACME], hasMore: false, total: 1 });
    expect(WorkspaceListSchema.parse(res.body).data[0]).toEqual(ACME);
    expect((await listOf(dan)).data.map((w) => w.id)).toEqual(['ws_globex']);
    expect((await listOf(carol)).data.map((w) => w.id)).toEqual(['ws_acme']);
  });

  it('needs a Bearer token to list or create: no token or an API key is 401', async () => {
    expect((await call('GET', '/api/v1/workspaces', {})).body.error.code).toBe('UNAUTHORIZED');
    const keyed = await call('GET', '/api/v1/workspaces', { key: door.key('key_full') });
    expect(keyed.status).toBe(401);
    expect((await call('POST', '/api/v1/workspaces', { headers: { authorization: 'Bearer nope' } }, { name: 'x' })).status).toBe(401);
  });

  it('creates a workspace (201): the creator owns it, the slug is generated and unique', async () => {
    const res = await call('POST', '/api/v1/workspaces', bob, { name: 'Bob’s Lab!', description: 'Experiments', settings: { defaultTemperature: 0.2 } });
    expect(res.status).toBe(201);
    const ws = WorkspaceSchema.parse(res.body);
    expect(res.body).toEqual({
      id: ws.id,
      name: 'Bob’s Lab!',
      slug: 'bob-s-lab',
      description: 'Experiments',
      ownerId: 'user_bob',
      settings: { defaultTemperature: 0.2 },
      limits: DEFAULT_WORKSPACE_LIMITS,
      metadata: { createdAt: NOW, updatedAt: NOW, createdBy: 'user_bob' },
    });
    expect(ws.id).toMatch(/^[0-9a-f]{24}$/);
    expect((await listOf(bob)).data.map((w) => w.id)).toEqual(['ws_acme', ws.id]);
    const again = await call('POST', '/api/v1/workspaces', bob, { name: 'Bob’s Lab!' });
    expect(again.body.slug).toBe('bob-s-lab-2');
    const members = await call('GET', `/api/v1/workspaces/${ws.id}/members`, bob);
    expect(members.body.data).toEqual([{ userId: 'user_bob', role: 'owner', permissions: [], joinedAt: NOW }]);
  });

  it('answers 409 for a taken explicit slug and writes nothing', async () => {
    const res = await call('POST', '/api/v1/workspaces', alice, { name: 'Other', slug: 'globex' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: 'The slug "globex" is already taken', details: { slug: 'globex' }, requestId: expect.any(String) } });
    expect((await listOf(alice)).total).toBe(1);
  });

  it('rejects bad input with 400 and field-level issues, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'body.name'],
      [{ title: 'CLI title' }, 'body.title'],
      [{ name: '  ' }, 'body.name'],
      [{ name: 'x', slug: 'Not A Slug' }, 'body.slug'],
      [{ name: 'x', settings: { defaultTemperature: 2.5 } }, 'body.settings.defaultTemperature'],
      [{ name: 'x', settings: { notificationEmail: 'nope' } }, 'body.settings.notificationEmail'],
      [{ name: 'x', ownerId: 'user_dan' }, 'body.ownerId'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/v1/workspaces', alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await call('POST', '/api/v1/workspaces', alice, '{"name":')).status).toBe(400);
    expect((await listOf(alice)).total).toBe(1);
  });

  it('pages the list with limit and an opaque cursor', async () => {
    for (const name of ['Two', 'Three']) expect((await call('POST', '/api/v1/workspaces', alice, { name })).status).toBe(201);
    const first = await call('GET', '/api/v1/workspaces?limit=2', alice);
    expect(first.body.data.map((w: { name: string }) => w.name)).toEqual(['Acme Cloud', 'Two']);
    expect(first.body).toMatchObject({ hasMore: true, total: 3 });
    expect(typeof first.body.nextCursor).toBe('string');
    const second = await call('GET', `/api/v1/workspaces?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, alice);
    expect(second.body.data.map((w: { name: string }) => w.name)).toEqual(['Three']);
    expect(second.body).toMatchObject({ hasMore: false, total: 3 });
    expect('nextCursor' in second.body).toBe(false);
    const bad = await call('GET', '/api/v1/workspaces?cursor=zzz', alice);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues).toEqual([{ path: 'query.cursor', message: 'Unknown cursor' }]);
    expect((await call('GET', '/api/v1/workspaces?limit=0', alice)).status).toBe(400);
    expect((await call('GET', '/api/v1/workspaces?limit=101', alice)).status).toBe(400);
  });

  it('gets one workspace for members and its full-access key; others get 404, a limited key 403', async () => {
    for (const who of [alice, bob, carol]) expect((await call('GET', '/api/v1/workspaces/ws_acme', who)).body).toEqual(ACME);
    expect((await call('GET', '/api/v1/workspaces/ws_acme', { key: door.key('key_full') })).body).toEqual(ACME);
    const outsider = await call('GET', '/api/v1/workspaces/ws_acme', dan);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Workspace not found', requestId: expect.any(String) } });
    expect((await call('GET', '/api/v1/workspaces/ws_nope', alice)).status).toBe(404);
    expect((await call('GET', '/api/v1/workspaces/ws_globex', { key: door.key('key_full') })).status).toBe(404);
    expect((await call('GET', '/api/v1/workspaces/ws_acme', { key: door.key('key_read') })).status).toBe(403);
  });

  it('updates as an admin or owner; editors and viewers get 403, outsiders 404', async () => {
    await door.emulator.clock.advance(60_000);
    const res = await call('PATCH', '/api/v1/workspaces/ws_acme', alice, {
      name: 'Acme Storage',
      description: null,
      settings: { defaultModel: 'gpt-4o-mini', analyticsEnabled: true, notificationEmail: 'ops@acme.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...ACME,
      name: 'Acme Storage',
      description: undefined,
      settings: { defaultModel: 'gpt-4o-mini', analyticsEnabled: true, notificationEmail: 'ops@acme.example' },
      metadata: { createdAt: NOW, updatedAt: '2026-01-01T09:01:00.000Z' },
    });
    expect('description' in res.body).toBe(false);
    const cleared = await call('PATCH', '/api/v1/workspaces/ws_acme', alice, { settings: { defaultModel: null } });
    expect(cleared.body.settings).toEqual({ analyticsEnabled: true, notificationEmail: 'ops@acme.example' });
    for (const who of [bob, carol]) {
      const denied = await call('PATCH', '/api/v1/workspaces/ws_acme', who, { name: 'Mine now' });
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('FORBIDDEN');
    }
    expect((await call('PATCH', '/api/v1/workspaces/ws_acme', dan, { name: 'Mine now' })).status).toBe(404);
    expect((await call('PATCH', '/api/v1/workspaces/ws_acme', alice, { slug: 'globex' })).status).toBe(409);
    const bad = await call('PATCH', '/api/v1/workspaces/ws_acme', alice, { name: 'Never', settings: { defaultTemperature: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { path: string }) => i.path)).toEqual(['body.settings.defaultTemperature']);
    expect((await call('GET', '/api/v1/workspaces/ws_acme', alice)).body.name).toBe('Acme Storage');
    const byKey = await call('PATCH', '/api/v1/workspaces/ws_acme', { key: door.key('key_full') }, { slug: 'acme-cloud' });
    expect(byKey.body.slug).toBe('acme-cloud');
  });

  it('deletes only as an owner, and takes keys, members and transcripts along', async () => {
    expect((await call('PATCH', '/api/v1/workspaces/ws_acme/members/user_bob', alice, { role: 'admin' })).status).toBe(200);
    const asAdmin = await call('DELETE', '/api/v1/workspaces/ws_acme', bob);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error.message).toBe('Only a workspace owner can delete a workspace');
    expect((await call('DELETE', '/api/v1/workspaces/ws_acme', carol)).status).toBe(403);
    expect((await call('DELETE', '/api/v1/workspaces/ws_acme', dan)).status).toBe(404);
    const res = await call('DELETE', '/api/v1/workspaces/ws_acme', alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', id: 'ws_acme' });
    expect((await call('GET', '/api/v1/workspaces/ws_acme', alice)).status).toBe(404);
    expect((await listOf(alice)).data).toEqual([]);
    expect((await listOf(bob)).data).toEqual([]);
    const key = door.key('key_full');
    expect((await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': key } })).status).toBe(401);
    // Globex is untouched.
    expect((await listOf(dan)).data.map((w) => w.id)).toEqual(['ws_globex']);
    const globexKey = door.key('key_globex');
    const globex = await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': globexKey } });
    expect(((await globex.json()) as { pagination: { total: number } }).pagination.total).toBe(1);
  });

  describe('clone jobs', () => {
    const poll = async (jobId: string, as = alice) => (await call('GET', `/api/v1/workspaces/clone-jobs/${jobId}`, as)).body;

    it('queues (202), runs after 500 ms and completes after 2 s of emulator time with a copy', async () => {
      const res = await call('POST', '/api/v1/workspaces/ws_acme/clone', alice, { title: 'Acme Copy', ragVectorIds: 'vec_a, vec_b' });
      expect(res.status).toBe(202);
      const jobId = res.body.jobId as string;
      expect(res.body).toEqual({ jobId, status: 'pending', sourceWorkspaceId: 'ws_acme', name: 'Acme Copy', ragVectorIds: ['vec_a', 'vec_b'], createdAt: NOW, updatedAt: NOW });
      await door.emulator.clock.advance(499);
      expect((await poll(jobId)).status).toBe('pending');
      await door.emulator.clock.advance(1);
      expect(await poll(jobId)).toMatchObject({ status: 'running', updatedAt: '2026-01-01T09:00:00.500Z' });
      await door.emulator.clock.advance(1499);
      expect((await poll(jobId)).status).toBe('running');
      await door.emulator.clock.advance(1);
      const done = await poll(jobId);
      expect(done).toMatchObject({ status: 'completed', updatedAt: '2026-01-01T09:00:02.000Z' });
      const copyId = done.workspaceId as string;
      expect(copyId).toMatch(/^[0-9a-f]{24}$/);

      const copy = WorkspaceSchema.parse((await call('GET', `/api/v1/workspaces/${copyId}`, alice)).body);
      expect(copy).toMatchObject({ name: 'Acme Copy', slug: 'acme-copy', description: ACME.description, ownerId: 'user_alice' });
      const members = await call('GET', `/api/v1/workspaces/${copyId}/members`, bob);
      expect(members.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
        ['user_alice', 'owner'],
        ['user_bob', 'editor'],
        ['user_carol', 'viewer'],
      ]);
      // Transcripts come along under new ids; the source keeps its own.
      const created = await call('POST', `/api/v1/workspaces/${copyId}/api-keys`, alice, { name: 'copy key' });
      expect(created.status).toBe(201);
      const list = await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': created.body.secret } });
      const copied = (await list.json()) as { transcripts: { _id: string; title: string; messageCount: number }[] };
      const source = (await (await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': door.key('key_full') } })).json()) as typeof copied;
      expect(copied.transcripts.map((t) => [t.title, t.messageCount])).toEqual(source.transcripts.map((t) => [t.title, t.messageCount]));
      expect(copied.transcripts.some((t) => source.transcripts.some((s) => s._id === t._id))).toBe(false);
      const one = await door.fetch(`/api/v1/transcripts/${copied.transcripts[0]!._id}`, { headers: { 'x-api-key': created.body.secret } });
      expect(((await one.json()) as { messages: unknown[] }).messages.length).toBe(copied.transcripts[0]!.messageCount);
    });

    it('fails when the source is deleted before the copy; flushJobs finishes it', async () => {
      const { body } = await call('POST', '/api/v1/workspaces/ws_acme/clone', alice, { name: 'Too late' });
      await call('DELETE', '/api/v1/workspaces/ws_acme', alice);
      await door.emulator.flushJobs();
      expect(await poll(body.jobId)).toMatchObject({
        status: 'failed',
        error: { code: 'NOT_FOUND', message: 'The source workspace no longer exists' },
      });
      expect((await listOf(alice)).data).toEqual([]);
    });

    it('needs admin on the source; the job is hidden from outsiders; keys poll through the workspace route', async () => {
      expect((await call('POST', '/api/v1/workspaces/ws_acme/clone', bob, { name: 'x' })).status).toBe(403);
      expect((await call('POST', '/api/v1/workspaces/ws_acme/clone', dan, { name: 'x' })).status).toBe(404);
      const bad = await call('POST', '/api/v1/workspaces/ws_acme/clone', alice, { ragVectorIds: ['a'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.issues).toEqual([{ path: 'body.name', message: 'Required (or title)' }]);
      const key = door.key('key_full');
      const { body } = await call('POST', '/api/v1/workspaces/ws_acme/clone', { key }, { name: 'By key' });
      expect(body.status).toBe('pending');
      expect((await call('GET', `/api/v1/workspaces/clone-jobs/${body.jobId}`, dan)).status).toBe(404);
      expect((await call('GET', `/api/v1/workspaces/clone-jobs/${body.jobId}`, carol)).status).toBe(200);
      expect((await call('GET', '/api/v1/workspaces/clone-jobs/nope', alice)).status).toBe(404);
      await door.emulator.flushJobs();
      const viaKey = await call('GET', `/api/v1/workspaces/ws_acme/clone-jobs/${body.jobId}`, { key });
      expect(viaKey.body).toMatchObject({ status: 'completed', sourceWorkspaceId: 'ws_acme' });
      // Without a requesting user, the source's owner owns the copy.
      expect((await call('GET', `/api/v1/workspaces/${viaKey.body.workspaceId}`, alice)).body.ownerId).toBe('user_alice');
      expect((await listOf(alice)).total).toBe(2);
    });
  });
});
