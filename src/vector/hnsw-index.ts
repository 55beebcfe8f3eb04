// HNSW search through hnswlib-node, loaded on first use (src/native/load-native.ts) so browsers and the core never
// see the native module. Candidates are re-scored exactly, so answers match the exact path.
import { compareHits, roundScore, type VectorHit, type VectorIndex } from './vector-index.js';
import { firstNativeFile, loadNativePackage, requireNativeFile } from '../native/load-native.js';
import { nativeDisabled } from '../native/native-modules.js';

/**
 * The part of hnswlib-node used here, declared locally: the package is optional, and a build on a
 * machine without it (npm install --omit=optional) must not need its type declarations.
 */
interface Hnsw {
  initIndex(maxElements: number, m: number, efConstruction: number, randomSeed: number, allowReplaceDeleted: boolean): void;
  getCurrentCount(): number;
  resizeIndex(maxElements: number): void;
  addPoint(point: number[], label: number, replaceDeleted: boolean): void;
  markDelete(label: number): void;
  setEf(ef: number): void;
  searchKnn(query: number[], k: number, filter?: (label: number) => boolean): { distances: number[]; neighbors: number[] };
}
export interface HnswModule {
  HierarchicalNSW: new (space: 'l2' | 'ip' | 'cosine', dimension: number) => Hnsw;
}

/** A name, not a literal: neither tsc nor a bundler goes looking for the optional package. */
const HNSWLIB = 'hnswlib-node' as const;

export interface HnswOptions {
  m?: number;
  efConstruction?: number;
  efSearch?: number;
  /** Fixed so the graph, and therefore every answer, is the same on every run. */
  randomSeed?: number;
}

let loaded: Promise<HnswModule | null> | undefined;

/**
 * The places `bindings` tries first for the addon, in its order. The package's whole main module
 * is `module.exports = require('bindings')('addon')`, and `bindings` reads a stack trace and tries
 * each place in turn (~4-7 ms of a fresh process, against ~2 ms to require the addon by path).
 */
const ADDON_PLACES = ['build', 'build/Debug', 'build/Release'].map((dir) => `${HNSWLIB}/${dir}/addon.node`);

/** The addon by its path when it is where `bindings` would find it first (build/Release), else the package. */
async function loadAddon(): Promise<unknown> {
  const path = await firstNativeFile(ADDON_PLACES, ADDON_PLACES[2] as string);
  if (path) {
    const addon = await requireNativeFile(path).catch(() => undefined);
    if (typeof (addon as Partial<HnswModule> | undefined)?.HierarchicalNSW === 'function') return addon;
  }
  return loadNativePackage(HNSWLIB);
}

/** hnswlib-node when this runtime can load it, else null (the caller falls back to exact search). */
export function loadHnswlib(): Promise<HnswModule | null> {
  if (nativeDisabled('hnswlib-node')) return Promise.resolve(null);
  loaded ??= loadAddon().then(
    (mod) => ((mod as { default?: HnswModule }).default ?? mod) as HnswModule,
    () => null,
  );
  return loaded;
}

const INITIAL_CAPACITY = 1024;
/** Vectors kept per page of the rescoring copy (a quarter of a megabyte at 256 dimensions). */
const PAGE_VECTORS = 256;

export class HnswIndex implements VectorIndex {
  readonly kind = 'hnsw' as const;
  private readonly index: Hnsw;
  private readonly live = new Set<number>();
  private capacity = INITIAL_CAPACITY;
  private readonly efSearch: number;
  /**
   * Every vector added, by label, in pages: the candidates are rescored from here. hnswlib-node's
   * `getPoint` builds a JavaScript array one element at a time (about 90 µs per vector at 256
   * dimensions), which was over half of a warm context query; the float32 values are the same.
   */
  private readonly pages: Float32Array[] = [];

  constructor(lib: HnswModule, private readonly dimension: number, options: HnswOptions = {}) {
    // Inner product on unit vectors is cosine; unlike 'cosine' space it stores the vectors as given,
    // so re-scoring from getPoint matches the exact path to the last bit.
    this.index = new lib.HierarchicalNSW('ip', dimension);
    this.index.initIndex(this.capacity, options.m ?? 16, options.efConstruction ?? 100, options.randomSeed ?? 100, true);
    this.efSearch = options.efSearch ?? 200;
  }

  get size(): number {
    return this.live.size;
  }

  add(label: number, vector: Float32Array): void {
    if (this.index.getCurrentCount() >= this.capacity) {
      this.capacity *= 2;
      this.index.resizeIndex(this.capacity);
    }
    // replaceDeleted reuses the slots of removed vectors, so deletes do not grow memory.
    this.index.addPoint(Array.from(vector), label, true);
    this.live.add(label);
    const page = Math.floor(label / PAGE_VECTORS);
    while (this.pages.length <= page) this.pages.push(new Float32Array(PAGE_VECTORS * this.dimension));
    (this.pages[page] as Float32Array).set(vector, (label % PAGE_VECTORS) * this.dimension);
  }

  remove(label: number): void {
    if (!this.live.delete(label)) return;
    this.index.markDelete(label);
  }

  search(query: Float32Array, k: number, accept?: (label: number) => boolean, accepted?: number): VectorHit[] {
    const size = accept ? Math.min(accepted ?? this.live.size, this.live.size) : this.live.size;
    if (k <= 0 || size === 0) return [];
    const want = Math.min(size, Math.max(k * 2, k + 10));
    this.index.setEf(Math.max(this.efSearch, want));
    const { neighbors } = accept ? this.index.searchKnn(Array.from(query), want, accept) : this.index.searchKnn(Array.from(query), want);
    const hits = neighbors.map((label) => ({ label, score: roundScore(this.similarityTo(query, label)) }));
    return hits.sort(compareHits).slice(0, k);
  }

  /** `similarity(query, getPoint(label))`: the same products, summed in the same order, from the kept copy. */
  private similarityTo(query: Float32Array, label: number): number {
    const page = this.pages[Math.floor(label / PAGE_VECTORS)] as Float32Array;
    const from = (label % PAGE_VECTORS) * this.dimension;
    let dot = 0;
    for (let i = 0; i < query.length; i++) dot += (query[i] as number) * (page[from + i] as number);
    return Math.min(1, Math.max(0, dot));
  }
}
