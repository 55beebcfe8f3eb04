// Vectors by label, stored dimension by dimension, and an exact top-k scan over them: what answers
// for a target too small to need its HNSW graph. Scores are the same doubles as `similarity` on every
// other path (the same products summed in the same order, then `roundScore`), so a hit ranks exactly
// as exact search puts it.
import { roundScore, type VectorHit } from './vector-index.js';

/** Labels per block: a block holds, for each dimension, that coordinate of its labels side by side. */
const BLOCK = 1024;

export class FlatVectors {
  private readonly blocks: Float32Array[] = [];
  private count = 0;
  /** Per-scan scratch, reused: the running sums of one block, and the query's non-zero coordinates. */
  private readonly sums = new Float64Array(BLOCK);
  private readonly dims: Int32Array;
  private readonly weights: Float64Array;

  constructor(private readonly dimension: number) {
    this.dims = new Int32Array(dimension);
    this.weights = new Float64Array(dimension);
  }

  /** How many vectors are held: labels 0 .. size - 1. */
  get size(): number {
    return this.count;
  }

  /** Adds the vector of the next label (`size`). */
  push(vector: Float32Array): void {
    const at = this.count % BLOCK;
    if (at === 0) this.blocks.push(new Float32Array(BLOCK * this.dimension));
    const block = this.blocks[this.blocks.length - 1] as Float32Array;
    for (let d = 0; d < this.dimension; d++) block[d * BLOCK + at] = vector[d] as number;
    this.count++;
  }

  /** A copy of the vector of `label`. */
  vector(label: number): Float32Array {
    const block = this.blocks[Math.floor(label / BLOCK)] as Float32Array;
    const at = label % BLOCK;
    const out = new Float32Array(this.dimension);
    for (let d = 0; d < this.dimension; d++) out[d] = block[d * BLOCK + at] as number;
    return out;
  }

  /**
   * The k best labels whose `live` byte is 1, best first, ties by label: `ExactIndex.search` over
   * them. Only the query's non-zero coordinates are multiplied: a term q·v with q = 0 adds zero, which
   * leaves a sum of finite products unchanged, so each sum is still `similarity`'s, term for term.
   */
  search(query: Float32Array, k: number, live: Uint8Array): VectorHit[] {
    const best: VectorHit[] = [];
    if (k <= 0) return best;
    const { dims, weights, sums } = this;
    let nonZero = 0;
    for (let d = 0; d < this.dimension; d++) {
      if (query[d] !== 0) {
        dims[nonZero] = d;
        weights[nonZero++] = query[d] as number;
      }
    }
    // The raw sums of the kept hits: a label whose sum is at most the worst kept one's cannot enter
    // (its rounded score is no higher, and a later label loses a tie), so most labels stop here.
    const raws: number[] = [];
    let floor = -Infinity;
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b] as Float32Array;
      const first = b * BLOCK;
      const n = Math.min(BLOCK, this.count - first);
      sumBlock(block, n, dims, weights, nonZero, sums);
      for (let j = 0; j < n; j++) {
        const raw = sums[j] as number;
        if (raw <= floor || live[first + j] !== 1) continue;
        const score = roundScore(raw);
        let at = best.length;
        while (at > 0 && score > (best[at - 1] as VectorHit).score) at--;
        if (at === k) continue;
        best.splice(at, 0, { label: first + j, score });
        raws.splice(at, 0, raw);
        if (best.length > k) {
          best.pop();
          raws.pop();
        }
        if (best.length === k) floor = raws[k - 1] as number;
      }
    }
    return best;
  }
}

/**
 * `sums[j]` = the dot product of the query with the block's j-th vector, its terms added in
 * dimension order (eight dimensions per pass over the block, each sum still taking them one after
 * another: about a fifth faster than four).
 */
function sumBlock(block: Float32Array, n: number, dims: Int32Array, weights: Float64Array, nonZero: number, sums: Float64Array): void {
  sums.fill(0, 0, n);
  let t = 0;
  for (; t + 8 <= nonZero; t += 8) {
    const o0 = (dims[t] as number) * BLOCK;
    const o1 = (dims[t + 1] as number) * BLOCK;
    const o2 = (dims[t + 2] as number) * BLOCK;
    const o3 = (dims[t + 3] as number) * BLOCK;
    const o4 = (dims[t + 4] as number) * BLOCK;
    const o5 = (dims[t + 5] as number) * BLOCK;
    const o6 = (dims[t + 6] as number) * BLOCK;
    const o7 = (dims[t + 7] as number) * BLOCK;
    const w0 = weights[t] as number;
    const w1 = weights[t + 1] as number;
    const w2 = weights[t + 2] as number;
    const w3 = weights[t + 3] as number;
    const w4 = weights[t + 4] as number;
    const w5 = weights[t + 5] as number;
    const w6 = weights[t + 6] as number;
    const w7 = weights[t + 7] as number;
    for (let j = 0; j < n; j++) {
      let s = sums[j] as number;
      s += w0 * (block[o0 + j] as number);
      s += w1 * (block[o1 + j] as number);
      s += w2 * (block[o2 + j] as number);
      s += w3 * (block[o3 + j] as number);
      s += w4 * (block[o4 + j] as number);
      s += w5 * (block[o5 + j] as number);
      s += w6 * (block[o6 + j] as number);
      s += w7 * (block[o7 + j] as number);
      sums[j] = s;
    }
  }
  for (; t < nonZero; t++) {
    const o = (dims[t] as number) * BLOCK;
    const w = weights[t] as number;
    for (let j = 0; j < n; j++) sums[j] = (sums[j] as number) + w * (block[o + j] as number);
  }
}
