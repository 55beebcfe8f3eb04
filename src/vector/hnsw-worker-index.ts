// An HNSW graph built in a worker thread, so insertion (the longest part of an ingest) runs on
// another core while the emulator goes on chunking and writing. Vectors are posted in label order,
// and the worker inserts them in that order with the in-thread HnswIndex's parameters and seed:
// the same graph, the same answers. A search waits (Atomics.wait) for the worker to take in
// everything posted before it, then re-scores the candidates here exactly as HnswIndex does.
// Node only: where worker threads or SharedArrayBuffer are missing, `loadHnswWorker` gives null.
import { wallElapsedMs } from '../clock/wall-time.js';
import { similarity } from './embedding.js';
import type { HnswOptions } from './hnsw-index.js';
import { HNSW_WORKER_SOURCE, REPLY_HEADER } from './hnsw-worker-source.js';
import { compareHits, roundScore, type VectorHit, type VectorIndex } from './vector-index.js';
import { resolveNativePackage } from '../native/load-native.js';
import { nativeDisabled } from '../native/native-modules.js';

interface HnswWorker {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  unref(): void;
  on(event: 'message' | 'error' | 'exit', listener: (value: unknown) => void): void;
  off(event: 'message' | 'error' | 'exit', listener: (value: unknown) => void): void;
}

/** A name, not a literal: no browser bundler goes looking for it. */
const WORKER_THREADS = 'node:worker_threads';
/** Vectors posted to the worker per message (fewer, when a label breaks the run or a search comes). */
const BATCH = 64;
/** A search that waits longer than this for the worker fails instead of hanging the process. */
const WAIT_LIMIT_MS = 300_000;
/**
 * Slots a graph reserves at first (doubled as it fills). Small: every target created through the
 * API opens one, most stay small, and a slot costs about 1.2 KB of the worker's memory. Capacity
 * only sizes the storage; the graph (levels from the seed, links) is the same for any.
 */
const INITIAL_CAPACITY = 64;

let started: Promise<HnswWorker | null> | undefined;

async function startWorker(): Promise<HnswWorker | null> {
  if (nativeDisabled('hnswlib-node') || typeof SharedArrayBuffer !== 'function' || typeof Atomics?.wait !== 'function') return null;
  const hnswlib = await resolveNativePackage('hnswlib-node');
  const threads = (await import(WORKER_THREADS).catch(() => undefined)) as
    | { Worker?: new (source: string, options: { eval: true; workerData: unknown }) => HnswWorker }
    | undefined;
  if (!hnswlib || !threads?.Worker) return null;
  const worker = new threads.Worker(`${HNSW_WORKER_SOURCE}\nparentPort.postMessage('ready');`, { eval: true, workerData: { hnswlib } });
  return new Promise((resolve) => {
    const ready = (message: unknown) => settle(message === 'ready' ? worker : null);
    const failed = () => settle(null);
    const settle = (answer: HnswWorker | null) => {
      worker.off('message', ready);
      worker.off('error', failed);
      worker.off('exit', failed);
      // Held until it answers (a process awaiting it must not exit first), then never keeping a
      // process alive: nothing is lost when it ends with the process.
      worker.unref();
      resolve(answer);
    };
    worker.on('message', ready);
    worker.on('error', failed);
    worker.on('exit', failed);
  });
}

/** The process's HNSW worker, started on first use; null where it cannot run (the caller builds in-thread). */
export function loadHnswWorker(): Promise<HnswWorker | null> {
  started ??= startWorker().catch(() => null);
  return started;
}

let nextId = 1;
/** A graph whose index was collected is dropped in the worker too. */
const freed = new FinalizationRegistry<{ worker: HnswWorker; id: number }>(({ worker, id }) => worker.postMessage({ op: 'free', id }));
/** The reply buffer of the last search, reused: searches are synchronous, one at a time per thread. */
let reply: SharedArrayBuffer | undefined;

function replyBuffer(bytes: number): SharedArrayBuffer {
  if (!reply || reply.byteLength < bytes) reply = new SharedArrayBuffer(Math.max(bytes, 64 * 1024));
  return reply;
}

export class WorkerHnswIndex implements VectorIndex {
  readonly kind = 'hnsw' as const;
  /** Insertion costs the caller only a copy: vectors are best handed over as soon as they exist. */
  readonly eager = true;
  private readonly id = nextId++;
  private readonly live = new Set<number>();
  private readonly efSearch: number;
  /** One past the highest label given. */
  private labels = 0;
  private batch = new Float32Array(0);
  private batchFirst = 0;
  private batchCount = 0;
  private flushQueued = false;

  constructor(private readonly worker: HnswWorker, private readonly dimension: number, options: HnswOptions = {}) {
    worker.postMessage({
      op: 'open',
      id: this.id,
      dimension,
      capacity: INITIAL_CAPACITY,
      m: options.m ?? 16,
      efConstruction: options.efConstruction ?? 100,
      randomSeed: options.randomSeed ?? 100,
    });
    this.efSearch = options.efSearch ?? 200;
    freed.register(this, { worker, id: this.id });
  }

  get size(): number {
    return this.live.size;
  }

  add(label: number, vector: Float32Array): void {
    if (this.batchCount > 0 && label !== this.batchFirst + this.batchCount) this.flush();
    if (this.batchCount === 0) {
      this.batch = new Float32Array(BATCH * this.dimension);
      this.batchFirst = label;
    }
    this.batch.set(vector, this.batchCount * this.dimension);
    this.batchCount++;
    this.live.add(label);
    this.labels = Math.max(this.labels, label + 1);
    if (this.batchCount === BATCH) this.flush();
    else if (!this.flushQueued) {
      // The rest of a run goes once the caller's loop is done, so the worker is never kept waiting long.
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        this.flush();
      });
    }
  }

  /** Posts the vectors given since the last post (the buffer is transferred, not copied). */
  private flush(): void {
    if (this.batchCount === 0) return;
    const vectors = this.batch;
    this.worker.postMessage({ op: 'add', id: this.id, first: this.batchFirst, count: this.batchCount, vectors }, [vectors.buffer as ArrayBuffer]);
    this.batchCount = 0;
  }

  remove(label: number): void {
    if (!this.live.delete(label)) return;
    this.flush();
    this.worker.postMessage({ op: 'remove', id: this.id, label });
  }

  search(query: Float32Array, k: number, accept?: (label: number) => boolean, accepted?: number): VectorHit[] {
    const size = accept ? Math.min(accepted ?? this.live.size, this.live.size) : this.live.size;
    if (k <= 0 || size === 0) return [];
    const want = Math.min(size, Math.max(k * 2, k + 10));
    this.flush();
    let mask: Uint8Array | undefined;
    if (accept) {
      mask = new Uint8Array(this.labels);
      for (let label = 0; label < this.labels; label++) if (accept(label)) mask[label] = 1;
    }
    const d = this.dimension;
    const buffer = replyBuffer((REPLY_HEADER + want) * 4 + want * d * 4);
    const slots = new Int32Array(buffer, 0, REPLY_HEADER + want);
    Atomics.store(slots, 0, 0);
    this.worker.postMessage({ op: 'search', id: this.id, query: query.slice(), want, ef: Math.max(this.efSearch, want), mask, reply: buffer });
    const deadline = wallElapsedMs() + WAIT_LIMIT_MS;
    while (Atomics.load(slots, 0) === 0) {
      if (wallElapsedMs() >= deadline) throw new Error('the HNSW worker did not answer');
      Atomics.wait(slots, 0, 0, 1000);
    }
    if (Atomics.load(slots, 0) !== 1) throw new Error('the HNSW worker could not search this index');
    const hits: VectorHit[] = [];
    for (let i = 0; i < slots[1]!; i++) {
      const point = new Float32Array(buffer, (REPLY_HEADER + want) * 4 + i * d * 4, d);
      hits.push({ label: slots[REPLY_HEADER + i]!, score: roundScore(similarity(query, point)) });
    }
    return hits.sort(compareHits).slice(0, k);
  }
}
