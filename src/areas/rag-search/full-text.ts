// Full-text scoring of RAG chunks, the same on every driver: words lower-cased, stopwords dropped,
// Porter-stemmed (the `stemmer` package), and ranked by BM25 over the chunks in scope. Done here
// rather than in a driver's engine because FTS5 and Postgres stem and rank differently, and the
// emulator promises the same bytes on both. Chunks are analysed once, into segments (one per file
// and indexing run) holding postings by term, so a search reads only the postings of its terms.
import { stemmer } from 'stemmer';
import { plainWords } from '../../vector/embedding.js';

/** BM25's term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** Stems remembered; more than this and the memo starts over. */
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

/** The chunks of one file (one indexing run), analysed: never changed once built. */
export interface Segment {
  /** Where the file sorts among files (its `seq`): equal scores keep file, then chunk, order. */
  readonly fileSeq: number;
  /** Chunk ids in position order. */
  readonly ids: readonly string[];
  /** Terms per chunk. */
  readonly lengths: readonly number[];
  readonly lengthSum: number;
  /** By term: the chunks (indexes into `ids`, ascending) holding it, and how often. */
  readonly postings: ReadonlyMap<string, { docs: number[]; tfs: number[] }>;
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

/** Analyses chunks (in the order given) into a segment. */
export function buildSegment(fileSeq: number, chunks: readonly TextChunk[]): Segment {
  const ids: string[] = [];
  const lengths: number[] = [];
  const postings = new Map<string, { docs: number[]; tfs: number[] }>();
  let lengthSum = 0;
  for (const [doc, chunk] of chunks.entries()) {
    const terms = textTerms(chunk.content);
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = { docs: [], tfs: [] }));
      list.docs.push(doc);
      list.tfs.push(tf);
    }
    ids.push(chunk.id);
    lengths.push(terms.length);
    lengthSum += terms.length;
  }
  return { fileSeq, ids, lengths, lengthSum, postings };
}

interface Hit {
  chunkId: string;
  score: number;
  segment: number;
  doc: number;
}

/**
 * The chunks of `segments` (in the order given, then by position) that contain any term of
 * `query`, best first; equal scores keep that order. BM25 statistics are over all their chunks.
 * The arithmetic is term by term in query order, as when every chunk was scored in turn, so the
 * scores are the same to the last bit.
 */
export function rankSegments(segments: readonly Segment[], query: string, limit: number): TextHit[] {
  const terms = [...new Set(textTerms(query))].slice(0, 32);
  let count = 0;
  let lengthSum = 0;
  for (const segment of segments) {
    count += segment.ids.length;
    lengthSum += segment.lengthSum;
  }
  if (terms.length === 0 || count === 0) return [];
  const averageLength = lengthSum / count || 1;
  const idf = terms.map((term) => {
    let df = 0;
    for (const segment of segments) df += segment.postings.get(term)?.docs.length ?? 0;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  });
  const hits: Hit[] = [];
  segments.forEach((segment, at) => {
    let scores: Map<number, number> | undefined;
    terms.forEach((term, t) => {
      const list = segment.postings.get(term);
      if (!list) return;
      scores ??= new Map();
      const weight = idf[t] as number;
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i] as number;
        const tf = list.tfs[i] as number;
        const length = segment.lengths[doc] as number;
        scores.set(doc, (scores.get(doc) ?? 0) + weight * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength))));
      }
    });
    if (!scores) return;
    for (const [doc, bm25] of scores) {
      if (bm25 > 0) hits.push({ chunkId: segment.ids[doc] as string, score: Math.round((bm25 / (bm25 + 1)) * 1e6) / 1e6, segment: at, doc });
    }
  });
  hits.sort((a, b) => b.score - a.score || a.segment - b.segment || a.doc - b.doc);
  return hits.slice(0, limit).map(({ chunkId, score }) => ({ chunkId, score }));
}

/**
 * The chunks that contain any term of `query`, best first; equal scores keep the order of
 * `chunks` (the caller passes them by file and position). Any term may match.
 */
export function rankChunks(chunks: TextChunk[], query: string, limit: number): TextHit[] {
  return rankSegments([buildSegment(0, chunks)], query, limit);
}
