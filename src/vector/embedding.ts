// The emulator's embedding function: deterministic, local, similarity-preserving. Hashed word,
// word-pair and character trigram features, log-weighted and L2-normalised, so texts that share
// words and topics land near each other; no network and no model download.

/** Dimension of every embedding the emulator produces. */
export const EMBEDDING_DIMENSION = 256;

/** Name reported for the embedding model when a target does not choose one. */
export const DEFAULT_EMBEDDING_MODEL = 'emulator-hashed-ngrams-256';

const STOPWORDS = new Set(
  ('a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our ' +
    'so than that the their them then there these they this to was we were what when where which who why will with ' +
    'you your about after again all also am any because been before being both each few more most other over own same ' +
    'should some such too under until up very while would could did doing just only off out once here those through')
    .split(' '),
);

/** FNV-1a over a string: a fast, stable 32-bit hash (the same in every runtime). */
export function hash32(text: string, salt = 0x811c9dc5): number {
  let h = salt >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Strips common English suffixes so "indexing", "indexes" and "indexed" share a feature. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ['ations', 'ation', 'ingly', 'ings', 'ing', 'edly', 'ies', 'ied', 'ers', 'er', 'ed', 'es', 'ly', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      // "-es" is a plural ending only after a sibilant ("boxes"); "files" loses just its "s".
      if (suffix === 'es' && !/(s|x|z|ch|sh)$/.test(base)) continue;
      if (suffix === 'ies' || suffix === 'ied') return `${base}y`;
      // "resetting" → "reset", "planned" → "plan": undo the doubled final consonant.
      if (/([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base)) return base.slice(0, -1);
      return base;
    }
  }
  return word;
}

/** Lower-cased words in one Unicode form, without stopwords or single letters (digits stay). */
function words(text: string, form: 'NFKC' | 'NFKD'): string[] {
  const all = text.toLowerCase().normalize(form).match(/[\p{L}\p{N}]+/gu) ?? [];
  return all.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}

/** Words remembered with their features (below); more than this and the memo starts over. */
const MAX_REMEMBERED = 200_000;

/** The embedding's terms: words, decomposed, with the light stemmer. */
export function contentWords(text: string): string[] {
  return words(text, 'NFKD').map((word) => featuresOf(word).stem);
}

/** Words unstemmed: what full-text search stems with Porter. */
export function plainWords(text: string): string[] {
  return words(text, 'NFKC');
}

/** FNV-1a continued over one more string, from a running hash (no string is built). */
function mix(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A second, independent bucket for each feature halves the damage of any one collision. */
function spread(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const WORD = 0x811c9dc5;
const PAIR = 0x2545f491;
const GRAM = 0x6c8e9cf5;
const WEIGHTS = { word: 1, pair: 0.5, gram: 0.05 } as const;

/**
 * Counts by 32-bit key that remember first-insertion order (the order weights are added in, which
 * fixes the float sums): open addressing over reused typed arrays, so an embedding allocates none.
 */
class OrderedCounts {
  keys = new Uint32Array(256);
  counts = new Int32Array(256);
  size = 0;
  private slots = new Int32Array(512).fill(-1);

  reset(): void {
    if (this.size > 0) this.slots.fill(-1);
    this.size = 0;
  }

  add(key: number): void {
    let mask = this.slots.length - 1;
    let at = spread(key) & mask;
    for (;;) {
      const entry = this.slots[at] as number;
      if (entry === -1) break;
      if (this.keys[entry] === key) {
        this.counts[entry] = (this.counts[entry] as number) + 1;
        return;
      }
      at = (at + 1) & mask;
    }
    if (this.size === this.keys.length) {
      this.grow();
      mask = this.slots.length - 1;
      at = spread(key) & mask;
      while (this.slots[at] !== -1) at = (at + 1) & mask;
    }
    this.slots[at] = this.size;
    this.keys[this.size] = key;
    this.counts[this.size] = 1;
    this.size++;
  }

  private grow(): void {
    const keys = new Uint32Array(this.keys.length * 2);
    keys.set(this.keys);
    const counts = new Int32Array(this.counts.length * 2);
    counts.set(this.counts);
    this.keys = keys;
    this.counts = counts;
    this.slots = new Int32Array(keys.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (let entry = 0; entry < this.size; entry++) {
      let at = spread(this.keys[entry] as number) & mask;
      while (this.slots[at] !== -1) at = (at + 1) & mask;
      this.slots[at] = entry;
    }
  }
}

const wordCounts = new OrderedCounts();
const pairCounts = new OrderedCounts();
const gramCounts = new OrderedCounts();
const digits = new Uint8Array(10);

/** `mix(h, String(n))` for a non-negative integer n, without building the string. */
function mixDecimal(h: number, n: number): number {
  let length = 0;
  do {
    digits[length++] = 48 + (n % 10);
    n = Math.floor(n / 10);
  } while (n > 0);
  for (let i = length - 1; i >= 0; i--) {
    h ^= digits[i] as number;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** `mix(h, s)` for the 3 characters of `<word>` from position j (the padded word is never built). */
function mixTrigram(h: number, word: string, j: number): number {
  const last = word.length + 1;
  for (let k = j; k < j + 3; k++) {
    h ^= k === 0 ? 60 : k === last ? 62 : word.charCodeAt(k - 1);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Adds each counted feature's weight × (1 + ln count) to its two buckets, in first-seen order. */
function addCounts(vec: Float64Array, counts: OrderedCounts, weight: number): void {
  for (let entry = 0; entry < counts.size; entry++) {
    const h = counts.keys[entry] as number;
    const w = weight * (1 + Math.log(counts.counts[entry] as number));
    vec[h % EMBEDDING_DIMENSION] = (vec[h % EMBEDDING_DIMENSION] as number) + w;
    const second = spread(h) % EMBEDDING_DIMENSION;
    vec[second] = (vec[second] as number) + w * 0.5;
  }
}

const sums = new Float64Array(EMBEDDING_DIMENSION);

/**
 * What `embed` takes from one word, worked out once per distinct word: its stem, the stem's feature
 * hash, the running hash a pair starting with it begins from, and its trigram hashes. Texts repeat
 * their words, and these were most of an embedding's own work.
 */
interface WordFeatures {
  stem: string;
  hash: number;
  pairSalt: number;
  grams: Uint32Array;
}

/** Features by word (before stemming); more than MAX_REMEMBERED and the memo starts over. */
const wordFeatures = new Map<string, WordFeatures>();

function featuresOf(word: string): WordFeatures {
  let known = wordFeatures.get(word);
  if (known === undefined) {
    const stemmed = stem(word);
    const hash = mix(WORD, stemmed);
    // The trigrams of `<stem>`: stem.length + 2 characters, so stem.length of them.
    const grams = new Uint32Array(stemmed.length);
    for (let j = 0; j < stemmed.length; j++) grams[j] = mixTrigram(GRAM, stemmed, j);
    known = { stem: stemmed, hash, pairSalt: mixDecimal(PAIR, hash), grams };
    if (wordFeatures.size >= MAX_REMEMBERED) wordFeatures.clear();
    wordFeatures.set(word, known);
  }
  return known;
}

/**
 * Embeddings the build computed for the built-in scenarios' chunks, by text (dist/ only: see
 * src/scenarios/prepared-scenarios.ts). The function here is cold in a fresh process, so a first
 * emulator embedding its scenario's chunks cost ~2 ms each; the build's vectors are its bytes.
 */
let prepared: ReadonlyMap<string, Float32Array> | undefined;

/** Gives `embed` the build's vectors of known texts (made by this same function, in the same build). */
export function primeEmbeddings(vectors: ReadonlyMap<string, Float32Array>): void {
  prepared = vectors;
}

/** The embedding of a text: a unit vector of EMBEDDING_DIMENSION non-negative floats. */
export function embed(text: string): Float32Array {
  const known = prepared?.get(text);
  if (known !== undefined) return known.slice();
  // Features by kind, keyed by their hash: words, adjacent word pairs, character trigrams.
  // Each adds weight × (1 + ln count), so repetition helps, but less and less.
  // A pair hashes the previous stem's hash as decimal text, then the stem (`pairSalt` is the first part).
  const raw = words(text, 'NFKD');
  wordCounts.reset();
  pairCounts.reset();
  gramCounts.reset();
  let previous: WordFeatures | undefined;
  for (let i = 0; i < raw.length; i++) {
    const word = featuresOf(raw[i]!);
    wordCounts.add(word.hash);
    if (previous !== undefined) pairCounts.add(mix(previous.pairSalt, word.stem));
    previous = word;
    const { grams } = word;
    for (let j = 0; j < grams.length; j++) gramCounts.add(grams[j] as number);
  }
  const vec = sums;
  vec.fill(0);
  addCounts(vec, wordCounts, WEIGHTS.word);
  addCounts(vec, pairCounts, WEIGHTS.pair);
  addCounts(vec, gramCounts, WEIGHTS.gram);
  let norm = 0;
  for (let i = 0; i < EMBEDDING_DIMENSION; i++) norm += (vec[i] as number) * (vec[i] as number);
  const out = new Float32Array(EMBEDDING_DIMENSION);
  if (norm === 0) return out;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < EMBEDDING_DIMENSION; i++) out[i] = vec[i]! * scale;
  return out;
}

/** Cosine similarity of two unit vectors, clamped to 0..1 (features are non-negative). */
export function similarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return Math.min(1, Math.max(0, dot));
}
