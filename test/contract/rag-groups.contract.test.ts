// The emulator-defined RAG routes through every door on every driver: RAG group CRUD and membership,
// target fork and the API-key chunk listing, each with its bad inputs (400 naming the field, nothing written).
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { ragClient } from '../support/rag.js';

describe.each(MATRIX)('rag groups, fork and chunk listing: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const rag = ragClient(door, () => door.key('key_rag'));
  const paths = (res: { body: any }) => res.body.error.details.issues.map((i: { path: string }) => i.path);

  it('creates, lists, reads, renames, re-members and deletes a group', async () => {
    const created = await rag.post('/api/v1/rag/groups', { name: 'Docs only', vectorIds: ['vec_docs'] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Docs only', workspaceId: 'ws_acme', vectorIds: ['vec_docs'], vectors: [{ _id: 'vec_docs', title: 'Help Center' }] });
    expect(created.body.id).toBe(created.body._id);
    const id = created.body._id as string;
    const list = await rag.get('/api/v1/rag/groups');
    // Oldest first; groups made at the same emulator instant are ordered by id.
    expect(list.body.data.map((g: { _id: string }) => g._id).sort()).toEqual([id, 'grp_support'].sort());
    expect(list.body).toMatchObject({ hasMore: false, total: 2 });
    expect((await rag.get(`/api/v1/rag/groups/${id}`)).body.name).toBe('Docs only');
    const added = await rag.post(`/api/v1/rag/groups/${id}/vectors`, { vectorIds: ['vec_policies', 'vec_docs'] });
    expect(added.body.vectorIds).toEqual(['vec_docs', 'vec_policies']);
    const context = await rag.post('/api/v1/rag/context', { query: 'data retention', groupId: id });
    expect(context.body).toMatchObject({ groupId: id, groupName: 'Docs only' });
    const removed = await rag.del(`/api/v1/rag/groups/${id}/vectors/vec_docs`);
    expect(removed.body.vectorIds).toEqual(['vec_policies']);
    const renamed = await rag.patch(`/api/v1/rag/groups/${id}`, { name: 'Policies only' });
    expect(renamed.body).toMatchObject({ name: 'Policies only', vectorIds: ['vec_policies'] });
    expect((await rag.patch(`/api/v1/rag/groups/${id}`, { vectorIds: [] })).body.vectors).toEqual([]);
    expect((await rag.del(`/api/v1/rag/groups/${id}`)).body).toEqual({ status: 'ok', _id: id });
    expect((await rag.get(`/api/v1/rag/groups/${id}`)).status).toBe(404);
    expect((await rag.post('/api/v1/rag/context', { query: 'x', groupId: id })).status).toBe(404);
  });

  it('drops a deleted vector from its groups', async () => {
    await rag.del('/api/v1/rag/targets/vec_policies');
    expect((await rag.get('/api/v1/rag/groups/grp_support')).body.vectorIds).toEqual(['vec_docs']);
  });

  it('refuses bad group input with the field named, and writes nothing', async () => {
    const noName = await rag.post('/api/v1/rag/groups', { vectorIds: ['vec_docs'] });
    expect(noName.status).toBe(400);
    expect(paths(noName)).toEqual(['body.name']);
    const unknown = await rag.post('/api/v1/rag/groups', { name: 'X', vectorIds: ['vec_docs', 'vec_nope', 'vec_globex'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.issues).toEqual([
      { path: 'body.vectorIds[1]', message: 'Vector index "vec_nope" is not in this workspace' },
      { path: 'body.vectorIds[2]', message: 'Vector index "vec_globex" is not in this workspace' },
    ]);
    expect(paths(await rag.post('/api/v1/rag/groups', { name: 'X', extra: 1 }))).toEqual(['body.extra']);
    expect(paths(await rag.patch('/api/v1/rag/groups/grp_support', { vectorIds: ['vec_nope'] }))).toEqual(['body.vectorIds[0]']);
    expect(paths(await rag.post('/api/v1/rag/groups/grp_support/vectors', { vectorIds: [] }))).toEqual(['body.vectorIds']);
    expect(paths(await rag.del('/api/v1/rag/groups/grp_support/vectors/vec_globex'))).toEqual(['params.vectorId']);
    expect((await rag.get('/api/v1/rag/groups')).body.total).toBe(1);
    expect((await rag.get('/api/v1/rag/groups/grp_support')).body.vectorIds).toEqual(['vec_docs', 'vec_policies']);
    expect((await rag.get('/api/v1/rag/groups/grp_nope')).status).toBe(404);
    // A read-only key cannot write groups.
    const reader = ragClient(door, () => door.key('key_read'));
    expect((await reader.post('/api/v1/rag/groups', { name: 'X' })).status).toBe(403);
  });

  it('refuses bad fork and listing input with the field named', async () => {
    const fork = await rag.post('/api/v1/rag/targets/vec_docs/fork', { name: '', chunkSize: 3 });
    expect(fork.status).toBe(400);
    expect(paths(fork).sort()).toEqual(['body.chunkSize', 'body.name']);
    expect((await rag.post('/api/v1/rag/targets/vec_globex/fork', {})).status).toBe(404);
    expect((await rag.get('/api/v1/rag/targets')).body.total).toBe(2);
    expect(paths(await rag.get('/api/v1/rag/targets/vec_docs/all-chunks?offset=-1&length=0')).sort()).toEqual(['query.length', 'query.offset']);
    expect(paths(await rag.get('/api/v1/rag/targets/vec_docs/all-chunks?length=5000'))).toEqual(['query.length']);
    const page = await rag.get('/api/v1/rag/targets/vec_docs/all-chunks');
    expect(page.body).toMatchObject({ offset: 0, length: 100, sourceDocCount: 4 });
    expect(page.body.page.length).toBe(Math.min(100, page.body.total));
    expect(paths(await rag.post('/api/v1/rag/targets', { vectorIndexTool: 'default' }))).toEqual(['body.title']);
    // The workspace mount of the listing takes a member's Bearer token; an API key is refused.
    const mount = await door.fetch('/white-label/ws_acme/rag-vector/vec_docs/all-chunks?offset=0&length=1', { headers: { 'x-api-key': door.key('key_rag') } });
    expect(mount.status).toBe(403);
    const asOwner = await door.fetch('/white-label/ws_acme/rag-vector/vec_docs/all-chunks?offset=x', { headers: { authorization: `Bearer ${door.token('user_alice')}` } });
    expect(asOwner.status).toBe(400);
  });
});
