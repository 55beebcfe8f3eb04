// The exact scan of a store without a graph answers what exact search answers: the same labels,
// the same scores to the last bit, ties by label, only live labels.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../seed/random.js';
import { EMBEDDING_DIMENSION, embed } from './embedding.js';
import { ExactIndex } from './exact-index.js';
import { FlatVectors } from './flat-vectors.js';

const random = new SeededRandom(2026);
const vocabulary = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}${'xyz'[i % 3]}`);
const text = (words: number) => Array.from({ length: words }, () => vocabulary[random.int(vocabulary.length)]).join(' ');

/** Embedded texts (non-negative unit vectors), repeats among them (exact ties), and dense random vectors of any sign. */
function vectors(): Float32Array[] {
  const out = Array.from({ length: 2_400 }, () => embed(text(5 + random.int(60))));
  for (let i = 0; i < 200; i++) out.push((out[random.int(out.length)] as Float32Array).slice());
  for (let i = 0; i < 300; i++) out.push(Float32Array.from({ length: EMBEDDING_DIMENSION }, () => random.next() * 2 - 1));
  return out;
}

describe('FlatVectors', () => {
  const all = vectors();
  const flat = new FlatVectors(EMBEDDING_DIMENSION);
  for (const v of all) flat.push(v);
  const live = Uint8Array.from(all, () => (random.int(5) === 0 ? 0 : 1));

  it('keeps each vector as given', () => {
    expect(flat.size).toBe(all.length);
    for (const label of [0, 1023, 1024, 2_899]) expect(flat.vector(label)).toEqual(all[label]);
  });

  it('answers the exact top-k of the live labels, scores and order included', () => {
    const exact = new ExactIndex();
    all.forEach((v, label) => exact.add(label, v));
    const accept = (label: number) => live[label] === 1;
    const queries = [
      ...Array.from({ length: 40 }, () => embed(text(2 + random.int(6)))),
      ...Array.from({ length: 10 }, () => all[random.int(all.length)] as Float32Array),
      new Float32Array(EMBEDDING_DIMENSION),
    ];
    for (const query of queries) {
      for (const k of [1, 10, 37, 5_000]) expect(flat.search(query, k, live)).toEqual(exact.search(query, k, accept));
    }
    expect(flat.search(queries[0] as Float32Array, 0, live)).toEqual([]);
  });

  it('skips labels past the end of the live bytes', () => {
    const short = live.slice(0, 100);
    const hits = flat.search(embed(text(4)), 5_000, short);
    expect(hits.length).toBe(short.reduce((n, b) => n + b, 0));
    expect(hits.every((hit) => hit.label < 100)).toBe(true);
  });
});
