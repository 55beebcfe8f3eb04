// The RAG maintenance tools over stored data: index health per vector, chunk deduplication (exact
// and near, by normalized hash), file deduplication (by content hash) and the artifact scan.
import type { RagFileServices } from '../rag-files/public.js';
import type { Actor, TargetRow } from '../rag-targets/public.js';
import type {
  RagArtifact,
  RagArtifactScan,
  RagDedupeChunks,
  RagDedupeFiles,
  RagDedupeGroup,
  RagIndexHealth,
} from '../../types/rag-tools.js';
import { artifactsIn, normalizeText, repeatedHeaders } from './analysis.js';
import { sha256Hex } from '../../security/hash.js';

type FileRow = Awaited<ReturnType<RagFileServices['files']['filesOfTarget']>>[number];

/** A file's state as the health report counts it. */
function stateOf(file: FileRow): 'pending' | 'processing' | 'completed' | 'searchable' | 'error' {
  if (file.status === 'error') return 'error';
  if (file.status === 'completed') return file.queryable === 1 ? 'searchable' : 'completed';
  if (file.status === 'pending') return 'pending';
  return 'processing';
}

export class RagMaintenance {
  constructor(private readonly rag: RagFileServices) {}

  async health(target: TargetRow): Promise<RagIndexHealth> {
    const { files, targets } = this.rag;
    const owned = await files.filesOfTarget(target.id);
    const counts = { total: owned.length, pending: 0, processing: 0, completed: 0, searchable: 0, error: 0 };
    let chunks = 0;
    let pendingVectors = 0;
    const drift: string[] = [];
    for (const file of owned) {
      const state = stateOf(file);
      counts[state] += 1;
      const rows = (await files.chunkRows(file.id)).length;
      chunks += rows;
      if (state === 'completed') pendingVectors += rows;
      if (file.chunks_count !== null && Number(file.chunks_count) !== rows) drift.push(file.id);
    }
    const vectorsIndexed = (await files.searchableChunks(target.id)).length;
    const ghostRefs = await targets.ghostRefs(target.id);
    const issues: string[] = [];
    if (ghostRefs.length) issues.push(`${ghostRefs.length} ghost file reference(s): run prune-ghost-refs`);
    if (counts.error) issues.push(`${counts.error} file(s) failed to index`);
    if (drift.length) issues.push(`chunk count differs from stored chunks for ${drift.join(', ')}`);
    if (counts.pending + counts.processing) issues.push(`${counts.pending + counts.processing} file(s) still indexing`);
    if (pendingVectors) issues.push(`${pendingVectors} chunk(s) of completed files not yet queryable (consistency delay)`);
    const degraded = ghostRefs.length > 0 || counts.error > 0 || drift.length > 0;
    return {
      collectionId: target.id,
      title: target.title,
      status: owned.length === 0 ? 'empty' : degraded ? 'degraded' : 'healthy',
      files: counts,
      chunks,
      vectorsIndexed,
      vectorsPending: pendingVectors,
      ghostRefs,
      pendingFileIds: owned.filter((f) => ['pending', 'processing'].includes(stateOf(f))).map((f) => f.id),
      errorFileIds: owned.filter((f) => stateOf(f) === 'error').map((f) => f.id),
      issues,
    };
  }

  /** Chunks equal once normalized: the first (by file order and position) is kept, the rest removed unless `dryRun`. */
  async dedupeChunks(target: TargetRow, dryRun: boolean, actor: Actor): Promise<RagDedupeChunks> {
    const { files, events } = this.rag;
    const first = new Map<string, { id: string; content: string }>();
    const groups = new Map<string, RagDedupeGroup>();
    const doomed = new Map<string, { file: FileRow; ids: string[] }>();
    let scanned = 0;
    let exact = 0;
    let near = 0;
    for (const file of await files.filesOfTarget(target.id)) {
      for (const chunk of await files.chunkRows(file.id)) {
        scanned += 1;
        const normalized = normalizeText(chunk.content);
        if (!normalized) continue;
        const hash = sha256Hex(normalized);
        const kept = first.get(hash);
        if (!kept) {
          first.set(hash, { id: chunk.id, content: chunk.content });
          continue;
        }
        const isExact = kept.content === chunk.content;
        if (isExact) exact += 1;
        else near += 1;
        const group = groups.get(hash) ?? { hash, kind: 'exact', keep: kept.id, duplicates: [] };
        group.duplicates.push(chunk.id);
        if (!isExact) group.kind = 'near';
        groups.set(hash, group);
        const entry = doomed.get(file.id) ?? { file, ids: [] };
        entry.ids.push(chunk.id);
        doomed.set(file.id, entry);
      }
    }
    let removed = 0;
    if (!dryRun) {
      for (const { file, ids } of doomed.values()) {
        await files.removeChunks(file, ids);
        await events.record(target.id, file.id, 'chunks.deduplicated', actor, { removed: ids.length });
        removed += ids.length;
      }
    }
    return { collectionId: target.id, dryRun, scanned, exactDuplicates: exact, nearDuplicates: near, removed, groups: [...groups.values()] };
  }

  /** Files of one vector with the same content: the oldest is kept, the others deleted unless `dryRun`. */
  async dedupeFiles(targetsInScope: TargetRow[], collectionId: string | null, dryRun: boolean, actor: Actor): Promise<RagDedupeFiles> {
    const groups: RagDedupeGroup[] = [];
    const doomed: FileRow[] = [];
    let scanned = 0;
    for (const target of targetsInScope) {
      const first = new Map<string, string>();
      const byHash = new Map<string, RagDedupeGroup>();
      for (const file of await this.rag.files.filesOfTarget(target.id)) {
        scanned += 1;
        const hash = sha256Hex(String(file.raw));
        const kept = first.get(hash);
        if (!kept) {
          first.set(hash, file.id);
          continue;
        }
        const group = byHash.get(hash) ?? { hash, kind: 'exact', keep: kept, duplicates: [] };
        group.duplicates.push(file.id);
        byHash.set(hash, group);
        doomed.push(file);
      }
      groups.push(...byHash.values());
    }
    if (!dryRun) for (const file of doomed) await this.rag.files.delete(file, actor);
    return { collectionId, dryRun, scanned, duplicateFiles: doomed.length, removed: dryRun ? 0 : doomed.length, groups };
  }

  async scanArtifacts(targetsInScope: TargetRow[], collectionId: string | null, limit: number): Promise<RagArtifactScan> {
    const data: RagArtifact[] = [];
    const byKind: Record<string, number> = {};
    let fileCount = 0;
    let chunkCount = 0;
    let flagged = 0;
    for (const target of targetsInScope) {
      for (const file of await this.rag.files.filesOfTarget(target.id)) {
        fileCount += 1;
        const chunks = await this.rag.files.chunkRows(file.id);
        chunkCount += chunks.length;
        const headers = repeatedHeaders(chunks);
        for (const chunk of chunks) {
          const found = artifactsIn(chunk.content);
          const header = headers.get(chunk.id);
          if (header !== undefined && !found.has('repeated-header')) found.set('repeated-header', header);
          if (found.size === 0) continue;
          flagged += 1;
          for (const kind of found.keys()) byKind[kind] = (byKind[kind] ?? 0) + 1;
          if (data.length < limit) {
            data.push({ chunkId: chunk.id, fileId: file.id, collectionId: target.id, title: file.title, kinds: [...found.keys()].sort(), samples: Object.fromEntries(found) });
          }
        }
      }
    }
    return { collectionId, scanned: { files: fileCount, chunks: chunkCount }, flagged, byKind, data, hasMore: flagged > data.length };
  }
}
