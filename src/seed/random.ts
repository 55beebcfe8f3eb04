// The seeded random source: the only source of chance. A counter-based generator, so its whole
// state is two integers that snapshots can save and restore.

export interface RandomState {
  seed: number;
  counter: number;
}

/** MurmurHash3's 32-bit finaliser: a fast bijective mix with full avalanche. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class SeededRandom {
  private counter = 0;
  private key = 0;
  private currentSeed = 0;

  constructor(seed: number, counter = 0) {
    this.restore({ seed, counter });
  }

  get seed(): number {
    return this.currentSeed;
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    this.counter = (this.counter + 1) >>> 0;
    return fmix32((this.key + fmix32(Math.imul(this.counter, 0x9e3779b9) >>> 0)) >>> 0);
  }

  /** A float in [0, 1) with 53 bits of precision. */
  next(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** An integer in [0, bound) without modulo bias. */
  int(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0 || bound > 0x100000000) throw new RangeError('bad bound');
    const limit = 0x100000000 - (0x100000000 % bound);
    let value = this.nextUint32();
    while (value >= limit) value = this.nextUint32();
    return value % bound;
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const word = this.nextUint32();
      for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (word >>> (8 * j)) & 0xff;
    }
    return out;
  }

  state(): RandomState {
    return { seed: this.seed, counter: this.counter };
  }

  /** Moves the stream to a saved position (or a new seed): resets and snapshots use it. */
  restore(state: RandomState): void {
    this.currentSeed = state.seed >>> 0;
    this.key = fmix32((this.currentSeed ^ 0x5bd1e995) >>> 0);
    this.counter = state.counter >>> 0;
  }
}

/** Derives a stable 32-bit sub-seed from a seed and a label (for per-purpose streams). */
export function deriveSeed(seed: number, label: string): number {
  let h = fmix32(seed >>> 0);
  for (let i = 0; i < label.length; i++) h = fmix32((h ^ label.charCodeAt(i)) + 0x9e3779b9);
  return h;
}
