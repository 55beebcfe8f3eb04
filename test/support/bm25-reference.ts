// BM25 as it was before segments, for the tests that hold the ranking to it: each chunk's terms
// counted, every chunk scored in turn term by term in query order, every hit sorted. The segment
// ranking (src/areas/rag-search/full-text.ts) must give the same chunks, scores and order to the bit.
import { textTerms } from '../../src/areas/rag-search/full-text.js';

const K1 = 1.2;
const B = 0.75;

/** One chunk's terms counted. */
export interface AnalysedChunk {
  id: string;
  length: number;
  counts: Map<string, number>;
}

export function analyseChunk(id: string, content: string): AnalysedChunk {
  const terms = textTerms(content);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { id, length: terms.length, counts };
}

/** The best `limit` of `chunks` for `query` (equal scores keep the chunks' order), scores as the route rounds them. */
export function referenceRank(chunks: readonly AnalysedChunk[], query: string, limit: number): { chunkId: string; score: number }[] {
  const terms = [...new Set(textTerms(query))].slice(0, 32);
  if (terms.length === 0 || chunks.length === 0) return [];
  const averageLength = chunks.reduce((sum, c) => sum + c.length, 0) / chunks.length || 1;
  const idf = terms.map((term) => {
    const df = chunks.filter((c) => c.counts.has(term)).length;
    return Math.log(1 + (chunks.length - df + 0.5) / (df + 0.5));
  });
  const hits: { chunkId: string; score: number; at: number }[] = [];
  chunks.forEach((c, at) => {
    let bm25: number | undefined;
    terms.forEach((term, t) => {
      const tf = c.counts.get(term);
      if (tf !== undefined) bm25 = (bm25 ?? 0) + (idf[t] as number) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * c.length) / averageLength)));
    });
    if (bm25 !== undefined && bm25 > 0) hits.push({ chunkId: c.id, score: Math.round((bm25 / (bm25 + 1)) * 1e6) / 1e6, at });
  });
  hits.sort((x, y) => y.score - x.score || x.at - y.at);
  return hits.slice(0, limit).map(({ chunkId, score }) => ({ chunkId, score }));
}
