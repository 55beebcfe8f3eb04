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

/**
 * Terms the build computed for the built-in scenarios' chunk texts, by text (dist/ only: see
 * src/scenarios/prepared-scenarios.ts). Splitting and stemming are cold in a fresh process: a first
 * emulator analysing its scenario's chunks spent ~5-7 ms on them; the build's terms are the same.
 */
let preparedTerms: ReadonlyMap<string, readonly string[]> | undefined;

/** Gives `textTerms` the build's terms of known texts (made by this same function, in the same build). */
export function primeTextTerms(terms: ReadonlyMap<string, readonly string[]>): void {
  preparedTerms = terms;
}

/** The terms of a text, in order, repeats kept. */
export function textTerms(text: string): string[] {
  const known = preparedTerms?.get(text);
  if (known !== undefined) return known.slice();
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

/** The first index from `from` on where ascending `docs` reaches `doc` (`docs.length` when none): galloping, then halving. */
function seek(docs: ArrayLike<number>, from: number, doc: number): number {
  if (from >= docs.length || (docs[from] as number) >= doc) return from;
  let low = from + 1;
  let step = 1;
  let high = low;
  while (high < docs.length && (docs[high] as number) < doc) {
    low = high + 1;
    step *= 2;
    high = from + step;
  }
  if (high > docs.length) high = docs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((docs[mid] as number) < doc) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Counts of the pruned path, for the tests that check it is taken and changes nothing. */
export const rankCounters = { segmentsPruned: 0, listsSkipped: 0, chunksSkipped: 0 };

/**
 * Per query term, reused by every search (one search runs at a time): its postings in the segment
 * at hand, where its cursor stands, its idf and bound, and its contribution to the chunk at hand.
 * Terms past MAX_TERMS are dropped from a query.
 */
const MAX_TERMS = 32;
const termDocs: ArrayLike<number>[] = new Array(MAX_TERMS).fill(new Int32Array(0));
const termTfs: ArrayLike<number>[] = new Array(MAX_TERMS).fill(new Int32Array(0));
const cursors = new Int32Array(MAX_TERMS);
const idfs = new Float64Array(MAX_TERMS);
const bounds = new Float64Array(MAX_TERMS);
const parts = new Float64Array(MAX_TERMS);
/** The terms present in the segment at hand, weakest bound first, and their bounds summed from the weakest. */
const byBound = new Int32Array(MAX_TERMS);
const boundSums = new Float64Array(MAX_TERMS);

/**
 * Readies the scratch for one segment: each present term's postings, cursor and bound, the present
 * terms by bound. Returns how many of the query's `terms` the segment holds.
 */
function prepare(segment: Segment, terms: readonly string[], averageLength: number): number {
  let present = 0;
  for (let t = 0; t < terms.length; t++) {
    parts[t] = 0;
    const list = segment.postings.get(terms[t] as string);
    if (!list) continue;
    termDocs[t] = list.docs;
    termTfs[t] = list.tfs;
    cursors[t] = 0;
    const { maxTf, minLength } = extremesOf(list, segment.lengths);
    const lowNorm = K1 * (1 - B + (B * minLength) / averageLength);
    bounds[t] = (idfs[t] as number) * ((maxTf * (K1 + 1)) / (maxTf + lowNorm)) * (1 + 1e-9);
    // Insertion by bound (ties keep query order): a handful of terms.
    let j = present++;
    while (j > 0 && (bounds[byBound[j - 1] as number] as number) > (bounds[t] as number)) {
      byBound[j] = byBound[j - 1] as number;
      j--;
    }
    byBound[j] = t;
  }
  for (let j = 0, sum = 0; j < present; j++) boundSums[j] = sum += bounds[byBound[j] as number] as number;
  return present;
}

/**
 * Offers the chunks of the prepared segment (number `at` in search order) to `best`, document at a
 * time. Terms byBound[0 .. weak - 1] are not essential: their bounds together stay below `floor`
 * (what a chunk needs to enter a full list), so only chunks holding an essential term are visited.
 */
function visit(segment: Segment, at: number, terms: number, present: number, best: Hit[], limit: number, norm: Float64Array): void {
  let floor = best.length === limit ? floorOf((best[limit - 1] as Hit).score) : 0;
  let weak = 0;
  while (weak < present && (boundSums[weak] as number) < floor) weak++;
  const weakAtStart = weak;
  while (weak < present) {
    // The next chunk holding an essential term.
    let doc = 0x7fffffff;
    for (let j = weak; j < present; j++) {
      const t = byBound[j] as number;
      const docs = termDocs[t] as ArrayLike<number>;
      const cursor = cursors[t] as number;
      if (cursor < docs.length && (docs[cursor] as number) < doc) doc = docs[cursor] as number;
    }
    if (doc === 0x7fffffff) break;
    const docNorm = norm[doc] as number;
    let sum = 0;
    for (let j = weak; j < present; j++) {
      const t = byBound[j] as number;
      const docs = termDocs[t] as ArrayLike<number>;
      const cursor = cursors[t] as number;
      if (cursor < docs.length && docs[cursor] === doc) {
        const tf = (termTfs[t] as ArrayLike<number>)[cursor] as number;
        sum += parts[t] = (idfs[t] as number) * ((tf * (K1 + 1)) / (tf + docNorm));
        cursors[t] = cursor + 1;
      } else parts[t] = 0;
    }
    // The weak terms, strongest first, looked up while the chunk could still reach the floor.
    let j = weak - 1;
    for (; j >= 0 && sum + (boundSums[j] as number) >= floor; j--) {
      const t = byBound[j] as number;
      const docs = termDocs[t] as ArrayLike<number>;
      const cursor = seek(docs, cursors[t] as number, doc);
      cursors[t] = cursor;
      if (cursor < docs.length && docs[cursor] === doc) {
        const tf = (termTfs[t] as ArrayLike<number>)[cursor] as number;
        sum += parts[t] = (idfs[t] as number) * ((tf * (K1 + 1)) / (tf + docNorm));
      } else parts[t] = 0;
    }
    if (j >= 0 || sum < floor) {
      rankCounters.chunksSkipped++;
      continue;
    }
    // The exact score: contributions added in query order from 0 (the full scoring's bits).
    let bm25 = 0;
    let first = true;
    for (let t = 0; t < terms; t++) {
      const part = parts[t] as number;
      if (part === 0) continue;
      bm25 = first ? part : bm25 + part;
      first = false;
    }
    if (!(bm25 > 0) || bm25 < floor) continue;
    const score = rounded(bm25);
    if (best.length === limit && score < (best[limit - 1] as Hit).score) continue;
    offer(best, limit, { score, segment: at, doc });
    if (best.length === limit) {
      floor = floorOf((best[limit - 1] as Hit).score);
      while (weak < present && (boundSums[weak] as number) < floor) weak++;
    }
  }
  if (weak > 0) {
    rankCounters.segmentsPruned++;
    rankCounters.listsSkipped += weak > weakAtStart ? weak : weakAtStart;
  }
}

/**
 * The chunks of `segments` (in the order given, then by position) that contain any term of
 * `query`, best first; equal scores keep that order. BM25 statistics are over all their chunks.
 * A chunk's score adds its terms' contributions in query order from 0, as when every chunk was
 * scored in turn, so the scores are the same to the last bit; only the best `limit` are kept.
 *
 * Dynamic pruning (MaxScore, document at a time): each term has a bound in a segment (its idf, its
 * largest frequency, its shortest chunk). Once `limit` hits are held, the weakest terms whose bounds
 * together stay below what the last hit needs are not essential: only chunks holding an essential
 * term are visited, and the other terms are looked up (strongest first) only while the chunk could
 * still make it. A chunk that cannot enter the list is never scored; the list is that of the full scoring.
 */
export function rankSegments(segments: readonly Segment[], query: string, limit: number): TextHit[] {
  const terms = [...new Set(textTerms(query))].slice(0, MAX_TERMS);
  let count = 0;
  let lengthSum = 0;
  for (const segment of segments) {
    count += segment.ids.length;
    lengthSum += segment.lengthSum;
  }
  if (terms.length === 0 || count === 0 || limit <= 0) return [];
  const averageLength = lengthSum / count || 1;
  for (let t = 0; t < terms.length; t++) {
    let df = 0;
    for (const segment of segments) df += segment.postings.get(terms[t] as string)?.docs.length ?? 0;
    idfs[t] = Math.log(1 + (count - df + 0.5) / (df + 0.5));
  }
  const best: Hit[] = [];
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at] as Segment;
    const present = prepare(segment, terms, averageLength);
    if (present > 0) visit(segment, at, terms.length, present, best, limit, normsOf(segment, averageLength));
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
