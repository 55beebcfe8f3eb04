// Vector views: a snapshot keeps the views it saw, a restore reattaches them without a rebuild,
// and each version answers only with its own live vectors.
import { describe, expect, it } from 'vitest';
import { VectorIndexes, defaultIndexFactory, exactIndexFactory } from './index-manager.js';

const chunks = [
  { id: 'a', content: 'password reset link' },
  { id: 'b', content: 'refund for a double charge' },
];

// Both index kinds: HNSW filters other versions' labels in its search, exact search skips them; and
// a store under its graph threshold (the default here), whose scan skips them.
describe.each([
  { kind: 'exact', factory: exactIndexFactory, graphFrom: 0 },
  { kind: 'default (HNSW where it loads)', factory: defaultIndexFactory, graphFrom: 0 },
  { kind: 'default, no graph yet', factory: defaultIndexFactory, graphFrom: undefined },
])('VectorIndexes views, $kind', ({ factory, graphFrom }) => {
  it('reattaches a captured view after later changes, without loading again', async () => {
    const indexes = new VectorIndexes(factory, undefined, graphFrom);
    let loads = 0;
    const load = async () => {
      loads++;
      return chunks;
    };
    await indexes.warm('t', 'v1', load);
    const kept = indexes.capture();
    indexes.apply('t', 'v1', 'v2', { remove: ['a'], add: [{ id: 'c', content: 'reset your password now' }] });
    expect((await indexes.search('t', 'v2', load, 'reset password', 5)).map((h) => h.chunkId).sort()).toEqual(['b', 'c']);
    indexes.restore(kept);
    expect((await indexes.search('t', 'v1', load, 'reset password', 5)).map((h) => h.chunkId).sort()).toEqual(['a', 'b']);
    expect(loads).toBe(1);
    // The same version reached again after the restore is a fresh change on top of v1.
    indexes.apply('t', 'v1', 'v2', { add: [{ id: 'd', content: 'password reset by mail' }] });
    expect((await indexes.search('t', 'v2', load, 'reset password', 5)).map((h) => h.chunkId).sort()).toEqual(['a', 'b', 'd']);
    expect(indexes.sizeOf('t')).toBe(3);
    expect(loads).toBe(1);
  });

  it('re-adds a chunk id with new content as a new vector', async () => {
    const indexes = new VectorIndexes(factory, undefined, graphFrom);
    await indexes.warm('t', 'v1', async () => chunks);
    indexes.apply('t', 'v1', 'v2', { remove: ['a'] });
    indexes.apply('t', 'v2', 'v3', { add: [{ id: 'a', content: 'invoices and billing' }] });
    const hits = await indexes.search('t', 'v3', async () => [], 'billing invoices', 1);
    expect(hits[0]!.chunkId).toBe('a');
    expect(hits[0]!.score).toBeGreaterThan(0.5);
  });
});
