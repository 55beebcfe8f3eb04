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

/** The embedding's terms: words, decomposed, with the light stemmer. */
export function contentWords(text: string): string[] {
  return words(text, 'NFKD').map(stem);
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

function count(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The embedding of a text: a unit vector of EMBEDDING_DIMENSION non-negative floats. */
export function embed(text: string): Float32Array {
  // Features by kind, keyed by their hash: words, adjacent word pairs, character trigrams.
  // Each adds weight × (1 + ln count), so repetition helps, but less and less.
  const words = contentWords(text);
  const wordCounts = new Map<number, number>();
  const pairCounts = new Map<number, number>();
  const gramCounts = new Map<number, number>();
  let previous = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const h = mix(WORD, word);
    count(wordCounts, h);
    if (i > 0) count(pairCounts, mix(mix(PAIR, String(previous)), word));
    previous = h;
    const padded = `<${word}>`;
    for (let j = 0; j + 3 <= padded.length; j++) count(gramCounts, mix(GRAM, padded.slice(j, j + 3)));
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
  add(wordCounts, WEIGHTS.word);
  add(pairCounts, WEIGHTS.pair);
  add(gramCounts, WEIGHTS.gram);
  let norm = 0;
  for (const v of vec) norm += v * v;
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
