// After a load or an import (`clear`), a target's view is reused only when storage holds exactly
// the chunks it was built from (ids and texts, in order); other content with the same ids rebuilds.
import { describe, expect, it } from 'vitest';
import { VectorIndexes, exactIndexFactory, type IndexFactory } from './index-manager.js';
import { chunkFingerprint } from './fingerprint.js';

const chunks = [
  { id: 'a', content: 'password reset link' },
  { id: 'b', content: 'refund for a double charge' },
];

function counting(): { factory: IndexFactory; builds: () => number } {
  let builds = 0;
  return {
    factory: async () => {
      builds++;
      return exactIndexFactory();
    },
    builds: () => builds,
  };
}

describe('VectorIndexes reuse after clear', () => {
  it('reuses the view when storage holds the same chunks, at the stored version', async () => {
    const { factory, builds } = counting();
    const indexes = new VectorIndexes(factory);
    await indexes.warm('t', 'v1', async () => chunks);
    const before = await indexes.search('t', 'v1', async () => chunks, 'reset password', 2);
    indexes.clear();
    await indexes.warm('t', 'v9', async () => chunks);
    indexes.settle();
    expect(builds()).toBe(1);
    expect(await indexes.search('t', 'v9', async () => chunks, 'reset password', 2)).toEqual(before);
  });

  it('reuses a view whose store kept labels of later writes, answering only its own chunks', async () => {
    const { factory, builds } = counting();
    const indexes = new VectorIndexes(factory);
    await indexes.warm('t', 'v1', async () => chunks);
    const kept = indexes.capture();
    indexes.apply('t', 'v1', 'v2', { add: [{ id: 'c', content: 'reset your password now' }] });
    await indexes.search('t', 'v2', async () => [], 'reset', 3);
    indexes.restore(kept);
    indexes.clear();
    await indexes.warm('t', 'v1', async () => chunks);
    expect(builds()).toBe(1);
    expect((await indexes.search('t', 'v1', async () => chunks, 'reset password', 5)).map((h) => h.chunkId).sort()).toEqual(['a', 'b']);
  });

  it('rebuilds when the same ids hold other texts, or other chunks, or the order differs', async () => {
    for (const other of [
      [chunks[0]!, { id: 'b', content: 'refund for a double charges' }],
      [chunks[0]!],
      [chunks[1]!, chunks[0]!],
    ]) {
      const { factory, builds } = counting();
      const indexes = new VectorIndexes(factory);
      await indexes.warm('t', 'v1', async () => chunks);
      indexes.clear();
      await indexes.warm('t', 'v1', async () => other);
      expect(builds()).toBe(2);
      expect(indexes.sizeOf('t')).toBe(other.length);
    }
  });

  it('checks a candidate by ids and fingerprints when given them, reading texts only to rebuild', async () => {
    const keysOf = (list: typeof chunks) => async () => list.map((c) => ({ id: c.id, hash: chunkFingerprint(c.id, c.content) }));
    const same = counting();
    const reused = new VectorIndexes(same.factory);
    await reused.warm('t', 'v1', async () => chunks);
    reused.clear();
    let reads = 0;
    await reused.warm('t', 'v2', async () => (reads++, chunks), keysOf(chunks));
    expect([same.builds(), reads]).toEqual([1, 0]);
    const edited = [chunks[0]!, { id: 'b', content: 'refund for a double charges' }];
    for (const keys of [keysOf(edited), async () => chunks.map((c) => ({ id: c.id, hash: undefined })), keysOf([chunks[1]!, chunks[0]!])]) {
      const other = counting();
      const indexes = new VectorIndexes(other.factory);
      await indexes.warm('t', 'v1', async () => chunks);
      indexes.clear();
      await indexes.warm('t', 'v1', async () => edited, keys);
      expect(other.builds()).toBe(2);
      expect((await indexes.search('t', 'v1', async () => edited, 'double charges', 1))[0]?.chunkId).toBe('b');
    }
  });

  it('lets go of candidates once settled: a later warm builds afresh', async () => {
    const { factory, builds } = counting();
    const indexes = new VectorIndexes(factory);
    await indexes.warm('t', 'v1', async () => chunks);
    indexes.clear();
    indexes.settle();
    await indexes.warm('t', 'v1', async () => chunks);
    expect(builds()).toBe(2);
  });

  it('fingerprints tell apart texts split differently and ids from texts', () => {
    expect(chunkFingerprint('ab', 'c')).not.toBe(chunkFingerprint('a', 'bc'));
    expect(chunkFingerprint('a', '')).not.toBe(chunkFingerprint('', 'a'));
    expect(chunkFingerprint('a', 'b')).toBe(chunkFingerprint('a', 'b'));
    expect(Number.isSafeInteger(chunkFingerprint('x', 'y'.repeat(1000)))).toBe(true);
  });
});
