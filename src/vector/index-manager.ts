// The in-memory vector indexes of one emulator instance, one per RAG target. Storage is the truth:
// each target row carries an index version, and the index at that version is found in memory or
// rebuilt from storage on its next query. A version is a view over an append-only index (which of
// its labels are live), so a snapshot keeps the views it saw, and a restore or reset reattaches
// them instead of rebuilding. New vectors are embedded and inserted in short background slices;
// a query first finishes whatever its index still has queued, so answers never depend on timing.
// After a load or an import (`clear`), the views held before are kept as candidates: a target whose
// stored chunks are exactly a candidate's (ids and texts, in order) gets it back instead of a rebuild.
// A store of at most GRAPH_FROM labels has no graph: an exact scan of its vectors answers.
import { wallElapsedMs } from '../clock/wall-time.js';
import { EMBEDDING_DIMENSION, embed } from './embedding.js';
import { ExactIndex } from './exact-index.js';
import { chunkFingerprint } from './fingerprint.js';
import { FlatVectors } from './flat-vectors.js';
import { HnswIndex, loadHnswlib } from './hnsw-index.js';
import type { VectorHit, VectorIndex } from './vector-index.js';
import { mergeHits, searchTail } from './vector-tail.js';

export interface IndexedChunk {
  id: string;
  content: string;
}

/** A chunk known by its id and the fingerprint of its id and text (`chunkFingerprint`), undefined when unknown. */
export interface ChunkKey {
  id: string;
  hash: number | undefined;
}

export interface ChunkHit {
  chunkId: string;
  score: number;
}

/** One target's append-only index: every vector any of its versions holds, in label order. */
interface Store {
  index: VectorIndex;
  chunkOf: string[];
  /** By label: the fingerprint of its chunk's id and text, to recognise the same content later. */
  hashes: number[];
  labelsOf: Map<string, number[]>;
  /** Labels given but not yet embedded, in label order, from `head` on (queue[head] is label `embedded`). */
  queue: (IndexedChunk | undefined)[];
  head: number;
  /**
   * Every label embedded so far while the store has at most GRAPH_FROM labels (the graph then holds
   * none, and `tail` is empty); undefined once it has more, its vectors moved to `tail` for the graph.
   */
  flat: FlatVectors | undefined;
  /** GRAPH_FROM, unless the owner chose another. */
  graphFrom: number;
  /** Labels embedded but not yet in the graph, from `tailHead` on (tail[tailHead] is label `inserted`). */
  tail: (Float32Array | undefined)[];
  tailHead: number;
  inserted: number;
}

/** One version of a target's vector set: a store and which of its labels are live. Never changed. */
interface View {
  version: string;
  index: VectorIndex;
  store: Store;
  live: Uint8Array;
  size: number;
}

/** What a snapshot keeps of the indexes: the view of each target it saw. */
export type IndexViews = ReadonlyMap<string, View>;

export type IndexFactory = () => Promise<VectorIndex>;

/** HNSW where hnswlib-node loads (Node), exact search elsewhere (the browser). */
export const defaultIndexFactory: IndexFactory = async () => {
  const lib = await loadHnswlib();
  return lib ? new HnswIndex(lib, EMBEDDING_DIMENSION) : new ExactIndex();
};

export const exactIndexFactory: IndexFactory = async () => new ExactIndex();

/** A background slice stops after this much wall time, so a request waits on it at most about this long. */
const SLICE_MS = 3;
/** Up to this many labels not live in a view are dropped after an unfiltered search rather than filtered during it. */
const MAX_DEAD_UNFILTERED = 64;
/** A store holding more than this many dead vectors per live one is dropped and rebuilt from storage. */
const MAX_DEAD_RATIO = 2;

/** A query under the real clock scans at most this many tail vectors; the graph takes in the rest first. */
const MAX_TAIL = 16_384;
/**
 * A store's graph starts once it has more labels than this (then it takes every label, in order:
 * the same graph as when it took them one by one). Up to here an exact scan answers (about as fast
 * as a graph search at 10k vectors), and a target's first query waits for no graph. The rule is on
 * the labels given, a function of the writes, so under the manual clock answers stay a pure
 * function of the request sequence, on either side of it.
 */
export const GRAPH_FROM = 16_384;

/** The store's vectors handed to the graph's tail once it has more than GRAPH_FROM labels. */
function leaveFlat(store: Store): void {
  const { flat } = store;
  if (!flat || store.chunkOf.length <= store.graphFrom) return;
  for (let label = 0; label < flat.size; label++) store.tail.push(flat.vector(label));
  store.flat = undefined;
}

/** Embeds `store`'s queued chunks in label order into its tail, until done or past `deadline`. */
function embedQueued(store: Store, deadline = Infinity): void {
  leaveFlat(store);
  while (store.head < store.queue.length) {
    const chunk = store.queue[store.head] as IndexedChunk;
    if (store.flat) store.flat.push(embed(chunk.content));
    else store.tail.push(embed(chunk.content));
    store.queue[store.head] = undefined;
    store.head++;
    if (deadline !== Infinity && wallElapsedMs() >= deadline) return;
  }
  store.queue = [];
  store.head = 0;
}

/** Inserts `store`'s tail into its graph in label order, until `keep` are left or past `deadline`. */
function graphTail(store: Store, deadline = Infinity, keep = 0): void {
  leaveFlat(store);
  while (store.tail.length - store.tailHead > keep) {
    // The label of tail[tailHead] is always `inserted`: labels are given, and inserted, in order.
    store.index.add(store.inserted, store.tail[store.tailHead] as Float32Array);
    store.tail[store.tailHead] = undefined;
    store.tailHead++;
    store.inserted++;
    if (deadline !== Infinity && wallElapsedMs() >= deadline) return;
  }
  if (store.tailHead === store.tail.length) {
    store.tail = [];
    store.tailHead = 0;
  }
}

/** Embeds and inserts `store`'s queued vectors in label order, until done or past `deadline`. */
function insertQueued(store: Store, deadline = Infinity): void {
  embedQueued(store, deadline);
  if (store.head < store.queue.length) return;
  graphTail(store, deadline);
}

function pending(store: Store): boolean {
  return store.head < store.queue.length || store.tailHead < store.tail.length;
}

/**
 * Whether `view`'s live vectors are `chunks`, in order (ids and texts): then it answers for them
 * as it did before (the same graph a reset or restore reattaches), with labels in the same order.
 * `hashOf(i)` is the fingerprint of the i-th chunk's id and text.
 */
function holdsExactly(view: View, ids: (i: number) => string | undefined, hashOf: (i: number) => number | undefined, count: number): boolean {
  if (view.size !== count) return false;
  const { store, live } = view;
  let at = 0;
  for (let label = 0; label < store.chunkOf.length; label++) {
    if (label >= live.length || live[label] !== 1) continue;
    const i = at++;
    if (i >= count || store.chunkOf[label] !== ids(i) || store.hashes[label] !== hashOf(i)) return false;
  }
  return at === count;
}

export class VectorIndexes {
  private entries = new Map<string, View>();
  /** The views held before the last `clear`, reused where storage proves to hold the same chunks. */
  private candidates = new Map<string, View>();
  /** Stores with queued vectors, drained in background slices. */
  private readonly busy = new Set<Store>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `tailSearch` (the real clock): a query searches the graph plus an exact scan of the vectors the
   * background has not put in it yet, instead of inserting them first. Off (the manual clock), a
   * query finishes the graph first, so answers are a pure function of the request sequence.
   */
  constructor(
    private readonly factory: IndexFactory = defaultIndexFactory,
    private readonly tailSearch: () => boolean = () => false,
    /** Labels a store may hold before its graph starts (GRAPH_FROM; tests lower it to reach the graph). */
    private readonly graphFrom = GRAPH_FROM,
  ) {}

  /**
   * Forgets every index: the next query of each target reads storage, and rebuilds unless the view
   * held before holds exactly those chunks (the same state imported or loaded again).
   */
  clear(): void {
    for (const [targetId, view] of this.entries) this.candidates.set(targetId, view);
    this.entries = new Map();
  }

  /** Lets go of the candidates `clear` kept (every target has been warmed). */
  settle(): void {
    this.candidates = new Map();
  }

  /** The views of every target now, for a snapshot. */
  capture(): IndexViews {
    return new Map(this.entries);
  }

  /** Back to the views a snapshot kept (the storage restored with it holds the same versions). */
  restore(views: IndexViews): void {
    this.entries = new Map(views);
  }

  /** Drops one target's index (the target was deleted). */
  drop(targetId: string): void {
    this.entries.delete(targetId);
  }

  /** Gives new labels to `chunks` in `store` (queued for embedding) and marks them live in `live`. */
  private enqueue(store: Store, live: Uint8Array, chunks: IndexedChunk[]): { live: Uint8Array; added: number } {
    let out: Uint8Array = live;
    let added = 0;
    for (const chunk of chunks) {
      const known = store.labelsOf.get(chunk.id);
      if (known?.some((label) => label < out.length && out[label] === 1)) continue;
      const label = store.chunkOf.length;
      store.chunkOf.push(chunk.id);
      store.hashes.push(chunkFingerprint(chunk.id, chunk.content));
      store.queue.push(chunk);
      if (known) known.push(label);
      else store.labelsOf.set(chunk.id, [label]);
      if (label >= out.length) {
        const grown = new Uint8Array(Math.max(1024, out.length * 2, label + 1));
        grown.set(out);
        out = grown;
      }
      out[label] = 1;
      added++;
    }
    if (pending(store)) this.schedule(store);
    return { live: out, added };
  }

  private schedule(store: Store): void {
    this.busy.add(store);
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.slice(), 0);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** One background slice: embeds and inserts queued vectors for about SLICE_MS, then yields. */
  private slice(): void {
    this.timer = undefined;
    const deadline = wallElapsedMs() + SLICE_MS;
    for (const store of this.busy) {
      insertQueued(store, deadline);
      if (!pending(store)) this.busy.delete(store);
      if (wallElapsedMs() >= deadline) break;
    }
    if (this.busy.size > 0) {
      this.timer = setTimeout(() => this.slice(), 0);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Everything queued in `store` embedded and inserted now (a query is about to read it). */
  private finish(store: Store): void {
    insertQueued(store);
    this.busy.delete(store);
  }

  /** A fresh view of `chunks` at `version`, its vectors queued. */
  private async build(targetId: string, version: string, chunks: IndexedChunk[]): Promise<View> {
    const index = await this.factory();
    const flat = new FlatVectors(EMBEDDING_DIMENSION);
    const store: Store = { index, chunkOf: [], hashes: [], labelsOf: new Map(), queue: [], head: 0, flat, graphFrom: this.graphFrom, tail: [], tailHead: 0, inserted: 0 };
    const { live, added } = this.enqueue(store, new Uint8Array(0), chunks);
    const view: View = { version, index, store, live, size: added };
    this.entries.set(targetId, view);
    return view;
  }

  /**
   * The target's view at `version`, rebuilt from `load` when what is in memory is stale. A candidate
   * (after a load or import) is checked against `keys` when given (ids and fingerprints, no texts
   * read), else against `load`'s chunks.
   */
  private async view(targetId: string, version: string, load: () => Promise<IndexedChunk[]>, keys?: () => Promise<ChunkKey[]>): Promise<View> {
    const known = this.entries.get(targetId);
    if (known && known.version === version) return known;
    const candidate = this.candidates.get(targetId);
    let chunks: IndexedChunk[] | undefined;
    if (candidate) {
      this.candidates.delete(targetId);
      let holds: boolean;
      if (keys) {
        const held = await keys();
        holds = holdsExactly(candidate, (i) => held[i]?.id, (i) => held[i]?.hash, held.length);
      } else {
        const read = (chunks = await load());
        holds = holdsExactly(candidate, (i) => read[i]?.id, (i) => (i < read.length ? chunkFingerprint(read[i]!.id, read[i]!.content) : undefined), read.length);
      }
      if (holds) {
        const view: View = { ...candidate, version };
        this.entries.set(targetId, view);
        return view;
      }
    }
    return this.build(targetId, version, chunks ?? (await load()));
  }

  /**
   * Builds the target's index now unless memory already holds its version (after a load or import).
   * `keys` lists the searchable chunks by id and fingerprint, to recognise a candidate without texts.
   * `sliced`: what is queued is left to the background slices.
   */
  async warm(targetId: string, version: string, load: () => Promise<IndexedChunk[]>, keys?: () => Promise<ChunkKey[]>, sliced = false): Promise<void> {
    const view = await this.view(targetId, version, load, keys);
    if (!sliced) this.finish(view.store);
  }

  /**
   * Applies a change the caller just wrote to storage (version `from` → `to`). When memory is not
   * at `from` it is dropped instead, and rebuilt on the next query.
   */
  apply(targetId: string, from: string, to: string, change: { add?: IndexedChunk[]; remove?: string[] }): void {
    const view = this.entries.get(targetId);
    if (!view) return;
    if (view.version !== from) {
      this.entries.delete(targetId);
      return;
    }
    const { store } = view;
    let live: Uint8Array = view.live.slice();
    let size = view.size;
    for (const chunkId of change.remove ?? []) {
      for (const label of store.labelsOf.get(chunkId) ?? []) {
        if (label < live.length && live[label] === 1) {
          live[label] = 0;
          size--;
        }
      }
    }
    const added = this.enqueue(store, live, change.add ?? []);
    live = added.live;
    size += added.added;
    // Too many dead vectors make every search wade through them: start over from storage instead.
    if (store.chunkOf.length > 1024 && store.chunkOf.length > (MAX_DEAD_RATIO + 1) * size) {
      this.entries.delete(targetId);
      return;
    }
    this.entries.set(targetId, { version: to, index: view.index, store, live, size });
  }

  /** The k chunks most similar to `query` in a target, best first. */
  async search(targetId: string, version: string, load: () => Promise<IndexedChunk[]>, query: string, k: number): Promise<ChunkHit[]> {
    const view = await this.view(targetId, version, load);
    const { store, live } = view;
    if (this.tailSearch()) {
      // Searchable once embedded: the graph takes in the tail in background slices, off this path.
      embedQueued(store);
      graphTail(store, Infinity, MAX_TAIL);
    } else this.finish(store);
    const vector = embed(query);
    // No graph yet: every label is embedded (above), and the scan skips those not live in this view.
    if (store.flat) return store.flat.search(vector, k, live).map((hit) => ({ chunkId: store.chunkOf[hit.label] as string, score: hit.score }));
    // Labels of other versions (removed, or added after this one) are filtered out.
    const isLive = (label: number) => label < live.length && live[label] === 1;
    let tailLive = 0;
    for (let label = store.inserted; label < store.inserted + store.tail.length - store.tailHead; label++) if (isLive(label)) tailLive++;
    const tailHits = tailLive === 0 ? [] : searchTail(vector, k, store.tail, store.tailHead, store.inserted, isLive);
    // What the graph holds of this view, and how many graph labels it must not answer with.
    const graphLive = view.size - tailLive;
    const dead = store.inserted - graphLive;
    let hits: VectorHit[];
    if (graphLive === 0) hits = [];
    else if (dead === 0) hits = view.index.search(vector, k);
    else if (view.index.kind === 'hnsw' && dead <= MAX_DEAD_UNFILTERED) {
      // A few dead labels (a write since the snapshot this view came back from): ask for that many
      // more and drop them here, instead of a filter the native search calls back for every node it visits.
      hits = view.index.search(vector, k + dead).filter((hit) => isLive(hit.label)).slice(0, k);
    } else hits = view.index.search(vector, k, isLive, graphLive);
    hits = mergeHits(hits, tailHits, k);
    return hits.map((hit) => ({ chunkId: store.chunkOf[hit.label] as string, score: hit.score }));
  }

  /** How many vectors a target's index holds in memory (undefined when not built). */
  sizeOf(targetId: string): number | undefined {
    return this.entries.get(targetId)?.size;
  }
}
