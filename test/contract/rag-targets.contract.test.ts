// RAG targets through every door on every driver: list, create, patch, delete with all its
// resources, migrate, bulk-reindex, prune-ghost-refs and the event log with its filters.
import { describe, expect, it } from 'vitest';
import { TargetListSchema, TargetRecordSchema } from '../../src/areas/rag-targets/schema.js';
import { defineScenario } from '../../src/index.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { FIXTURE_IDS, ragClient } from '../support/rag.js';

const GHOST_SCENARIO = defineScenario({
  name: 'ghosts',
  seed: 5,
  users: [{ id: 'user_g' }],
  workspaces: [
    {
      id: 'ws_g',
      name: 'Ghosts',
      ownerId: 'user_g',
      apiKeys: [{ id: 'key_g', name: 'g' }],
      rag: { targets: [{ id: 'vec_g', title: 'Haunted', ghostFileIds: ['gone_1', 'gone_2'], files: [{ id: 'alive', title: 'Alive', content: 'still here' }] }] },
    },
  ],
});

describe.each(MATRIX)('rag targets: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const rag = ragClient(door, () => door.key('key_full'));

  it('lists the workspace targets with their settings and counts', async () => {
    const res = await rag.get('/api/v1/rag/targets');
    expect(res.status).toBe(200);
    const list = TargetListSchema.parse(res.body);
    expect(list.total).toBe(2);
    expect(list.hasMore).toBe(false);
    const chunks = await Promise.all(FIXTURE_IDS.slice(0, 4).map(async (id) => (await rag.get(`/api/v1/rag/files/${id}`)).body.chunksCount as number));
    expect(list.data[0]).toEqual({
      _id: 'vec_docs',
      title: 'Help Center',
      // The client library reads `name` (https://sdk.divinci.ai/client/rag/).
      name: 'Help Center',
      description: 'Customer-facing help articles',
      vectorIndexTool: 'default',
      embeddingModel: 'emulator-hashed-ngrams-256',
      chunkingTool: 'chapter-aware',
      chunkSize: 200,
      chunkOverlap: 20,
      contextPerMessage: 5,
      minimumSimilarity: 0,
      status: 'active',
      fileCount: 4,
      chunkCount: chunks.reduce((a, b) => a + b, 0),
      workspaceId: 'ws_acme',
      createdAt: '2026-01-01T09:00:00.000Z',
      updatedAt: '2026-01-01T09:00:00.000Z',
    });
    expect(list.data[1]!._id).toBe('vec_policies');
  });

  it('creates a target with defaults and patches its retrieval settings', async () => {
    const created = await rag.post('/api/v1/rag/targets', { title: 'Changelog', vectorIndexTool: 'vectorize', minimumSimilarity: 0.4, chunkSize: 300 });
    expect(created.status).toBe(200);
    const target = TargetRecordSchema.parse(created.body);
    expect(target).toMatchObject({ title: 'Changelog', vectorIndexTool: 'vectorize', chunkingTool: 'default', chunkSize: 300, chunkOverlap: 64, contextPerMessage: 5, minimumSimilarity: 0.4, fileCount: 0 });
    await door.emulator.clock.advance(1_000);
    const patched = await rag.patch(`/api/v1/rag/targets/${target._id}`, { contextPerMessage: 3, embeddingModel: 'text-embedding-3-large' });
    expect(patched.body).toMatchObject({ contextPerMessage: 3, embeddingModel: 'text-embedding-3-large', minimumSimilarity: 0.4, updatedAt: '2026-01-01T09:00:01.000Z' });
    const events = (await rag.get(`/api/v1/rag/targets/${target._id}/events`)).body.data;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['target.updated', 'target.created']);
    expect(events[0].details).toEqual({ fields: ['contextPerMessage', 'embeddingModel'] });
  });

  it('rejects bad target input with field-level details', async () => {
    const res = await rag.post('/api/v1/rag/targets', { vectorIndexTool: 'faiss', minimumSimilarity: 2, chunkSize: 100, chunkOverlap: 100 });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.minimumSimilarity', 'body.title', 'body.vectorIndexTool']);
    const overlap = await rag.post('/api/v1/rag/targets', { title: 'x', vectorIndexTool: 'default', chunkSize: 100, chunkOverlap: 100 });
    expect(overlap.body.error.details.issues).toEqual([{ path: 'body.chunkOverlap', message: 'chunkOverlap must be smaller than chunkSize' }]);
    expect((await rag.patch('/api/v1/rag/targets/vec_globex', { title: 'x' })).status).toBe(404);
    expect((await rag.get('/api/v1/rag/targets')).body.total).toBe(2);
  });

  it('deletes a target with all its resources', async () => {
    const res = await rag.del('/api/v1/rag/targets/vec_docs');
    expect(res.body).toEqual({ status: 'ok', _id: 'vec_docs', deletedFiles: 4 });
    expect(await rag.fileIds()).toEqual(['file_retention']);
    expect((await rag.get('/api/v1/rag/targets/vec_docs/events')).status).toBe(404);
    expect((await rag.get('/api/v1/rag/search?q=refund')).body.results).toEqual([]);
    expect((await rag.post('/api/v1/rag/context', { query: 'refund', collectionId: 'vec_docs' })).status).toBe(404);
    const group = (await rag.post('/api/v1/rag/context', { query: 'backups', groupId: 'grp_support' })).body;
    expect(group.vectors).toEqual([{ _id: 'vec_policies', title: 'Policies' }]);
    // With no target named, uploads now go to the first remaining one.
    expect((await rag.uploadText('n.txt', 'new')).body[0].collectionId).toBe('vec_policies');
  });

  it('answers 400 for an upload when the workspace has no target at all', async () => {
    await rag.del('/api/v1/rag/targets/vec_docs');
    await rag.del('/api/v1/rag/targets/vec_policies');
    const res = await rag.uploadText('n.txt', 'new');
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([{ path: 'body.ragVectorId', message: 'Required: the workspace has no vector index' }]);
  });

  it('migrates: clones the index with new settings and reindexes every file into it', async () => {
    const res = await rag.post('/api/v1/rag/targets/vec_policies/migrate', { title: 'Policies v2', chunkingTool: 'default', chunkSize: 64, chunkOverlap: 8 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sourceCollectionId: 'vec_policies', filesQueued: 1 });
    expect(res.body.collection).toMatchObject({ title: 'Policies v2', chunkingTool: 'default', chunkSize: 64, chunkOverlap: 8, fileCount: 1 });
    const copyId = res.body.fileIdMap.file_retention as string;
    expect((await rag.get(`/api/v1/rag/files/${copyId}`)).body).toMatchObject({ status: 'pending', collectionId: res.body.collection._id, originalName: 'data-retention-policy.docx' });
    await door.emulator.flushJobs();
    const copy = (await rag.get(`/api/v1/rag/files/${copyId}`)).body;
    const original = (await rag.get('/api/v1/rag/files/file_retention')).body;
    expect(copy.status).toBe('completed');
    expect(copy.chunksCount).toBeGreaterThan(original.chunksCount);
    const chunks = (await rag.get(`/api/v1/rag/files/${copyId}/chunks?limit=100`)).body.chunks as { tokenCount: number }[];
    expect(Math.max(...chunks.map((c) => c.tokenCount))).toBeLessThanOrEqual(64);
    expect((await rag.get('/api/v1/rag/targets/vec_policies/events?action=target.migrated')).body.data[0].details).toEqual({ to: res.body.collection._id, files: 1 });
  });

  it('bulk-reindexes all files of an index, or the given ones', async () => {
    const some = await rag.post('/api/v1/rag/targets/vec_docs/bulk-reindex', { fileIds: ['file_sync'], chunkingTool: 'openparse' });
    expect(some.body).toEqual({ collectionId: 'vec_docs', queued: 1, fileIds: ['file_sync'] });
    expect((await rag.get('/api/v1/rag/files/file_sync')).body).toMatchObject({ status: 'pending', chunkingTool: 'openparse' });
    expect((await rag.get('/api/v1/rag/files/file_billing')).body.status).toBe('completed');
    const all = await rag.post('/api/v1/rag/targets/vec_docs/bulk-reindex');
    expect(all.body).toEqual({ collectionId: 'vec_docs', queued: 4, fileIds: FIXTURE_IDS.slice(0, 4) });
    const bad = await rag.post('/api/v1/rag/targets/vec_docs/bulk-reindex', { fileIds: ['file_retention'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues).toEqual([{ path: 'body.fileIds[0]', message: 'File "file_retention" is not in this index' }]);
    await door.emulator.flushJobs();
    expect(((await rag.get('/api/v1/rag/files?status=ready')).body as unknown[]).length).toBe(5);
  });

  it('filters the event log by action, actorType, since and limit', async () => {
    await rag.uploadText('a.txt', 'first');
    await door.emulator.clock.advance(10_000);
    await rag.uploadText('b.txt', 'second');
    const uploads = (await rag.get('/api/v1/rag/targets/vec_docs/events?action=file.uploaded')).body;
    expect(uploads.total).toBe(2);
    const system = (await rag.get('/api/v1/rag/targets/vec_docs/events?actorType=system&limit=2')).body;
    expect(system.data).toHaveLength(2);
    expect(system.hasMore).toBe(true);
    expect(system.data.every((e: { actorType: string }) => e.actorType === 'system')).toBe(true);
    const since = (await rag.get('/api/v1/rag/targets/vec_docs/events?since=2026-01-01T09:00:10.000Z')).body;
    expect(since.data.map((e: { action: string }) => e.action)).toEqual(['file.uploaded']);
    const sinceMs = (await rag.get(`/api/v1/rag/targets/vec_docs/events?since=${Date.parse('2026-01-01T09:00:10.000Z')}`)).body;
    expect(sinceMs).toEqual(since);
    expect((await rag.get('/api/v1/rag/targets/vec_docs/events?limit=1000')).status).toBe(400);
    expect((await rag.get('/api/v1/rag/targets/vec_docs/events?actorType=robot')).status).toBe(400);
  });
});

describe.each(MATRIX)('rag ghost references: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: GHOST_SCENARIO });
  const rag = ragClient(door, () => door.key('key_g'));

  it('prunes references to files that no longer exist, once', async () => {
    const first = await rag.post('/api/v1/rag/targets/vec_g/prune-ghost-refs');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ collectionId: 'vec_g', pruned: 2, fileIds: ['gone_1', 'gone_2'] });
    expect((await rag.post('/api/v1/rag/targets/vec_g/prune-ghost-refs')).body).toEqual({ collectionId: 'vec_g', pruned: 0, fileIds: [] });
    expect((await rag.get('/api/v1/rag/files/alive')).body.ragVectors).toEqual([{ _id: 'vec_g', title: 'Haunted' }]);
    const log = (await rag.get('/api/v1/rag/targets/vec_g/events?action=ghost_refs.pruned')).body.data;
    expect(log.map((e: { details: unknown }) => e.details)).toEqual([{ fileIds: ['gone_1', 'gone_2'] }]);
  });
});
