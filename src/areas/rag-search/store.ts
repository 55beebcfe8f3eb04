// Retrieval: full-text search over the chunks of completed files (BM25, scored the same on every
// driver) and vector context retrieval through the in-memory indexes (chunks whose consistency
// delay has passed).
import type { StoreDeps } from '../../core/services.js';
import type { VectorIndexes } from '../../vector/index-manager.js';
import type { RagFileStore } from '../rag-files/store.js';
import type { TargetRow } from '../rag-targets/store.js';
import { rankChunks } from './full-text.js';
import { RAG_CONTEXT_MAX_TOP_K } from '../../types/rag.js';

export interface RetrievedChunk {
  content: string;
  score: number | null;
  source: string | null;
  fileId: string | null;
  vectorId: string | null;
}

interface Ranked {
  chunkId: string;
  score: number;
  targetOrder: number;
}

export class RagSearchStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly files: RagFileStore,
    private readonly indexes: VectorIndexes,
  ) {}

  /** Full-text search: best first, scores 0..1. */
  async search(workspaceId: string, q: string, limit: number, filters: { fileId?: string; targetId?: string }) {
    const hits = rankChunks(await this.files.completedChunks(workspaceId, filters), q, limit);
    const rows = await this.files.chunksByIds(hits.map((h) => h.chunkId));
    const results = hits.flatMap((hit) => {
      const row = rows.get(hit.chunkId);
      if (!row) return [];
      return [
        {
          chunk: { content: row.content, score: hit.score, source: row.source_url ?? row.original_name, fileId: row.file_id, vectorId: row.target_id },
          score: hit.score,
          document: { id: row.file_id, originalName: row.original_name, fileType: row.file_type },
          chunkId: row.id,
          index: Number(row.position),
        },
      ];
    });
    return { query: q, results, total: results.length };
  }

  /** The k best chunks across targets above each target's minimumSimilarity, with their provenance. */
  async context(targets: TargetRow[], query: string, topK: number | undefined) {
    const started = this.deps.clock.now();
    // The server caps topK at 50, for a collection and a group alike (fulcrum divinci-rag-client.ts).
    const k = Math.min(RAG_CONTEXT_MAX_TOP_K, topK ?? Math.max(1, ...targets.map((t) => Number(t.context_per_message))));
    const ranked: Ranked[] = [];
    for (const [targetOrder, target] of targets.entries()) {
      const hits = await this.indexes.search(target.id, target.index_version, () => this.files.searchableChunks(target.id), query, k);
      const floor = Number(target.minimum_similarity);
      for (const hit of hits) if (hit.score >= floor && hit.score > 0) ranked.push({ ...hit, targetOrder });
    }
    ranked.sort((a, b) => b.score - a.score || a.targetOrder - b.targetOrder || (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0));
    const top = ranked.slice(0, k);
    const rows = await this.files.chunksByIds(top.map((r) => r.chunkId));
    const chunks: RetrievedChunk[] = top.map((hit) => {
      const row = rows.get(hit.chunkId);
      return {
        content: row?.content ?? '',
        score: hit.score,
        source: row ? (row.source_url ?? row.original_name) : null,
        fileId: row?.file_id ?? null,
        vectorId: row?.target_id ?? null,
      };
    });
    const sources = [...new Set(chunks.map((c) => c.source).filter((s): s is string => s !== null))];
    return { chunks, sources, query, total: chunks.length, retrievalMs: this.deps.clock.now() - started };
  }
}
