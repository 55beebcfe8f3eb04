// The segment ranking against a plain reference (every chunk scored in turn, every hit sorted):
// the same chunks, scores and order to the last bit over 5,000 chunks and 254 queries, with the
// chunks in one segment, in many, and in merged groups of many. Keeps any speed-up of rankSegments honest,
// the dynamic pruning (MaxScore: weak terms not read in full once the top list is full) included.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../seed/random.js';
import { buildSegment, rankCounters, rankSegments, type TextChunk } from './full-text.js';
import { mergeSegments } from './segment-groups.js';
import { analyseChunk, referenceRank } from '../../../test/support/bm25-reference.js';

/** Each chunk's terms counted, for the reference. */
const analyse = (chunks: readonly TextChunk[]) => chunks.map((chunk) => analyseChunk(chunk.id, chunk.content));

/** A seeded corpus with topics, shared words and word forms, so scores tie and terms repeat. */
function corpus(n: number): { chunks: TextChunk[]; queries: string[] } {
  const random = new SeededRandom(4242);
  const syllables = ['ka', 'to', 'mi', 'ra', 'ne', 'lo', 'su', 'vi', 'de', 'po', 'ga', 'ri'];
  const word = () => Array.from({ length: 2 + random.int(2) }, () => syllables[random.int(syllables.length)]).join('');
  const topics = Array.from({ length: 40 }, () => Array.from({ length: 20 }, word));
  const common = [...Array.from({ length: 30 }, word), 'running', 'runs', 'backup', 'backups', 'the', 'of', 'and'];
  const pick = (list: string[]) => list[random.int(list.length)] as string;
  const chunks = Array.from({ length: n }, (_, i) => {
    const main = pick(topics as unknown as string[]) as unknown as string[];
    const length = random.int(8) === 0 ? 3 : 10 + random.int(60);
    const words = Array.from({ length }, () => (random.int(10) < 7 ? pick(main) : pick(common)));
    return { id: `chunk_${i}`, content: words.join(' ') };
  });
  const queries = Array.from({ length: 254 }, (_, i) => {
    if (i % 50 === 0) return 'the of and';
    const topic = topics[random.int(topics.length)] as string[];
    return Array.from({ length: 1 + random.int(6) }, () => (random.int(5) === 0 ? pick(common) : pick(topic))).join(' ');
  });
  return { chunks, queries };
}

describe('rankSegments against the reference ranking', () => {
  const { chunks, queries } = corpus(5000);
  const analysed = analyse(chunks);
  const one = [buildSegment(0, chunks)];
  const many: ReturnType<typeof buildSegment>[] = [];
  for (let at = 0, file = 0; at < chunks.length; file++) {
    const size = 1 + ((file * 37) % 180);
    many.push(buildSegment(file, chunks.slice(at, at + size)));
    at += size;
  }
  // Runs merged into groups, as a search over many files sees them, with single segments between.
  const merged = [mergeSegments(many.slice(0, 10)), ...many.slice(10, 20), mergeSegments(many.slice(20))];

  it('gives the same hits, scores and order for 254 queries at several limits', () => {
    const pruned = rankCounters.segmentsPruned;
    const skipped = rankCounters.listsSkipped;
    let differences = 0;
    for (const [i, query] of queries.entries()) {
      const limit = [1, 3, 10, 100][i % 4] as number;
      const expected = referenceRank(analysed, query, limit);
      for (const segments of [one, many, merged]) {
        const actual = rankSegments(segments, query, limit);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) differences++;
      }
    }
    expect(differences).toBe(0);
    // The pruned path was taken (and changed nothing).
    expect(rankCounters.segmentsPruned).toBeGreaterThan(pruned + 100);
    expect(rankCounters.listsSkipped).toBeGreaterThan(skipped + 100);
  });

  it('keeps ties in segment, then position, order', () => {
    const same = Array.from({ length: 30 }, (_, i) => ({ id: `t${i}`, content: 'same backup words' }));
    const segments = [buildSegment(0, same.slice(0, 7)), buildSegment(1, same.slice(7, 8)), buildSegment(2, same.slice(8))];
    expect(rankSegments(segments, 'backup', 12).map((h) => h.chunkId)).toEqual(same.slice(0, 12).map((c) => c.id));
  });
});

/** Zipf-like words (a few very common, a long tail of rare ones) in files of varied size: pruning's usual case. */
describe('rankSegments with pruning against the reference, skewed vocabulary', () => {
  const random = new SeededRandom(77);
  const vocabulary = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`);
  const zipf = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(random.int(1_000_000) / 1_000_000 * Math.log(vocabulary.length))) - 1)] as string;
  const chunks = Array.from({ length: 4000 }, (_, i) => ({ id: `z${i}`, content: Array.from({ length: 5 + random.int(40) }, zipf).join(' ') }));
  const queries = Array.from({ length: 120 }, (_, i) => Array.from({ length: 1 + (i % 6) }, zipf).join(' '));
  const analysed = analyse(chunks);
  const many: ReturnType<typeof buildSegment>[] = [];
  for (let at = 0, file = 0; at < chunks.length; file++) {
    const size = 20 + ((file * 53) % 400);
    many.push(buildSegment(file, chunks.slice(at, at + size)));
    at += size;
  }
  const merged = [mergeSegments(many.slice(0, 6)), ...many.slice(6, 9), mergeSegments(many.slice(9))];

  it('gives the same hits, scores and order, common and rare terms alike', () => {
    const skipped = rankCounters.listsSkipped;
    let differences = 0;
    for (const [i, query] of queries.entries()) {
      const limit = [1, 5, 10, 50][i % 4] as number;
      const expected = referenceRank(analysed, query, limit);
      for (const segments of [many, merged]) if (JSON.stringify(rankSegments(segments, query, limit)) !== JSON.stringify(expected)) differences++;
    }
    expect(differences).toBe(0);
    expect(rankCounters.listsSkipped).toBeGreaterThan(skipped + 50);
  });
});
