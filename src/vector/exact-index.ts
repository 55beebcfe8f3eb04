// Exact (brute-force) vector search: the path where hnswlib-node is not available (the browser),
// and the reference the HNSW index is measured against.
import { similarity } from './embedding.js';
import { keepBest, roundScore, type VectorHit, type VectorIndex } from './vector-index.js';

export class ExactIndex implements VectorIndex {
  readonly kind = 'exact' as const;
  private readonly vectors = new Map<number, Float32Array>();

  get size(): number {
    return this.vectors.size;
  }

  add(label: number, vector: Float32Array): void {
    this.vectors.set(label, vector);
  }

  remove(label: number): void {
    this.vectors.delete(label);
  }

  search(query: Float32Array, k: number, accept?: (label: number) => boolean): VectorHit[] {
    if (k <= 0) return [];
    // Keep only the best k while scanning (sorted, worst last): no sort of the whole index.
    const best: VectorHit[] = [];
    for (const [label, vector] of this.vectors) {
      if (accept && !accept(label)) continue;
      keepBest(best, { label, score: roundScore(similarity(query, vector)) }, k);
    }
    return best;
  }
}
