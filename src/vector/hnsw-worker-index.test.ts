// The graph built in the worker thread against the in-thread HnswIndex: fed the same vectors in the
// same order, the same answers (labels and scores), with deletes and filtered searches; and a target
// opened empty takes its vectors as they come, never reading storage for its first query.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../seed/random.js';
import { EMBEDDING_DIMENSION, embed } from './embedding.js';
import { HnswIndex, loadHnswlib } from './hnsw-index.js';
import { WorkerHnswIndex, loadHnswWorker } from './hnsw-worker-index.js';
import { VectorIndexes, defaultIndexFactory } from './index-manager.js';

const WORDS = 'password reset account invoice refund charge sync conflict folder backup retention export limit retry header token session plan'.split(' ');

function corpus(n: number, seed = 11): string[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: n }, () => Array.from({ length: 10 + random.int(10) }, () => WORDS[random.int(WORDS.length)]).join(' ') + ` item${random.int(3000)}`);
}

const lib = await loadHnswlib();
const worker = lib ? await loadHnswWorker() : null;
const QUERIES = ['reset my password', 'refund a double charge', 'sync conflict in a folder', 'retry after a limit', 'how long is a backup kept', 'item17 session'];

describe.skipIf(worker === null)('WorkerHnswIndex', () => {
  it('answers as the in-thread graph does, past its initial capacity, with deletes and filters', () => {
    const local = new HnswIndex(lib!, EMBEDDING_DIMENSION);
    const remote = new WorkerHnswIndex(worker!, EMBEDDING_DIMENSION);
    expect(remote.eager).toBe(true);
    const vectors = corpus(2500).map((text) => embed(text));
    vectors.forEach((vector, label) => {
      local.add(label, vector);
      remote.add(label, vector);
    });
    for (const label of [3, 40, 41, 900, 2499]) {
      local.remove(label);
      remote.remove(label);
    }
    expect(remote.size).toBe(local.size);
    const odd = (label: number) => label % 2 === 1;
    for (const query of QUERIES.map((q) => embed(q))) {
      const answer = remote.search(query, 10);
      expect(answer).toHaveLength(10);
      expect(answer).toEqual(local.search(query, 10));
      expect(remote.search(query, 5, odd, 1248)).toEqual(local.search(query, 5, odd, 1248));
    }
  });

  it('gives a target opened empty its vectors as they are applied, without a load at its first query', async () => {
    const texts = corpus(400, 5);
    const files = [texts.slice(0, 150), texts.slice(150, 300), texts.slice(300)].map((list, f) => list.map((content, i) => ({ id: `c${f}-${i}`, content })));
    const answers = async (indexes: VectorIndexes) => {
      await indexes.open('t', 'v0');
      files.forEach((chunks, f) => indexes.apply('t', `v${f}`, `v${f + 1}`, { add: chunks }));
      indexes.apply('t', 'v3', 'v4', { remove: ['c1-7', 'c2-0'] });
      const load = async () => {
        throw new Error('an opened index never reads storage');
      };
      return Promise.all(QUERIES.map((query) => indexes.search('t', 'v4', load, query, 8)));
    };
    const onWorker = await answers(new VectorIndexes(defaultIndexFactory));
    // Built in this thread (in background slices, then at the query): the same graph, the same answers.
    const inThread = await answers(new VectorIndexes(async () => new HnswIndex(lib!, EMBEDDING_DIMENSION)));
    expect(onWorker.every((hits) => hits.length === 8)).toBe(true);
    expect(onWorker.flat().some((hit) => hit.chunkId === 'c1-7' || hit.chunkId === 'c2-0')).toBe(false);
    expect(onWorker).toEqual(inThread);
  });

  it('starts on chunks staged as written, answers only with live ones, and keeps the written order', async () => {
    const texts = corpus(300, 9);
    const [a, b, c] = [0, 1, 2].map((f) => texts.slice(f * 100, (f + 1) * 100).map((content, i) => ({ id: `f${f}-${i}`, content })));
    const staged = new VectorIndexes(defaultIndexFactory);
    await staged.open('t', 'v0');
    staged.stage('t', a!);
    staged.stage('t', b!);
    // c is written, then written again with other texts before its file turns queryable.
    staged.stage('t', c!);
    const c2 = c!.map((chunk, i) => ({ id: chunk.id, content: texts[(i * 7) % 200]! + ' rewritten' }));
    staged.stage('t', c2);
    const none = async () => {
      throw new Error('an opened index never reads storage');
    };
    // Queryable in another order than written: labels (and so the graph) follow the writes.
    staged.apply('t', 'v0', 'v1', { add: b });
    const onlyB = await staged.search('t', 'v1', none, QUERIES[0]!, 20);
    expect(onlyB).toHaveLength(20);
    expect(onlyB.every((hit) => hit.chunkId.startsWith('f1-'))).toBe(true);
    staged.apply('t', 'v1', 'v2', { add: a });
    staged.apply('t', 'v2', 'v3', { add: c2 });
    const inThread = new VectorIndexes(async () => new HnswIndex(lib!, EMBEDDING_DIMENSION));
    await inThread.warm('t', 'v3', async () => [...a!, ...b!, ...c2]);
    for (const query of QUERIES) {
      const hits = await staged.search('t', 'v3', none, query, 10);
      expect(hits).toEqual(await inThread.search('t', 'v3', none, query, 10));
    }
  });
});
