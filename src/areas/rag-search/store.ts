// Retrieval: full-text search over the chunks of completed files (BM25 over the in-memory
// full-text index, scored the same on every driver) and vector context retrieval through the
// in-memory vector indexes (chunks whose consistency delay has passed).
import type { StoreDeps } from '../../core/services.js';
import type { SqlValue } from '../../storage/storage.js';
import type { ChunkKey, VectorIndexes } from '../../vector/index-manager.js';
import type { RagFileStore } from '../rag-files/public.js';
import type { TargetRow } from '../rag-targets/public.js';
import { rankSegments, type Segment } from './full-text.js';
import type { TextIndex } from './text-index.js';
import { RAG_CONTEXT_MAX_TOP_K } from '../../types/rag.js';

export interface RetrievedChunk {
  content: string;
  score: number | null;
  source: string | null;
  fileId: string | null;
  vectorId: string | null;
}

/** Past this many scopes remembered at one storage version, the memory starts over. */
const MAX_SCOPES = 64;

interface Ranked {
  chunkId: string;
  score: number;
  targetOrder: number;
}

export class RagSearchStore {
  /**
   * The search-ready segments of each scope asked for, valid while neither storage nor the text
   * index moved (`version`): a search then reads no file rows and looks up no segment.
   */
  private scopes = new Map<string, Segment[]>();
  private scopesVersion = '';

  constructor(
    private readonly deps: StoreDeps,
    private readonly files: RagFileStore,
    private readonly indexes: VectorIndexes,
    private readonly text: TextIndex,
  ) {}

  /** A file's segment at its run: from memory, or analysed from its chunks in storage. */
  private segmentOf(file: { id: string; run_id: string | null; seq: number }): Promise<Segment> {
    return this.text.segment(file.id, file.run_id, async () => {
      const chunks = await this.deps.storage.all<{ id: string; content: string; file_seq: number }>(
        'SELECT id, content, file_seq FROM rag_chunks WHERE file_id = ? ORDER BY position',
        [file.id],
      );
      return { fileSeq: chunks.length > 0 ? Number(chunks[0]!.file_seq) : Number(file.seq), chunks };
    });
  }

  /** The segments of the completed files in a workspace (or one file or target of it), by file. */
  private async segments(workspaceId: string, filters: { fileId?: string; targetId?: string }): Promise<Segment[]> {
    const storageVersion = this.deps.storage.writeVersion;
    if (storageVersion === undefined) return this.readSegments(workspaceId, filters);
    const version = `${storageVersion}:${this.text.epoch}`;
    if (version !== this.scopesVersion || this.scopes.size >= MAX_SCOPES) {
      this.scopes = new Map();
      this.scopesVersion = version;
    }
    const scope = `${workspaceId}\u0000${filters.fileId ?? ''}\u0000${filters.targetId ?? ''}`;
    const known = this.scopes.get(scope);
    if (known) return known;
    const segments = await this.readSegments(workspaceId, filters);
    // Reading may have analysed a segment (the epoch moved): keep only what is still current.
    if (`${this.deps.storage.writeVersion}:${this.text.epoch}` === this.scopesVersion) this.scopes.set(scope, segments);
    return segments;
  }

  /** The segments of a scope, from storage's file rows. */
  private async readSegments(workspaceId: string, filters: { fileId?: string; targetId?: string }): Promise<Segment[]> {
    const params: SqlValue[] = [workspaceId];
    let where = '';
    if (filters.fileId !== undefined) {
      params.push(filters.fileId);
      where += ' AND id = ?';
    }
    if (filters.targetId !== undefined) {
      params.push(filters.targetId);
      where += ' AND target_id = ?';
    }
    const files = await this.deps.storage.all<{ id: string; run_id: string | null; seq: number }>(
      `SELECT id, run_id, seq FROM rag_files WHERE workspace_id = ? AND status = 'completed'${where} ORDER BY seq`,
      params,
    );
    const segments: Segment[] = [];
    for (const file of files) segments.push(await this.segmentOf(file));
    // Chunks rank by file_seq, then position, as they were stored.
    return this.text.compact(segments.sort((a, b) => a.fileSeq - b.fileSeq));
  }

  /**
   * Builds what a first query would otherwise build: every target's vector index and every
   * completed file's segment (after a load or an import, so the first query is a warm one). An
   * index held before that storage proves unchanged (same chunk ids and texts) is reused as it is.
   * `sliced` (a load under the real clock): the vectors are queued for the background slices
   * instead of embedded and graphed now, and no query is primed; a query scans what they have
   * not graphed yet (docs/performance-load.md), so `serve` answers before they are done.
   */
  async warm(sliced = false): Promise<void> {
    const files = await this.deps.storage.all<{ id: string; run_id: string | null; seq: number }>(
      "SELECT id, run_id, seq FROM rag_files WHERE status = 'completed' ORDER BY seq",
    );
    for (const file of files) await this.segmentOf(file);
    // The merged groups of each workspace's whole scope, which an unfiltered search uses.
    const workspaces = await this.deps.storage.all<{ workspace_id: string }>(
      "SELECT DISTINCT workspace_id FROM rag_files WHERE status = 'completed' ORDER BY workspace_id",
    );
    for (const { workspace_id } of workspaces) await this.segments(workspace_id, {});
    const targets = await this.deps.storage.all<{ id: string; index_version: string }>('SELECT id, index_version FROM rag_targets ORDER BY seq');
    for (const target of targets) {
      await this.indexes.warm(target.id, target.index_version, () => this.files.searchableChunks(target.id), () => this.searchableKeys(target.id), sliced);
    }
    // What was held before a load or import and not found again in storage is let go.
    this.text.settle();
    this.indexes.settle();
    if (!sliced) await this.prime(workspaces[0]?.workspace_id, targets[0]);
  }

  /**
   * A target's searchable chunks (as `searchableChunks` lists them) by id and fingerprint, the
   * texts taken from the segments just proved to match storage: a reuse check reads ids, not texts.
   */
  private async searchableKeys(targetId: string): Promise<ChunkKey[]> {
    const rows = await this.deps.storage.all<{ id: string; file_id: string; run_id: string | null }>(
      `SELECT c.id, c.file_id, f.run_id FROM rag_chunks c JOIN rag_files f ON f.id = c.file_id
       WHERE c.target_id = ? AND f.queryable = 1 AND f.status = 'completed' ORDER BY c.file_seq, c.position`,
      [targetId],
    );
    // A file's chunks come by position: the n-th of a file is its segment's n-th.
    const ordinals = new Map<string, number>();
    return rows.map((row) => {
      const ordinal = ordinals.get(row.file_id) ?? 0;
      ordinals.set(row.file_id, ordinal + 1);
      return { id: row.id, hash: this.text.chunkHash(row.file_id, row.run_id, ordinal, row.id) };
    });
  }

  /**
   * One read-only search and one context lookup, answers thrown away: the first real query after a
   * load or import then finds its code compiled and its statements prepared, as a warm one does.
   */
  private async prime(workspaceId: string | undefined, target: { id: string; index_version: string } | undefined): Promise<void> {
    const probe = 'emulator index warm up';
    if (workspaceId !== undefined) await this.search(workspaceId, probe, 10, {});
    if (target === undefined) return;
    const hits = await this.indexes.search(target.id, target.index_version, () => this.files.searchableChunks(target.id), probe, 10);
    await this.files.chunksByIds(hits.map((hit) => hit.chunkId));
  }

  /** Full-text search: best first, scores 0..1. */
  async search(workspaceId: string, q: string, limit: number, filters: { fileId?: string; targetId?: string }) {
    const hits = rankSegments(await this.segments(workspaceId, filters), q, limit);
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
