// Vector indexes as the client library manages them (https://sdk.divinci.ai/client/rag/,
// `client.rag.vectorIndex`): list, create `{name}` → `_id`, get, update `{name}`, fork (copy without
// re-ingesting) and delete. The library's paths are not documented: the emulator serves these calls
// on /api/v1/rag/targets with the workspace key in X-API-Key (the server SDK's carrier).
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('vector indexes from the client library: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'X-API-Key': door.key('key_rag') };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await door.fetch(path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as any };
  };

  // https://sdk.divinci.ai/client/rag/ "Vector indexes": vi.list, vi.create({name}), vi.get, vi.update({name}), vi.delete.
  it('sdk.divinci.ai/client/rag: list, create {name}, get, update {name}, delete', async () => {
    const before = await call('GET', '/api/v1/rag/targets');
    expect(before.body.data.map((t: { _id: string }) => t._id)).toEqual(['vec_docs', 'vec_policies']);
    const index = await call('POST', '/api/v1/rag/targets', { name: 'Product docs' });
    expect(index.status).toBe(200);
    expect(typeof index.body._id).toBe('string');
    expect(index.body).toMatchObject({ name: 'Product docs', title: 'Product docs', vectorIndexTool: 'default', fileCount: 0 });
    const one = await call('GET', `/api/v1/rag/targets/${index.body._id}`);
    expect(one.body).toMatchObject({ _id: index.body._id, name: 'Product docs', title: 'Product docs' });
    const updated = await call('PATCH', `/api/v1/rag/targets/${index.body._id}`, { name: 'Product docs (v2)' });
    expect(updated.body).toMatchObject({ name: 'Product docs (v2)', title: 'Product docs (v2)' });
    expect((await call('GET', '/api/v1/rag/targets')).body.data.map((t: { name: string }) => t.name)).toEqual(['Help Center', 'Policies', 'Product docs (v2)']);
    expect((await call('DELETE', `/api/v1/rag/targets/${index.body._id}`)).status).toBe(200);
    expect((await call('GET', `/api/v1/rag/targets/${index.body._id}`)).status).toBe(404);
  });

  // https://sdk.divinci.ai/client/rag/ "Forking an index": vi.fork({ragId}, {name}) copies without re-ingesting.
  it('sdk.divinci.ai/client/rag: fork copies files, chunks and vectors, searchable at once and independent', async () => {
    const forked = await call('POST', '/api/v1/rag/targets/vec_docs/fork', { name: 'Help Center — staging copy' });
    expect(forked.status).toBe(200);
    const source = (await call('GET', '/api/v1/rag/targets/vec_docs')).body;
    expect(forked.body).toMatchObject({
      name: 'Help Center — staging copy',
      title: 'Help Center — staging copy',
      chunkingTool: source.chunkingTool,
      chunkSize: source.chunkSize,
      embeddingModel: source.embeddingModel,
      fileCount: 4,
      chunkCount: source.chunkCount,
    });
    expect(forked.body._id).not.toBe('vec_docs');
    // Searchable at once: no clock advance, no pipeline run.
    const hit = await call('POST', '/api/v1/rag/context', { query: 'how do I reset my forgotten password', collectionId: forked.body._id, topK: 3 });
    expect(hit.body.chunks.length).toBeGreaterThan(0);
    expect(hit.body.chunks[0].vectorId).toBe(forked.body._id);
    expect(hit.body.chunks[0].source).toBe('https://help.acme.example/security');
    const original = await call('POST', '/api/v1/rag/context', { query: 'how do I reset my forgotten password', collectionId: 'vec_docs', topK: 3 });
    expect(hit.body.chunks.map((c: { content: string }) => c.content)).toEqual(original.body.chunks.map((c: { content: string }) => c.content));
    // The copy is its own: deleting it leaves the source whole.
    expect((await call('DELETE', `/api/v1/rag/targets/${forked.body._id}`)).body.deletedFiles).toBe(4);
    expect((await call('GET', '/api/v1/rag/targets/vec_docs')).body).toMatchObject({ fileCount: 4, chunkCount: source.chunkCount });
    expect((await call('POST', '/api/v1/rag/context', { query: 'reset forgotten password', collectionId: 'vec_docs', topK: 1 })).body.chunks).toHaveLength(1);
    // Without a name the copy is called after its source.
    expect((await call('POST', '/api/v1/rag/targets/vec_policies/fork')).body.title).toBe('Policies (fork)');
  });
});
