// embed() against the plain reference it replaced (Maps, built strings): the same vectors, bit for
// bit, so every stored score and ranking stays the same after the allocation-free rewrite.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../seed/random.js';
import { EMBEDDING_DIMENSION, contentWords, embed } from './embedding.js';

function mix(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function spread(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

function referenceEmbed(text: string): Float32Array {
  const count = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);
  const words = contentWords(text);
  const wordCounts = new Map<number, number>();
  const pairCounts = new Map<number, number>();
  const gramCounts = new Map<number, number>();
  let previous = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const h = mix(0x811c9dc5, word);
    count(wordCounts, h);
    if (i > 0) count(pairCounts, mix(mix(0x2545f491, String(previous)), word));
    previous = h;
    const padded = `<${word}>`;
    for (let j = 0; j + 3 <= padded.length; j++) count(gramCounts, mix(0x6c8e9cf5, padded.slice(j, j + 3)));
  }
  const vec = new Float64Array(EMBEDDING_DIMENSION);
  const add = (counts: Map<number, number>, weight: number) => {
    for (const [h, n] of counts) {
      const w = weight * (1 + Math.log(n));
      vec[h % EMBEDDING_DIMENSION] = (vec[h % EMBEDDING_DIMENSION] ?? 0) + w;
      const second = spread(h) % EMBEDDING_DIMENSION;
      vec[second] = (vec[second] ?? 0) + w * 0.5;
    }
  };
  add(wordCounts, 1);
  add(pairCounts, 0.5);
  add(gramCounts, 0.05);
  let norm = 0;
  for (const v of vec) norm += v * v;
  const out = new Float32Array(EMBEDDING_DIMENSION);
  if (norm === 0) return out;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < EMBEDDING_DIMENSION; i++) out[i] = vec[i]! * scale;
  return out;
}

describe('embed against the reference', () => {
  it('gives the same bits for 2,000 seeded texts, short, long, repetitive and non-ASCII', () => {
    const random = new SeededRandom(99);
    const pieces = ['reset', 'password', 'résumé', 'naïve', 'Straße', '東京', 'données', '429', 'x', 'indexing', 'indexes', 'the', 'a', '😀', 'ﬁle', 'policies'];
    let differences = 0;
    for (let n = 0; n < 2000; n++) {
      const length = n % 50 === 0 ? 0 : n % 97 === 0 ? 3000 : 1 + random.int(120);
      const text = Array.from({ length }, () => pieces[random.int(pieces.length)]).join(random.int(3) === 0 ? ', ' : ' ');
      const a = embed(text);
      const b = referenceEmbed(text);
      const bitsA = new Uint32Array(a.buffer);
      const bitsB = new Uint32Array(b.buffer);
      if (bitsA.some((bits, i) => bits !== bitsB[i])) differences++;
    }
    expect(differences).toBe(0);
  });
});
