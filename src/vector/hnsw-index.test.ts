// The HNSW index against exact search: same answers on small data, high recall on larger data,
// and deletes honoured by both.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../seed/random.js';
import { EMBEDDING_DIMENSION, embed } from './embedding.js';
import { ExactIndex } from './exact-index.js';
import { HnswIndex, loadHnswlib } from './hnsw-index.js';
import { VectorIndexes, exactIndexFactory } from './index-manager.js';

const TOPICS = [
  'password reset sign-in account security two-factor recovery codes session',
  'invoice billing refund payment card charge tax plan renewal',
  'desktop sync conflict offline folder selective disk upload',
  'api rate limit 429 retry backoff header request throttle',
  'retention deletion backup gdpr export erasure trash version',
];

function corpus(n: number, seed = 3): string[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const words = TOPICS[i % TOPICS.length]!.split(' ');
    return Array.from({ length: 12 }, () => words[random.int(words.length)]).join(' ') + ` item${random.int(500)}`;
  });
}

// hnswlib-node is optional: an install without it (--omit=optional, no compiler) has no HNSW to test.
const lib = await loadHnswlib();

describe.skipIf(lib === null)('HnswIndex', () => {

  it('loads hnswlib-node in Node', () => {
    expect(lib).not.toBeNull();
  });

  it('gives the same answers as exact search on small data', () => {
    const hnsw = new HnswIndex(lib!, EMBEDDING_DIMENSION);
    const exact = new ExactIndex();
    corpus(300).forEach((text, label) => {
      hnsw.add(label, embed(text));
      exact.add(label, embed(text));
    });
    for (const query of ['reset my password', 'refund a double charge', 'sync conflict on desktop', 'what is a 429', 'how long are backups kept']) {
      expect(hnsw.search(embed(query), 10)).toEqual(exact.search(embed(query), 10));
    }
  });

  it('honours deletes, and grows past its initial capacity', () => {
    const hnsw = new HnswIndex(lib!, EMBEDDING_DIMENSION);
    const exact = new ExactIndex();
    corpus(2500).forEach((text, label) => {
      hnsw.add(label, embed(text));
      exact.add(label, embed(text));
    });
    const query = embed('password reset account');
    const top = exact.search(query, 5).map((h) => h.label);
    for (const label of top) {
      hnsw.remove(label);
      exact.remove(label);
    }
    expect(hnsw.size).toBe(2495);
    const after = hnsw.search(query, 10).map((h) => h.label);
    expect(after.some((label) => top.includes(label))).toBe(false);
    expect(after).toEqual(exact.search(query, 10).map((h) => h.label));
    // Scores are rescored from the index's own copy of the vectors (pages of 256): the exact path's bits, past the first page too.
    for (const text of ['refund invoice tax', 'sync offline folder', 'gdpr erasure backup']) {
      const hits = hnsw.search(embed(text), 10);
      expect(hits.some((hit) => hit.label >= 256)).toBe(true);
      expect(hits).toEqual(exact.search(embed(text), 10));
    }
  });
});

describe('VectorIndexes', () => {
  it('rebuilds an index whose version is stale and applies changes made at its version', async () => {
    const indexes = new VectorIndexes(exactIndexFactory);
    let loads = 0;
    const chunks = [
      { id: 'a', content: 'password reset link' },
      { id: 'b', content: 'refund for a double charge' },
    ];
    const load = async () => {
      loads++;
      return chunks;
    };
    expect((await indexes.search('t', 'v1', load, 'reset password', 1))[0]!.chunkId).toBe('a');
    expect(loads).toBe(1);
    indexes.apply('t', 'v1', 'v2', { remove: ['a'], add: [{ id: 'c', content: 'reset your password now' }] });
    expect((await indexes.search('t', 'v2', load, 'reset password', 1))[0]!.chunkId).toBe('c');
    expect(loads).toBe(1);
    // A change from another version (a rolled-back write) drops the index; the next query rebuilds it.
    indexes.apply('t', 'v9', 'v10', { add: [{ id: 'd', content: 'x' }] });
    expect((await indexes.search('t', 'v3', load, 'reset password', 1))[0]!.chunkId).toBe('a');
    expect(loads).toBe(2);
  });
});
