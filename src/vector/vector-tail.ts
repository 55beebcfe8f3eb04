// Exact search over a store's tail: vectors embedded but not yet in the HNSW graph. Scored with the
// same arithmetic and rounding as `similarity` on every other path, so a tail vector ranks exactly as it would there.
import { compareHits, keepBest, roundScore, type VectorHit } from './vector-index.js';

/**
 * `similarity` for two Float32Arrays: the same products summed in the same order (so the same
 * double), in a loop V8 keeps monomorphic; `similarity` also sees number[] from the graph's points.
 */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return Math.min(1, Math.max(0, sum));
}

/**
 * The k best live vectors of `vectors[from..]`, whose labels run from `firstLabel` up, best first
 * (ties by label), kept as the scan goes (`keepBest`).
 */
export function searchTail(
  query: Float32Array,
  k: number,
  vectors: readonly (Float32Array | undefined)[],
  from: number,
  firstLabel: number,
  isLive: (label: number) => boolean,
): VectorHit[] {
  const best: VectorHit[] = [];
  if (k <= 0) return best;
  for (let i = from; i < vectors.length; i++) {
    const label = firstLabel + (i - from);
    if (!isLive(label)) continue;
    keepBest(best, { label, score: roundScore(dot(query, vectors[i] as Float32Array)) }, k);
  }
  return best;
}

/** `a` and `b` (each best first, disjoint labels) merged, the best k kept. */
export function mergeHits(a: VectorHit[], b: VectorHit[], k: number): VectorHit[] {
  if (b.length === 0) return a.slice(0, k);
  if (a.length === 0) return b.slice(0, k);
  return [...a, ...b].sort(compareHits).slice(0, k);
}
