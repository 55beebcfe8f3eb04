// RAG retrieval through every door on every driver: full-text search (driver FTS) and vector
// context by collection and by group, ranked so the topically right chunk comes first.
import { beforeEach, describe, expect, it } from 'vitest';
import { ContextByCollectionSchema, ContextByGroupSchema, SearchResultSchema } from '../../src/areas/rag-search/schema.js';
import { DRIVERS, MATRIX, pgMatrix, keyOf, sharedEmulator } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { ragClient } from '../support/rag.js';

/** Queries on the fixture corpus and the file that must answer each. */
const TOPICS: [string, string][] = [
  ['how do I reset my forgotten password', 'file_security'],
  ['I was charged twice, can I get a refund', 'file_billing'],
  ['why do I see a conflicted copy of my file', 'file_sync'],
  ['what does a 429 too many requests response mean', 'file_ratelimits'],
  ['how long are backups kept after deletion', 'file_retention'],
];

describe.each([...MATRIX, ...pgMatrix()])('rag search and context: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let key: string;
  const rag = ragClient(door, () => key);

  beforeEach(() => {
    key = door.key('key_rag');
  });

  it.each(TOPICS)('context for "%s" leads with %s', async (query, fileId) => {
    const res = await rag.post('/api/v1/rag/context', { query, groupId: 'grp_support', topK: 3 });
    expect(res.status).toBe(200);
    const body = ContextByGroupSchema.parse(res.body);
    expect(body.chunks[0]!.fileId).toBe(fileId);
    expect(body.chunks[0]!.score).toBeGreaterThan(body.chunks[2]!.score!);
  });

  it.each(TOPICS)('full-text search for "%s" leads with %s', async (query, fileId) => {
    const res = await rag.get(`/api/v1/rag/search?q=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    expect(SearchResultSchema.parse(res.body).results[0]!.document.id).toBe(fileId);
  });

  it('answers a context query by collection with the spec fields', async () => {
    const res = await rag.post('/api/v1/rag/context', { query: 'enable two-factor authentication with recovery codes', collectionId: 'vec_docs' });
    const body = ContextByCollectionSchema.parse(res.body);
    expect(Object.keys(body).sort()).toEqual(['chunks', 'collectionId', 'collectionTitle', 'query', 'retrievalMs', 'sources', 'total']);
    expect(body).toMatchObject({ collectionId: 'vec_docs', collectionTitle: 'Help Center', query: 'enable two-factor authentication with recovery codes', total: 5, retrievalMs: 0 });
    expect(body.chunks[0]).toMatchObject({ fileId: 'file_security', vectorId: 'vec_docs', source: 'https://help.acme.example/security' });
    expect(body.chunks[0]!.content.startsWith('Two-factor authentication')).toBe(true);
    expect(body.sources[0]).toBe('https://help.acme.example/security');
    expect(new Set(body.sources).size).toBe(body.sources.length);
    expect(body.chunks.every((c) => c.score! >= 0 && c.score! <= 1)).toBe(true);
    const scores = body.chunks.map((c) => c.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answers a context query by group with groupId, groupName and vectors', async () => {
    const body = ContextByGroupSchema.parse((await rag.post('/api/v1/rag/context', { query: 'GDPR erasure request', groupId: 'grp_support', topK: 2 })).body);
    expect(body).toMatchObject({
      groupId: 'grp_support',
      groupName: 'Support knowledge',
      vectors: [
        { _id: 'vec_docs', title: 'Help Center' },
        { _id: 'vec_policies', title: 'Policies' },
      ],
      total: 2,
    });
    expect(body.chunks[0]).toMatchObject({ fileId: 'file_retention', vectorId: 'vec_policies', source: 'data-retention-policy.docx' });
  });

  it('applies the target’s contextPerMessage and minimumSimilarity', async () => {
    key = door.key('key_full');
    await rag.patch('/api/v1/rag/targets/vec_docs', { contextPerMessage: 2 });
    expect((await rag.post('/api/v1/rag/context', { query: 'password', collectionId: 'vec_docs' })).body.total).toBe(2);
    const all = (await rag.post('/api/v1/rag/context', { query: 'reset password', collectionId: 'vec_docs', topK: 20 })).body;
    const floor = all.chunks[1].score;
    await rag.patch('/api/v1/rag/targets/vec_docs', { minimumSimilarity: floor });
    const filtered = (await rag.post('/api/v1/rag/context', { query: 'reset password', collectionId: 'vec_docs', topK: 20 })).body;
    expect(filtered.chunks.map((c: { score: number }) => c.score)).toEqual(all.chunks.slice(0, 2).map((c: { score: number }) => c.score));
    await rag.patch('/api/v1/rag/targets/vec_docs', { minimumSimilarity: 1 });
    expect((await rag.post('/api/v1/rag/context', { query: 'reset password', collectionId: 'vec_docs' })).body).toMatchObject({ chunks: [], sources: [], total: 0 });
  });

  it('filters full-text search by fileId and collectionId, limit or topK', async () => {
    const byFile = (await rag.get('/api/v1/rag/search?q=password%20refund&fileId=file_billing')).body.results;
    expect(new Set(byFile.map((r: { document: { id: string } }) => r.document.id))).toEqual(new Set(['file_billing']));
    const byTarget = (await rag.get('/api/v1/rag/search?q=deleted&collectionId=vec_policies')).body.results;
    expect(byTarget.length).toBeGreaterThan(0);
    expect(byTarget.every((r: { chunk: { vectorId: string } }) => r.chunk.vectorId === 'vec_policies')).toBe(true);
    expect((await rag.get('/api/v1/rag/search?q=the%20and%20password&limit=2')).body.results).toHaveLength(2);
    expect((await rag.get('/api/v1/rag/search?q=password&topK=1')).body.results).toHaveLength(1);
    const hit = (await rag.get('/api/v1/rag/search?q=password&topK=1')).body.results[0];
    expect(hit.score).toBe(hit.chunk.score);
    expect(hit.score).toBeGreaterThan(0);
    expect(hit.score).toBeLessThan(1);
    expect((await rag.get('/api/v1/rag/search?q=zzzyzzx')).body).toEqual({ query: 'zzzyzzx', results: [], total: 0 });
  });

  it('keeps retrieval inside the workspace', async () => {
    expect((await rag.get('/api/v1/rag/search?q=onboarding%20laptop')).body.results).toEqual([]);
    expect((await rag.post('/api/v1/rag/context', { query: 'onboarding', collectionId: 'vec_globex' })).status).toBe(404);
    expect((await rag.get('/api/v1/rag/search?q=onboarding&collectionId=vec_globex')).status).toBe(404);
  });

  it('answers bad retrieval input with the envelope', async () => {
    const missing = await rag.get('/api/v1/rag/search');
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.issues[0].path).toBe('query.q');
    const huge = await rag.get('/api/v1/rag/search?q=x&limit=1000');
    expect(huge.body.error.details.issues).toEqual([{ path: 'query.limit', message: 'Too big: expected number to be <=100' }]);
    expect((await rag.get('/api/v1/rag/search?q=x&collectionId=vec_nope')).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Vector index not found', requestId: expect.any(String) } });
    expect((await rag.post('/api/v1/rag/context', { query: 'x', collectionId: 'vec_nope' })).status).toBe(404);
    expect((await rag.post('/api/v1/rag/context', { query: 'x', groupId: 'grp_nope' })).body.error.message).toBe('RAG group not found');
    const both = await rag.post('/api/v1/rag/context', { query: 'x', collectionId: 'vec_docs', groupId: 'grp_support' });
    expect(both.body.error.details.issues).toEqual([{ path: 'body.collectionId', message: 'Give exactly one of collectionId or groupId' }]);
    // Real wire (fulcrum divinci-rag-client.ts): the server caps topK at 50 rather than refusing a larger one.
    const capped = await rag.post('/api/v1/rag/context', { query: 'x', collectionId: 'vec_docs', topK: 101 });
    expect(capped.status).toBe(200);
    expect(capped.body.chunks.length).toBeLessThanOrEqual(50);
    expect((await rag.post('/api/v1/rag/context', { query: 'x', collectionId: 'vec_docs', topK: 0 })).status).toBe(400);
  });

  it('rebuilds the vector index after a reset, so answers follow storage', async () => {
    key = door.key('key_full');
    const before = (await rag.post('/api/v1/rag/context', { query: 'refund duplicate charge', collectionId: 'vec_docs', topK: 1 })).body;
    await rag.del('/api/v1/rag/files/file_billing');
    const without = (await rag.post('/api/v1/rag/context', { query: 'refund duplicate charge', collectionId: 'vec_docs', topK: 1 })).body;
    expect(without.chunks[0].fileId).not.toBe('file_billing');
    await door.emulator.reset();
    key = door.key('key_full');
    expect((await rag.post('/api/v1/rag/context', { query: 'refund duplicate charge', collectionId: 'vec_docs', topK: 1 })).body).toEqual(before);
  });
});

// Compares the two drivers, so it has nothing to compare in the quick loop (one driver).
describe.skipIf(DRIVERS.length < 2)('rag search across drivers', () => {
  it('answers full-text searches with the same bytes on both drivers, scores and ties included', async () => {
    const bodies: Record<string, string[]> = {};
    for (const driver of DRIVERS) {
      const emulator = await sharedEmulator(driver);
      await emulator.reset();
      const key = keyOf(emulator, 'key_full');
      bodies[driver] = [];
      for (const q of ['password', 'invoice', 'refund invoice', 'sync conflicted copy', 'retry after 429', 'backups retention']) {
        const res = await emulator.fetch(new Request(`http://x/api/v1/rag/search?q=${encodeURIComponent(q)}&limit=5`, { headers: { 'x-api-key': key } }));
        bodies[driver]!.push(await res.text());
      }
    }
    expect(bodies.pglite).toEqual(bodies.sqlite);
    const first = JSON.parse(bodies.sqlite![0]!) as { results: { score: number }[] };
    expect(first.results.length).toBeGreaterThan(1);
    expect(first.results[0]!.score).toBeGreaterThan(first.results.at(-1)!.score);
  });

  it('gives the same vector context bytes on both drivers', async () => {
    const bodies: string[] = [];
    for (const driver of DRIVERS) {
      const emulator = await sharedEmulator(driver);
      await emulator.reset();
      const res = await emulator.fetch(
        new Request('http://x/api/v1/rag/context', {
          method: 'POST',
          headers: { 'x-api-key': keyOf(emulator, 'key_full'), 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'desktop app sync paused disk full', groupId: 'grp_support', topK: 4 }),
        }),
      );
      bodies.push(await res.text());
    }
    expect(bodies[1]).toBe(bodies[0]);
  });
});
