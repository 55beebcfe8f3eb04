// The in-memory vector indexes of one emulator instance, one per RAG target. Storage is the truth:
// each target row carries an index version, and an index whose version differs is rebuilt lazily
// on its next query, so resets, restores and scenario loads (which swap the database) cost nothing.
import { EMBEDDING_DIMENSION, embed } from './embedding.js';
import { ExactIndex } from './exact-index.js';
import { HnswIndex, loadHnswlib } from './hnsw-index.js';
import type { VectorIndex } from './vector-index.js';

export interface IndexedChunk {
  id: string;
  content: string;
}

export interface ChunkHit {
  chunkId: string;
  score: number;
}

interface Entry {
  version: string;
  index: VectorIndex;
  labels: Map<number, string>;
  byChunk: Map<string, number>;
  nextLabel: number;
}

export type IndexFactory = () => Promise<VectorIndex>;

/** HNSW where hnswlib-node loads (Node), exact search elsewhere (the browser). */
export const defaultIndexFactory: IndexFactory = async () => {
  const lib = await loadHnswlib();
  return lib ? new HnswIndex(lib, EMBEDDING_DIMENSION) : new ExactIndex();
};

export const exactIndexFactory: IndexFactory = async () => new ExactIndex();

export class VectorIndexes {
  private entries = new Map<string, Entry>();

  constructor(private readonly factory: IndexFactory = defaultIndexFactory) {}

  /** Forgets every index: the next query of each target rebuilds it from storage. */
  clear(): void {
    this.entries.clear();
  }

  /** Drops one target's index (the target was deleted). */
  drop(targetId: string): void {
    this.entries.delete(targetId);
  }

  private insert(entry: Entry, chunks: IndexedChunk[]): void {
    for (const chunk of chunks) {
      if (entry.byChunk.has(chunk.id)) continue;
      const label = entry.nextLabel++;
      entry.index.add(label, embed(chunk.content));
      entry.labels.set(label, chunk.id);
      entry.byChunk.set(chunk.id, label);
    }
  }

  /** The target's index at `version`, rebuilt from `load` when what is in memory is stale. */
  private async entry(targetId: string, version: string, load: () => Promise<IndexedChunk[]>): Promise<Entry> {
    const known = this.entries.get(targetId);
    if (known && known.version === version) return known;
    const entry: Entry = { version, index: await this.factory(), labels: new Map(), byChunk: new Map(), nextLabel: 0 };
    this.insert(entry, await load());
    this.entries.set(targetId, entry);
    return entry;
  }

  /**
   * Applies a change the caller just wrote to storage (version `from` → `to`). When memory is not
   * at `from` it is dropped instead, and rebuilt on the next query.
   */
  apply(targetId: string, from: string, to: string, change: { add?: IndexedChunk[]; remove?: string[] }): void {
    const entry = this.entries.get(targetId);
    if (!entry) return;
    if (entry.version !== from) {
      this.entries.delete(targetId);
      return;
    }
    for (const chunkId of change.remove ?? []) {
      const label = entry.byChunk.get(chunkId);
      if (label === undefined) continue;
      entry.index.remove(label);
      entry.byChunk.delete(chunkId);
      entry.labels.delete(label);
    }
    this.insert(entry, change.add ?? []);
    entry.version = to;
  }

  /** The k chunks most similar to `query` in a target, best first. */
  async search(targetId: string, version: string, load: () => Promise<IndexedChunk[]>, query: string, k: number): Promise<ChunkHit[]> {
    const entry = await this.entry(targetId, version, load);
    return entry.index.search(embed(query), k).map((hit) => ({ chunkId: entry.labels.get(hit.label) as string, score: hit.score }));
  }

  /** How many vectors a target's index holds in memory (undefined when not built). */
  sizeOf(targetId: string): number | undefined {
    return this.entries.get(targetId)?.index.size;
  }
}
