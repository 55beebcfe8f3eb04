// BM25 full-text ranking: stems, stopwords, term weight, length normalisation, ties and reuse.
import { describe, expect, it } from 'vitest';
import { buildSegment, rankChunks, rankSegments, textTerms } from './full-text.js';

const chunk = (id: string, content: string) => ({ id, content });

describe('full-text ranking', () => {
  it('stems words with Porter and drops stopwords', () => {
    expect(textTerms('The refunds were REFUNDED; refunding is running')).toEqual(['refund', 'refund', 'refund', 'run']);
  });

  it('matches any query term across word forms, and nothing for stopwords alone', () => {
    const chunks = [chunk('a', 'Invoices are sent monthly.'), chunk('b', 'Passwords expire.'), chunk('c', 'Nothing here.')];
    expect(rankChunks(chunks, 'invoice', 10).map((h) => h.chunkId)).toEqual(['a']);
    expect(rankChunks(chunks, 'password invoicing', 10).map((h) => h.chunkId).sort()).toEqual(['a', 'b']);
    expect(rankChunks(chunks, 'the and of', 10)).toEqual([]);
  });

  it('ranks by term frequency, rarity and length, with scores in 0..1 rounded to 6 decimals', () => {
    const chunks = [
      chunk('long', `refund ${'filler words about other matters '.repeat(10)}`),
      chunk('short', 'refund policy'),
      chunk('twice', 'refund, then another refund'),
      chunk('rare', 'glacier refund'),
    ];
    const hits = rankChunks(chunks, 'refund glacier', 10);
    expect(hits.map((h) => h.chunkId)).toEqual(['rare', 'twice', 'short', 'long']);
    for (const hit of hits) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThan(1);
      expect(Math.round(hit.score * 1e6) / 1e6).toBe(hit.score);
    }
  });

  it('keeps the given order for equal scores, and cuts at the limit', () => {
    const chunks = ['x3', 'x1', 'x2'].map((id) => chunk(id, 'same backup text'));
    expect(rankChunks(chunks, 'backup', 10).map((h) => h.chunkId)).toEqual(['x3', 'x1', 'x2']);
    expect(rankChunks(chunks, 'backup', 2).map((h) => h.chunkId)).toEqual(['x3', 'x1']);
  });

  it('analyses a reused chunk id again when its content changed', () => {
    expect(rankChunks([chunk('r', 'about sync')], 'sync', 5)).toHaveLength(1);
    expect(rankChunks([chunk('r', 'about billing')], 'sync', 5)).toEqual([]);
  });
});

describe('rankSegments', () => {
  it('ranks chunks split over segments exactly as one list, ties in file then position order', () => {
    const texts = ['backup kept thirty days', 'backup restore', 'backup', 'retention of backup copies', 'billing', 'backup backup'];
    const all = texts.map((content, i) => ({ id: `c${i}`, content }));
    const split = [buildSegment(1, all.slice(0, 2)), buildSegment(2, all.slice(2, 3)), buildSegment(3, all.slice(3))];
    for (const q of ['backup', 'backup retention', 'billing backup restore', 'nothing']) {
      expect(rankSegments(split, q, 10)).toEqual(rankChunks(all, q, 10));
    }
  });
});
