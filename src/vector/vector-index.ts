// The vector index interface both implementations share: labelled unit vectors, deletes, and
// k-nearest search by cosine similarity.

export interface VectorHit {
  label: number;
  /** Cosine similarity, 0..1. */
  score: number;
}

export interface VectorIndex {
  readonly kind: 'hnsw' | 'exact';
  readonly size: number;
  add(label: number, vector: Float32Array): void;
  remove(label: number): void;
  /**
   * The k most similar live vectors, best first; ties by label. `accept`, when given, limits the
   * answer to the labels it accepts, of which there are `accepted`.
   */
  search(query: Float32Array, k: number, accept?: (label: number) => boolean, accepted?: number): VectorHit[];
}

/** Best first, then by label, so equal scores order the same on every path. */
export function compareHits(a: VectorHit, b: VectorHit): number {
  return b.score - a.score || a.label - b.label;
}

/**
 * Offers `hit` to `best` (at most `k` hits, sorted by `compareHits`, worst last): kept in place when
 * it beats the worst, which then drops. The exact scans keep only the best k this way, with no sort
 * of everything scanned.
 */
export function keepBest(best: VectorHit[], hit: VectorHit, k: number): void {
  if (best.length === k && compareHits(hit, best[k - 1]!) >= 0) return;
  let at = best.length;
  while (at > 0 && compareHits(hit, best[at - 1]!) < 0) at--;
  best.splice(at, 0, hit);
  if (best.length > k) best.pop();
}

/** Scores are rounded so float noise of different search paths cannot reorder or change them. */
export function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 1e6) / 1e6;
}
