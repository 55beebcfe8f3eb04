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
  readonly lengths: ArrayLike<number>;
  readonly lengthSum: number;
  /** By term: the chunks (indexes into `ids`, ascending) holding it, and how often. */
  readonly postings: ReadonlyMap<string, { readonly docs: ArrayLike<number>; readonly tfs: ArrayLike<number> }>;
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

/** A candidate: its rounded score and where it sorts among equals (segment, then position). */
interface Hit {
  score: number;
  segment: number;
  doc: number;
}

/** Best first; equal scores keep segment, then position, order (a total order: no ties left). */
const before = (a: Hit, b: Hit) => a.score > b.score || (a.score === b.score && (a.segment < b.segment || (a.segment === b.segment && a.doc < b.doc)));

/**
 * Scratch space reused by every search (one search runs at a time): a chunk's BM25 sum so far,
 * whether it was touched, and the touched chunks in touch order. Grown to the largest segment.
 */
let sums = new Float64Array(1024);
let touched = new Uint8Array(1024);
let order = new Int32Array(1024);

function reserve(size: number): void {
  if (size <= sums.length) return;
  const grown = Math.max(size, sums.length * 2);
  sums = new Float64Array(grown);
  touched = new Uint8Array(grown);
  order = new Int32Array(grown);
}

/** Puts `hit` into `best` (sorted, at most `limit` long) when it ranks among the first `limit`. */
function offer(best: Hit[], limit: number, hit: Hit): void {
  if (best.length === limit && !before(hit, best[limit - 1] as Hit)) return;
  let at = best.length;
  while (at > 0 && before(hit, best[at - 1] as Hit)) at--;
  best.splice(at, 0, hit);
  if (best.length > limit) best.pop();
}

/**
 * The chunks of `segments` (in the order given, then by position) that contain any term of
 * `query`, best first; equal scores keep that order. BM25 statistics are over all their chunks.
 * The arithmetic is term by term in query order, as when every chunk was scored in turn, so the
 * scores are the same to the last bit. Only the best `limit` are kept while scoring: no candidate
 * list is built or sorted, so a search costs the postings of its terms and little else.
 */
export function rankSegments(segments: readonly Segment[], query: string, limit: number): TextHit[] {
  const terms = [...new Set(textTerms(query))].slice(0, 32);
  let count = 0;
  let lengthSum = 0;
  for (const segment of segments) {
    count += segment.ids.length;
    lengthSum += segment.lengthSum;
  }
  if (terms.length === 0 || count === 0 || limit <= 0) return [];
  const averageLength = lengthSum / count || 1;
  const idf = terms.map((term) => {
    let df = 0;
    for (const segment of segments) df += segment.postings.get(term)?.docs.length ?? 0;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  });
  const best: Hit[] = [];
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at] as Segment;
    reserve(segment.ids.length);
    const lengths = segment.lengths;
    let n = 0;
    for (let t = 0; t < terms.length; t++) {
      const list = segment.postings.get(terms[t] as string);
      if (!list) continue;
      const weight = idf[t] as number;
      const { docs, tfs } = list;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number;
        const tf = tfs[i] as number;
        const length = lengths[doc] as number;
        // A first term starts from 0, as `(scores.get(doc) ?? 0) + x` did: the same bits.
        if (touched[doc] === 0) {
          touched[doc] = 1;
          sums[doc] = 0;
          order[n++] = doc;
        }
        sums[doc] = (sums[doc] as number) + weight * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength)));
      }
    }
    for (let i = 0; i < n; i++) {
      const doc = order[i] as number;
      touched[doc] = 0;
      const bm25 = sums[doc] as number;
      if (!(bm25 > 0)) continue;
      const score = Math.round((bm25 / (bm25 + 1)) * 1e6) / 1e6;
      if (best.length === limit) {
        const worst = best[limit - 1] as Hit;
        if (score < worst.score) continue;
      }
      offer(best, limit, { score, segment: at, doc });
    }
  }
  return best.map(({ score, segment, doc }) => ({ chunkId: (segments[segment] as Segment).ids[doc] as string, score }));
}

/**
 * The chunks that contain any term of `query`, best first; equal scores keep the order of
 * `chunks` (the caller passes them by file and position). Any term may match.
 */
export function rankChunks(chunks: TextChunk[], query: string, limit: number): TextHit[] {
  return rankSegments([buildSegment(0, chunks)], query, limit);
}
