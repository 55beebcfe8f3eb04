// RAG files and their chunks, scoped to a workspace: records, listing, patch, delete, and the
// bookkeeping that keeps each target's vector set (and its in-memory index) in step.
import type { StoreDeps } from '../../core/services.js';
import type { SqlValue } from '../../storage/storage.js';
import { parseJson, toIso } from '../../core/services.js';
import type { RagDocumentStatus } from '../../types/rag.js';
import type { VectorIndexes } from '../../vector/index-manager.js';
import type { TextIndex } from '../rag-search/public.js';
import type { RagEvents, Actor, RagTargetStore } from '../rag-targets/public.js';
import type { ChunkingTool, FileRecord, PatchFileInput } from './schema.js';

export interface FileRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  target_id: string;
  title: string;
  description: string;
  original_name: string;
  file_type: string;
  mime_type: string;
  size_bytes: number;
  status: string;
  error: string | null;
  chunking_tool: string;
  options: string;
  source_url: string | null;
  file_key: string | null;
  raw_file_key: string | null;
  document_metadata: string;
  raw: string;
  text: string | null;
  chunks_count: number | null;
  queryable: number;
  queryable_at: number | null;
  run_id: string | null;
  created_at: number;
  updated_at: number;
}

/** The columns of a file the pipeline view reads. */
export type PipelineRow = Pick<
  FileRow,
  'id' | 'workspace_id' | 'target_id' | 'title' | 'original_name' | 'status' | 'error' | 'chunks_count' | 'queryable' | 'queryable_at' | 'run_id' | 'updated_at'
> & { [column: string]: string | number | null };

export interface ChunkRow {
  [column: string]: string | number | null;
  id: string;
  file_id: string;
  target_id: string;
  workspace_id: string;
  file_seq: number;
  position: number;
  content: string;
  token_count: number;
  heading: string | null;
}

/** Options kept with a file for the pipeline: chunking overrides, cleaners, date extraction. */
export interface FileOptions {
  chunkSize?: number;
  chunkOverlap?: number;
  cleaners?: string[];
  extractPublishedDate?: boolean;
  chunkingAuthId?: string;
  publishedDate?: string;
  /** Text to index as it is (audio transcripts), instead of parsing `raw`; or why there is none (processing fails with it). */
  transcript?: string;
  transcriptError?: string;
  audioUrl?: string;
}

export interface NewFile {
  id?: string;
  workspaceId: string;
  targetId: string;
  title: string;
  description: string;
  originalName: string;
  fileType: string;
  mimeType: string;
  sizeBytes: number;
  chunkingTool: ChunkingTool;
  options: FileOptions;
  sourceUrl?: string;
  fileKey?: string;
  raw: string;
  createdAt?: number;
}

export interface StatusFilter {
  status?: 'ready' | 'processing' | 'error';
  targetId?: string;
}

/** Chunk rows per INSERT statement (9 parameters each, well under every driver's limit). */
const CHUNK_BATCH = 200;

const LAZY_KEY = (workspaceId: string) => `rag.lazyCounts:${workspaceId}`;

export class RagFileStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly targets: RagTargetStore,
    private readonly events: RagEvents,
    private readonly indexes: VectorIndexes,
    private readonly text: TextIndex,
  ) {}

  async row(workspaceId: string, id: string): Promise<FileRow | undefined> {
    return this.deps.storage.get<FileRow>('SELECT * FROM rag_files WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  async rowById(id: string): Promise<FileRow | undefined> {
    return this.deps.storage.get<FileRow>('SELECT * FROM rag_files WHERE id = ?', [id]);
  }

  async insert(file: NewFile, actor: Actor, options: { backfill?: boolean } = {}): Promise<FileRow> {
    const now = file.createdAt ?? this.deps.clock.now();
    const id = file.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM rag_files');
    await this.deps.storage.run(
      `INSERT INTO rag_files (id, seq, workspace_id, target_id, title, description, original_name, file_type, mime_type, size_bytes,
         status, error, chunking_tool, options, source_url, file_key, raw_file_key, document_metadata, raw, text, chunks_count,
         queryable, queryable_at, run_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', NULL, ?, ?, ?, ?, NULL, '{}', ?, NULL, NULL, 0, NULL, NULL, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        file.workspaceId,
        file.targetId,
        file.title,
        file.description,
        file.originalName,
        file.fileType,
        file.mimeType,
        file.sizeBytes,
        file.chunkingTool,
        JSON.stringify(file.options),
        file.sourceUrl ?? null,
        file.fileKey ?? null,
        file.raw,
        now,
        now,
      ],
    );
    await this.targets.link(file.targetId, id, now);
    await this.events.record(file.targetId, id, 'file.uploaded', actor, { originalName: file.originalName, sizeBytes: file.sizeBytes, chunkingTool: file.chunkingTool }, { ...options, at: now });
    return (await this.rowById(id)) as FileRow;
  }

  async lazyCounts(workspaceId: string): Promise<boolean> {
    const row = await this.deps.storage.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [LAZY_KEY(workspaceId)]);
    return row?.value === '1';
  }

  async setLazyCounts(workspaceId: string, on: boolean): Promise<void> {
    await this.deps.storage.run('DELETE FROM meta WHERE key = ?', [LAZY_KEY(workspaceId)]);
    if (on) await this.deps.storage.run('INSERT INTO meta (key, value) VALUES (?, ?)', [LAZY_KEY(workspaceId), '1']);
  }

  async list(workspaceId: string, filter: StatusFilter): Promise<FileRow[]> {
    let where = 'workspace_id = ?';
    const params: string[] = [workspaceId];
    if (filter.targetId !== undefined) {
      where += ' AND target_id = ?';
      params.push(filter.targetId);
    }
    if (filter.status === 'ready') where += " AND status = 'completed'";
    else if (filter.status === 'error') where += " AND status = 'error'";
    else if (filter.status === 'processing') where += " AND status NOT IN ('completed', 'error')";
    return this.deps.storage.all<FileRow>(`SELECT * FROM rag_files WHERE ${where} ORDER BY seq`, params);
  }

  async records(rows: FileRow[], lazy: boolean): Promise<FileRecord[]> {
    const vectors = await this.targets.vectorsOf(rows.map((r) => r.id));
    return rows.map((row) => this.recordOf(row, vectors.get(row.id) ?? [], lazy));
  }

  async record(row: FileRow, lazy = false): Promise<FileRecord> {
    return (await this.records([row], lazy))[0] as FileRecord;
  }

  private recordOf(row: FileRow, ragVectors: { _id: string; title: string }[], lazy: boolean): FileRecord {
    const options = parseJson<FileOptions>(row.options, {});
    const metadata = parseJson<Record<string, unknown>>(row.document_metadata, {});
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      originalName: row.original_name,
      fileType: row.file_type,
      mimeType: row.mime_type,
      fileSizeBytes: Number(row.size_bytes),
      status: row.status as RagDocumentStatus,
      ...(row.error !== null && { error: row.error }),
      chunkingTool: row.chunking_tool as ChunkingTool,
      ...(!lazy && row.chunks_count !== null && { chunksCount: Number(row.chunks_count) }),
      ragVectors,
      collectionId: row.target_id,
      queryable: row.queryable === 1,
      ...(row.source_url !== null && { sourceUrl: row.source_url }),
      ...(options.publishedDate !== undefined && { publishedDate: options.publishedDate }),
      ...(row.file_key !== null && { fileKey: row.file_key }),
      ...(row.raw_file_key !== null && { rawFileKey: row.raw_file_key }),
      documentMetadata: metadata,
      workspaceId: row.workspace_id,
      createdAt: toIso(Number(row.created_at)),
      updatedAt: toIso(Number(row.updated_at)),
    };
  }

  async patch(row: FileRow, input: PatchFileInput, actor: Actor): Promise<FileRow> {
    const status = input.status ?? row.status;
    await this.deps.storage.run(
      `UPDATE rag_files SET title = ?, description = ?, source_url = ?, file_key = ?, raw_file_key = ?, status = ?, updated_at = ? WHERE id = ?`,
      [
        input.title ?? row.title,
        input.description ?? row.description,
        input.sourceUrl === undefined ? row.source_url : input.sourceUrl === '' ? null : input.sourceUrl,
        input.fileKey ?? row.file_key,
        input.rawFileKey ?? row.raw_file_key,
        status,
        this.deps.clock.now(),
        row.id,
      ],
    );
    // A file moved away from completed is no longer searchable; moved back, it needs a reindex.
    if (status !== 'completed' && row.queryable === 1) await this.setQueryable(row, false);
    await this.events.record(row.target_id, row.id, 'file.updated', actor, { fields: Object.keys(input).sort() });
    return (await this.rowById(row.id)) as FileRow;
  }

  /** Makes a file's chunks part of (or no longer part of) its target's searchable vector set. */
  async setQueryable(row: FileRow, on: boolean): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.storage.run('UPDATE rag_files SET queryable = ?, queryable_at = ? WHERE id = ?', [on ? 1 : 0, on ? now : null, row.id]);
    const { from, to } = await this.targets.bumpVersion(row.target_id);
    const chunks = await this.chunkRows(row.id);
    this.indexes.apply(row.target_id, from, to, on ? { add: chunks } : { remove: chunks.map((c) => c.id) });
  }

  async deleteChunks(fileId: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM rag_chunks WHERE file_id = ?', [fileId]);
    this.text.forget(fileId);
  }

  /** Removes some chunks of a file (dedupe-chunks): rows, chunk count, full-text entries and, if searchable, vectors. */
  async removeChunks(row: FileRow, chunkIds: string[]): Promise<void> {
    for (const id of chunkIds) await this.deps.storage.run('DELETE FROM rag_chunks WHERE id = ? AND file_id = ?', [id, row.id]);
    const rest = await this.chunkRows(row.id);
    await this.deps.storage.run('UPDATE rag_files SET chunks_count = ?, updated_at = ? WHERE id = ?', [rest.length, this.deps.clock.now(), row.id]);
    this.text.put(row.id, row.run_id, Number(row.seq), rest.map((c) => ({ id: c.id, content: c.content })));
    const version = row.queryable === 1 && chunkIds.length > 0 ? await this.targets.bumpVersion(row.target_id) : undefined;
    if (version) this.indexes.apply(row.target_id, version.from, version.to, { remove: chunkIds });
  }

  async delete(row: FileRow, actor: Actor): Promise<void> {
    if (row.queryable === 1) await this.setQueryable(row, false);
    await this.deleteChunks(row.id);
    await this.deps.storage.run('DELETE FROM rag_files WHERE id = ?', [row.id]);
    await this.targets.unlinkFile(row.id);
    await this.events.record(row.target_id, row.id, 'file.deleted', actor, { originalName: row.original_name });
  }

  /** Writes a file's chunks, many rows per statement, and analyses them for full-text search. */
  async insertChunks(row: FileRow, chunks: { content: string; tokenCount: number; heading: string | null }[]): Promise<void> {
    const ids = chunks.map((_, position) => `${row.id}-${String(position).padStart(5, '0')}`);
    for (let start = 0; start < chunks.length; start += CHUNK_BATCH) {
      const batch = chunks.slice(start, start + CHUNK_BATCH);
      const params: SqlValue[] = [];
      batch.forEach((c, i) => params.push(ids[start + i] as string, row.id, row.target_id, row.workspace_id, Number(row.seq), start + i, c.content, c.tokenCount, c.heading));
      await this.deps.storage.run(
        `INSERT INTO rag_chunks (id, file_id, target_id, workspace_id, file_seq, position, content, token_count, heading)
         VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        params,
      );
    }
    this.text.put(row.id, row.run_id, Number(row.seq), chunks.map((c, i) => ({ id: ids[i] as string, content: c.content })));
  }

  async chunkRows(fileId: string): Promise<ChunkRow[]> {
    return this.deps.storage.all<ChunkRow>('SELECT * FROM rag_chunks WHERE file_id = ? ORDER BY position', [fileId]);
  }

  /** How many chunks a file has (`chunkRows(fileId).length`, without reading them). */
  async chunkCount(fileId: string): Promise<number> {
    return Number((await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM rag_chunks WHERE file_id = ?', [fileId]))?.n ?? 0);
  }

  async chunkPage(row: FileRow, limit: number, offset: number) {
    const total = await this.chunkCount(row.id);
    const rows = await this.deps.storage.all<ChunkRow>('SELECT * FROM rag_chunks WHERE file_id = ? ORDER BY position LIMIT ? OFFSET ?', [row.id, limit, offset]);
    return {
      fileId: row.id,
      chunks: rows.map((c) => ({ _id: c.id, fileId: c.file_id, index: Number(c.position), content: c.content, tokenCount: Number(c.token_count), heading: c.heading })),
      pagination: { total, limit, offset, hasMore: offset + rows.length < total },
    };
  }

  /** Chunks of a target's searchable files: what its vector index holds. */
  async searchableChunks(targetId: string): Promise<{ id: string; content: string }[]> {
    return this.deps.storage.all<{ id: string; content: string }>(
      `SELECT c.id, c.content FROM rag_chunks c JOIN rag_files f ON f.id = c.file_id
       WHERE c.target_id = ? AND f.queryable = 1 AND f.status = 'completed' ORDER BY c.file_seq, c.position`,
      [targetId],
    );
  }

  async chunksByIds(ids: string[]): Promise<Map<string, ChunkRow & { title: string; original_name: string; source_url: string | null; file_type: string }>> {
    const out = new Map<string, ChunkRow & { title: string; original_name: string; source_url: string | null; file_type: string }>();
    if (ids.length === 0) return out;
    const rows = await this.deps.storage.all<ChunkRow & { title: string; original_name: string; source_url: string | null; file_type: string }>(
      `SELECT c.*, f.title, f.original_name, f.source_url, f.file_type FROM rag_chunks c JOIN rag_files f ON f.id = c.file_id
       WHERE c.id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) out.set(row.id, row);
    return out;
  }

  async deleteAllOfTarget(targetId: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM rag_chunks WHERE target_id = ?', [targetId]);
    await this.deps.storage.run('DELETE FROM rag_files WHERE target_id = ?', [targetId]);
  }

  /** A copy of a file in another target, pending (migrate); the bytes are shared by value. */
  async copyTo(row: FileRow, targetId: string, chunkingTool: ChunkingTool | undefined, actor: Actor): Promise<FileRow> {
    return this.insert(
      {
        workspaceId: row.workspace_id,
        targetId,
        title: row.title,
        description: row.description,
        originalName: row.original_name,
        fileType: row.file_type,
        mimeType: row.mime_type,
        sizeBytes: Number(row.size_bytes),
        chunkingTool: chunkingTool ?? (row.chunking_tool as ChunkingTool),
        options: parseJson<FileOptions>(row.options, {}),
        ...(row.source_url !== null && { sourceUrl: row.source_url }),
        ...(row.file_key !== null && { fileKey: row.file_key }),
        raw: row.raw,
      },
      actor,
    );
  }

  /** A copy of a file in another target with its text, chunks and state, no re-ingest (fork); an unfinished file is copied pending, for the caller's pipeline. */
  async forkTo(row: FileRow, targetId: string, actor: Actor): Promise<{ copy: FileRow; ready: boolean }> {
    const copy = await this.copyTo(row, targetId, undefined, actor);
    if (row.status !== 'completed') return { copy, ready: false };
    await this.deps.storage.run(
      `UPDATE rag_files SET status = ?, error = ?, text = ?, chunks_count = ?, document_metadata = ?, raw_file_key = ?, updated_at = ? WHERE id = ?`,
      [row.status, row.error, row.text, row.chunks_count, row.document_metadata, row.raw_file_key, this.deps.clock.now(), copy.id],
    );
    const forked = (await this.rowById(copy.id)) as FileRow;
    const chunks = await this.chunkRows(row.id);
    await this.insertChunks(forked, chunks.map((c) => ({ content: c.content, tokenCount: Number(c.token_count), heading: c.heading })));
    if (row.queryable === 1) await this.setQueryable(forked, true);
    return { copy: (await this.rowById(copy.id)) as FileRow, ready: true };
  }

  /** A page of a whole target's chunks, by file and position, with the file each came from. */
  async targetChunkPage(targetId: string, offset: number, length: number) {
    const counts = await this.deps.storage.get<{ n: number; docs: number }>('SELECT COUNT(*) AS n, COUNT(DISTINCT file_id) AS docs FROM rag_chunks WHERE target_id = ?', [targetId]);
    const rows = await this.deps.storage.all<ChunkRow & { title: string; original_name: string; source_url: string | null }>(
      `SELECT c.*, f.title, f.original_name, f.source_url FROM rag_chunks c JOIN rag_files f ON f.id = c.file_id
       WHERE c.target_id = ? ORDER BY c.file_seq, c.position LIMIT ? OFFSET ?`, [targetId, length, offset]);
    return {
      page: rows.map((c) => ({
        _id: c.id,
        text: c.content,
        index: Number(c.position),
        tokenCount: Number(c.token_count),
        heading: c.heading,
        docSource: { _id: c.file_id, title: c.title, originalName: c.original_name, ...(c.source_url !== null && { sourceUrl: c.source_url }) },
      })),
      total: Number(counts?.n ?? 0),
      sourceDocCount: Number(counts?.docs ?? 0),
      offset,
      length,
    };
  }

  /** Every file of every workspace, without its bytes, text or options: what the pipeline view shows. */
  async pipelineRows(): Promise<PipelineRow[]> {
    return this.deps.storage.all<PipelineRow>(
      `SELECT id, workspace_id, target_id, title, original_name, status, error, chunks_count, queryable, queryable_at, run_id, updated_at
       FROM rag_files ORDER BY workspace_id, seq`,
    );
  }

  async filesOfTarget(targetId: string): Promise<FileRow[]> {
    return this.deps.storage.all<FileRow>('SELECT * FROM rag_files WHERE target_id = ? ORDER BY seq', [targetId]);
  }
}
