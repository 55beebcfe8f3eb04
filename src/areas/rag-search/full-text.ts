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
  readonly postings: ReadonlyMap<string, Postings>;
}

/** A term's postings in a segment; `maxTf` and `minLength` (its largest frequency, its shortest chunk) bound its scores. */
export interface Postings {
  readonly docs: ArrayLike<number>;
  readonly tfs: ArrayLike<number>;
  readonly maxTf?: number;
  readonly minLength?: number;
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
  // Typed arrays, as merged groups hold: the scoring loop then sees one kind of array.
  const packed = new Map<string, Postings>();
  for (const [term, list] of postings) {
    let maxTf = 0;
    let minLength = Infinity;
    for (let i = 0; i < list.docs.length; i++) {
      if ((list.tfs[i] as number) > maxTf) maxTf = list.tfs[i] as number;
      if ((lengths[list.docs[i] as number] as number) < minLength) minLength = lengths[list.docs[i] as number] as number;
    }
    packed.set(term, { docs: Int32Array.from(list.docs), tfs: Int32Array.from(list.tfs), maxTf, minLength });
  }
  return { fileSeq, ids, lengths: Int32Array.from(lengths), lengthSum, postings: packed };
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

/** Per touched chunk and query term, the term's frequency (pruned segments only). */
let termTfs = new Int32Array(1024);

function reserveTermTfs(size: number): void {
  if (size > termTfs.length) termTfs = new Int32Array(Math.max(size, termTfs.length * 2));
}

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

const rounded = (bm25: number) => Math.round((bm25 / (bm25 + 1)) * 1e6) / 1e6;

/**
 * The raw BM25 below which a chunk's rounded score is certainly below `score` (so it cannot enter
 * a full top list whose last entry has `score`), with a margin far above float error.
 */
function floorOf(score: number): number {
  // round(x * 1e6) < score * 1e6 exactly when x < score - 0.5e-6; x = bm25 / (bm25 + 1) grows with bm25.
  const t = score - 0.5e-6;
  if (!(t > 0)) return 0;
  return (t / (1 - t)) * (1 - 1e-9);
}

/**
 * Per segment and average chunk length: `K1 * (1 - B + B * length / average)` for every chunk, the
 * length part of BM25's denominator, written as the scoring loop wrote it (the same bits). The
 * average changes only with the scope, so consecutive searches of a scope share it.
 */
const norms = new WeakMap<Segment, { average: number; values: Float64Array }>();

function normsOf(segment: Segment, averageLength: number): Float64Array {
  const known = norms.get(segment);
  if (known && known.average === averageLength) return known.values;
  const { lengths } = segment;
  const values = new Float64Array(lengths.length);
  for (let doc = 0; doc < values.length; doc++) values[doc] = K1 * (1 - B + (B * (lengths[doc] as number)) / averageLength);
  norms.set(segment, { average: averageLength, values });
  return values;
}

/** Per postings list: its largest term frequency and the shortest chunk holding it (for bounds). */
const extremes = new WeakMap<object, { maxTf: number; minLength: number }>();

function extremesOf(list: Postings, lengths: ArrayLike<number>): { maxTf: number; minLength: number } {
  if (list.maxTf !== undefined && list.minLength !== undefined) return list as { maxTf: number; minLength: number };
  let known = extremes.get(list);
  if (!known) {
    let maxTf = 0;
    let minLength = Infinity;
    for (let i = 0; i < list.docs.length; i++) {
      if ((list.tfs[i] as number) > maxTf) maxTf = list.tfs[i] as number;
      const length = lengths[list.docs[i] as number] as number;
      if (length < minLength) minLength = length;
    }
    known = { maxTf, minLength };
    extremes.set(list, known);
  }
  return known;
}


/** Where `doc` is in ascending `docs`, or -1. */
function find(docs: ArrayLike<number>, doc: number): number {
  let low = 0;
  let high = docs.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = docs[mid] as number;
    if (at < doc) low = mid + 1;
    else if (at > doc) high = mid - 1;
    else return mid;
  }
  return -1;
}

/** The share of the floor the skipped terms' bounds may reach together (see rankSegments). */
const PRUNE_SHARE = 0.5;

/** Counts of the pruned path, for the tests that check it is taken and changes nothing. */
export const rankCounters = { segmentsPruned: 0, listsSkipped: 0 };

/**
 * The chunks of `segments` (in the order given, then by position) that contain any term of
 * `query`, best first; equal scores keep that order. BM25 statistics are over all their chunks.
 * The arithmetic is term by term in query order, as when every chunk was scored in turn, so the
 * scores are the same to the last bit. Only the best `limit` are kept while scoring: no candidate
 * list is built or sorted, so a search costs the postings of its terms and little else.
 *
 * Dynamic pruning (MaxScore): once `limit` hits are held, a term whose best possible contribution,
 * added to those of the terms weaker than it, cannot lift a chunk to the last hit's score is not
 * read in full; the chunks found through the other terms that could still make it are then scored
 * exactly, every term looked up in query order. The hits and scores are those of the full scoring.
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
  const lists: (Postings | undefined)[] = new Array(terms.length);
  const bounds: number[] = new Array(terms.length);
  const essential: boolean[] = new Array(terms.length);
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at] as Segment;
    reserve(segment.ids.length);
    const norm = normsOf(segment, averageLength);
    let present = 0;
    for (let t = 0; t < terms.length; t++) {
      lists[t] = segment.postings.get(terms[t] as string);
      if (lists[t]) present++;
    }
    if (present === 0) continue;
    const full = best.length === limit;
    const floor = full ? floorOf((best[limit - 1] as Hit).score) : 0;
    // Which terms must be read in full: all of them until the list is full; then every term but
    // the weakest ones whose best contributions together stay below the floor.
    let skipped = 0;
    let skippedBound = 0;
    for (let t = 0; t < terms.length; t++) essential[t] = true;
    if (full && present > 1) {
      for (let t = 0; t < terms.length; t++) {
        const list = lists[t];
        if (!list) {
          bounds[t] = 0;
          continue;
        }
        const { maxTf, minLength } = extremesOf(list, segment.lengths);
        const lowNorm = K1 * (1 - B + (B * minLength) / averageLength);
        bounds[t] = (idf[t] as number) * ((maxTf * (K1 + 1)) / (maxTf + lowNorm)) * (1 + 1e-9);
      }
      const byBound = terms.map((_, t) => t).filter((t) => lists[t]).sort((x, y) => (bounds[x] as number) - (bounds[y] as number));
      for (const t of byBound) {
        // Every term may go: then no chunk of this segment can reach the floor at all. Skipping stops
        // at half the floor: past it, so many chunks stay in doubt that scoring them exactly (each
        // skipped term looked up) costs more than reading the skipped lists.
        if (skippedBound + (bounds[t] as number) >= floor * PRUNE_SHARE) break;
        skippedBound += bounds[t] as number;
        essential[t] = false;
        skipped++;
      }
    }
    let n = 0;
    if (skipped > 0) reserveTermTfs(segment.ids.length * terms.length);
    for (let t = 0; t < terms.length; t++) {
      const list = lists[t];
      if (!list || !essential[t]) continue;
      const weight = idf[t] as number;
      const { docs, tfs } = list;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number;
        const tf = tfs[i] as number;
        // A first term starts from 0, as `(scores.get(doc) ?? 0) + x` did: the same bits.
        if (touched[doc] === 0) {
          touched[doc] = 1;
          sums[doc] = 0;
          order[n++] = doc;
          if (skipped > 0) termTfs.fill(0, doc * terms.length, (doc + 1) * terms.length);
        }
        sums[doc] = (sums[doc] as number) + weight * ((tf * (K1 + 1)) / (tf + (norm[doc] as number)));
        if (skipped > 0) termTfs[doc * terms.length + t] = tf;
      }
    }
    if (skipped > 0) {
      rankCounters.segmentsPruned++;
      rankCounters.listsSkipped += skipped;
    }
    let low = best.length === limit ? floorOf((best[limit - 1] as Hit).score) : 0;
    for (let i = 0; i < n; i++) {
      const doc = order[i] as number;
      touched[doc] = 0;
      let bm25 = sums[doc] as number;
      if (skipped > 0) {
        // Not every term was read: only a chunk that could still make it is scored, exactly.
        if (bm25 + skippedBound < floor) continue;
        bm25 = exactScore(lists, essential, idf, norm, doc);
      }
      if (!(bm25 > 0) || bm25 < low) continue;
      const score = rounded(bm25);
      if (best.length === limit && score < (best[limit - 1] as Hit).score) continue;
      offer(best, limit, { score, segment: at, doc });
      if (best.length === limit) low = floorOf((best[limit - 1] as Hit).score);
    }
  }
  return best.map(({ score, segment, doc }) => ({ chunkId: (segments[segment] as Segment).ids[doc] as string, score }));
}

/** One chunk's BM25, its terms looked up and added in query order from 0 (the full scoring's bits). */
function exactScore(lists: readonly (Postings | undefined)[], essential: readonly boolean[], idf: readonly number[], norm: Float64Array, doc: number): number {
  let sum: number | undefined;
  const terms = lists.length;
  for (let t = 0; t < terms; t++) {
    const list = lists[t];
    if (!list) continue;
    // A term read in full left its frequency in the scratch (0: not in this chunk); the others are looked up.
    let tf: number;
    if (essential[t]) tf = termTfs[doc * terms + t] as number;
    else {
      const i = find(list.docs, doc);
      tf = i < 0 ? 0 : (list.tfs[i] as number);
    }
    if (tf === 0) continue;
    sum = (sum ?? 0) + (idf[t] as number) * ((tf * (K1 + 1)) / (tf + (norm[doc] as number)));
  }
  return sum ?? 0;
}

/**
 * The chunks that contain any term of `query`, best first; equal scores keep the order of
 * `chunks` (the caller passes them by file and position). Any term may match.
 */
export function rankChunks(chunks: TextChunk[], query: string, limit: number): TextHit[] {
  return rankSegments([buildSegment(0, chunks)], query, limit);
}
