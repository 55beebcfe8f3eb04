// Full-text scoring of RAG chunks, the same on every driver: words lower-cased, stopwords dropped,
// Porter-stemmed (the `stemmer` package), and ranked by BM25 over the chunks in scope. Done here
// rather than in a driver's engine because FTS5 and Postgres stem and rank differently, and the
// emulator promises the same bytes on both.
import { stemmer } from 'stemmer';
import { plainWords } from '../../vector/embedding.js';

/** BM25's term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** Analyses remembered by chunk id; more than this and the memo starts over. */
const MAX_REMEMBERED = 200_000;

export interface TextChunk {
  id: string;
  content: string;
}

export interface TextHit {
  chunkId: string;
  /** BM25 normalised to 0..1 as `bm25 / (bm25 + 1)`, rounded to 6 decimals. */
  score: number;
}

interface Analysis {
  content: string;
  counts: Map<string, number>;
  length: number;
}

/** Stems by word: texts repeat their words, and the Porter steps are the costly part. */
const stems = new Map<string, string>();

function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size >= MAX_REMEMBERED) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** The terms of a text, in order, repeats kept. */
export function textTerms(text: string): string[] {
  return plainWords(text).map(stemOf);
}

/** Term counts by chunk id; a chunk id reused after a reindex is analysed again (content differs). */
const analyses = new Map<string, Analysis>();

function analyse(chunk: TextChunk): Analysis {
  const known = analyses.get(chunk.id);
  if (known && known.content === chunk.content) return known;
  const terms = textTerms(chunk.content);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const analysis = { content: chunk.content, counts, length: terms.length };
  if (analyses.size >= MAX_REMEMBERED) analyses.clear();
  analyses.set(chunk.id, analysis);
  return analysis;
}

/**
 * The chunks that contain any term of `query`, best first; equal scores keep the order of
 * `chunks` (the caller passes them by file and position). Any term may match.
 */
export function rankChunks(chunks: TextChunk[], query: string, limit: number): TextHit[] {
  const terms = [...new Set(textTerms(query))].slice(0, 32);
  if (terms.length === 0 || chunks.length === 0) return [];
  const docs = chunks.map(analyse);
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const idf = new Map<string, number>();
  for (const term of terms) {
    const df = docs.reduce((n, d) => n + (d.counts.has(term) ? 1 : 0), 0);
    idf.set(term, Math.log(1 + (docs.length - df + 0.5) / (df + 0.5)));
  }
  const hits: { chunkId: string; score: number; order: number }[] = [];
  docs.forEach((doc, order) => {
    let bm25 = 0;
    for (const term of terms) {
      const tf = doc.counts.get(term);
      if (!tf) continue;
      bm25 += (idf.get(term) as number) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength)));
    }
    if (bm25 > 0) hits.push({ chunkId: chunks[order]!.id, score: Math.round((bm25 / (bm25 + 1)) * 1e6) / 1e6, order });
  });
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  return hits.slice(0, limit).map(({ chunkId, score }) => ({ chunkId, score }));
}
