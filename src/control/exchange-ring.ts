// The journal's kept exchanges (request and answer of the newest entries) in a fixed ring of slots
// by seq: keeping one and letting the oldest go costs two array writes, where a Map keyed by seq
// hashed every request and rebuilt its table as entries came and went.
import type { Exchange, MaskedExchange } from './dashboard/mask.js';

export class ExchangeRing {
  private readonly slots: (Exchange | MaskedExchange | undefined)[];
  /** The seq each slot holds (0: none). */
  private readonly seqs: number[];

  constructor(private readonly capacity: number) {
    this.slots = new Array<Exchange | MaskedExchange | undefined>(capacity).fill(undefined);
    this.seqs = new Array<number>(capacity).fill(0);
  }

  /** Keeps `exchange` as entry `seq`'s, or nothing; either way the slot's older exchange goes. */
  put(seq: number, exchange: Exchange | MaskedExchange | undefined): void {
    const slot = seq % this.capacity;
    this.slots[slot] = exchange;
    this.seqs[slot] = exchange === undefined ? 0 : seq;
  }

  get(seq: number): Exchange | MaskedExchange | undefined {
    const slot = seq % this.capacity;
    return this.seqs[slot] === seq ? this.slots[slot] : undefined;
  }

  has(seq: number): boolean {
    return this.get(seq) !== undefined;
  }

  delete(seq: number): void {
    if (this.get(seq) !== undefined) this.put(seq, undefined);
  }

  clear(): void {
    this.slots.fill(undefined);
    this.seqs.fill(0);
  }
}
