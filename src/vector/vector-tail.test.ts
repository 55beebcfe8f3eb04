// The tail (vectors embedded but not yet in the graph, searched exactly under the real clock):
// graph ∪ tail answers are the exact top-k, the same ids and scores the manual clock's path gives.
// The graph starts only past a store's first GRAPH_FROM labels: these tests lower it to reach it.
import { describe, expect, it } from 'vitest';
import { VectorIndexes, defaultIndexFactory, exactIndexFactory } from './index-manager.js';

const words = ['password', 'reset', 'refund', 'charge', 'invoice', 'billing', 'login', 'token', 'export', 'report', 'mail', 'team', 'seat', 'plan'];
/** Deterministic texts: chunk i mixes a few words picked by i. */
const chunk = (i: number) => ({ id: `c${i}`, content: [0, 1, 2, 3].map((j) => words[(i * (j + 3) + j * 7) % words.length]).join(' ') + ` n${i % 17}` });
const first = Array.from({ length: 150 }, (_, i) => chunk(i));
const later = Array.from({ length: 120 }, (_, i) => chunk(150 + i));
const queries = ['password reset', 'refund charge', 'billing invoice plan', 'team seat n3', 'export report mail'];

async function answers(factory: typeof exactIndexFactory, tail: boolean, graphFrom = 0) {
  const indexes = new VectorIndexes(factory, () => tail, graphFrom);
  await indexes.warm('t', 'v1', async () => first);
  // Written after the graph was built: under tailSearch these stay in the tail until a slice runs.
  indexes.apply('t', 'v1', 'v2', { add: later, remove: ['c3', 'c40'] });
  // Removed from the tail (dead tail labels) and from the graph again.
  indexes.apply('t', 'v2', 'v3', { remove: ['c160', 'c200', 'c41'] });
  const out = [];
  for (const q of queries) out.push(await indexes.search('t', 'v3', async () => [], q, 10));
  return out;
}

describe('VectorIndexes tail search', () => {
  it('answers graph ∪ exact tail exactly as exact search over everything, and as the finished graph', async () => {
    const exact = await answers(exactIndexFactory, false);
    const tail = await answers(defaultIndexFactory, true);
    const graph = await answers(defaultIndexFactory, false);
    expect(tail).toEqual(exact);
    expect(graph).toEqual(exact);
    // No graph (the store stays under its threshold), or one started when the writes cross it.
    expect(await answers(defaultIndexFactory, false, 1_000)).toEqual(exact);
    expect(await answers(defaultIndexFactory, true, 1_000)).toEqual(exact);
    expect(await answers(defaultIndexFactory, false, 200)).toEqual(exact);
    expect(await answers(defaultIndexFactory, true, 200)).toEqual(exact);
    for (const hits of tail) for (const gone of ['c3', 'c41', 'c160', 'c200']) expect(hits.map((h) => h.chunkId)).not.toContain(gone);
  });

  it('keeps the tail of a view out of another version, and empties it when the graph takes it in', async () => {
    const indexes = new VectorIndexes(defaultIndexFactory, () => true, 0);
    await indexes.warm('t', 'v1', async () => first);
    const kept = indexes.capture();
    indexes.apply('t', 'v1', 'v2', { add: later });
    const v2 = await indexes.search('t', 'v2', async () => [], 'team seat n3', 270);
    expect(v2).toHaveLength(270);
    indexes.restore(kept);
    const v1 = await indexes.search('t', 'v1', async () => [], 'team seat n3', 270);
    expect(v1.map((h) => h.chunkId).sort()).toEqual(first.map((c) => c.id).sort());
    await indexes.warm('t', 'v1', async () => first);
    expect(await indexes.search('t', 'v1', async () => [], 'team seat n3', 270)).toEqual(v1);
  });
});
