// RAG targets (vector indexes) and groups of them, scoped to a workspace. Each target row carries
// the version of its searchable vector set, which the in-memory indexes follow.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { ChunkingTool, CreateTargetInput, PatchTargetInput, TargetRecord, VectorIndexTool } from './schema.js';
import { TARGET_DEFAULTS } from './schema.js';

export interface TargetRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  title: string;
  description: string | null;
  vector_index_tool: string;
  embedding_model: string;
  chunking_tool: string;
  chunk_size: number;
  chunk_overlap: number;
  context_per_message: number;
  minimum_similarity: number;
  settings: string;
  status: string;
  index_version: string;
  created_at: number;
  updated_at: number;
}

export interface GroupRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  name: string;
  target_ids: string;
  created_at: number;
}

export interface GroupInfo {
  id: string;
  name: string;
  targetIds: string[];
  createdAt: number;
}

function groupInfo(row: GroupRow): GroupInfo {
  return { id: row.id, name: row.name, targetIds: parseJson<string[]>(row.target_ids, []), createdAt: Number(row.created_at) };
}

export interface NewTarget extends Partial<Omit<CreateTargetInput, 'title'>> {
  title: string;
  id?: string;
  createdAt?: number;
}

export class RagTargetStore {
  constructor(private readonly deps: StoreDeps) {}

  async row(workspaceId: string, id: string): Promise<TargetRow | undefined> {
    return this.deps.storage.get<TargetRow>('SELECT * FROM rag_targets WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  async rows(workspaceId: string): Promise<TargetRow[]> {
    return this.deps.storage.all<TargetRow>('SELECT * FROM rag_targets WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
  }

  async titles(ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (ids.length === 0) return out;
    const rows = await this.deps.storage.all<{ id: string; title: string }>(
      `SELECT id, title FROM rag_targets WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) out.set(row.id, row.title);
    return out;
  }

  async create(workspaceId: string, input: NewTarget): Promise<TargetRow> {
    const now = input.createdAt ?? this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM rag_targets');
    await this.deps.storage.run(
      `INSERT INTO rag_targets (id, seq, workspace_id, title, description, vector_index_tool, embedding_model, chunking_tool,
         chunk_size, chunk_overlap, context_per_message, minimum_similarity, settings, status, index_version, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', 'active', ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.title,
        input.description ?? null,
        input.vectorIndexTool ?? TARGET_DEFAULTS.vectorIndexTool,
        input.embeddingModel ?? TARGET_DEFAULTS.embeddingModel,
        input.chunkingTool ?? TARGET_DEFAULTS.chunkingTool,
        input.chunkSize ?? TARGET_DEFAULTS.chunkSize,
        input.chunkOverlap ?? Math.min(TARGET_DEFAULTS.chunkOverlap, Math.floor((input.chunkSize ?? TARGET_DEFAULTS.chunkSize) / 4)),
        input.contextPerMessage ?? TARGET_DEFAULTS.contextPerMessage,
        input.minimumSimilarity ?? TARGET_DEFAULTS.minimumSimilarity,
        `v0-${id}`,
        now,
        now,
      ],
    );
    return (await this.row(workspaceId, id)) as TargetRow;
  }

  async patch(row: TargetRow, input: PatchTargetInput): Promise<TargetRow> {
    await this.deps.storage.run(
      `UPDATE rag_targets SET title = ?, description = ?, minimum_similarity = ?, context_per_message = ?, embedding_model = ?, updated_at = ?
       WHERE id = ?`,
      [
        input.title ?? row.title,
        input.description ?? row.description,
        input.minimumSimilarity ?? Number(row.minimum_similarity),
        input.contextPerMessage ?? Number(row.context_per_message),
        input.embeddingModel ?? row.embedding_model,
        this.deps.clock.now(),
        row.id,
      ],
    );
    return (await this.row(row.workspace_id, row.id)) as TargetRow;
  }

  /**
   * Merges keys into the target's free-form settings (the workspace mount's `authKey` and reported
   * `chunkCount`): shown on the record beside the columns.
   */
  async setSettings(row: TargetRow, patch: Record<string, unknown>): Promise<TargetRow> {
    const settings = { ...parseJson<Record<string, unknown>>(row.settings, {}), ...patch };
    await this.deps.storage.run('UPDATE rag_targets SET settings = ?, updated_at = ? WHERE id = ?', [JSON.stringify(settings), this.deps.clock.now(), row.id]);
    return (await this.row(row.workspace_id, row.id)) as TargetRow;
  }

  /** Gives the target a new vector-set version; the caller tells the indexes what changed. */
  async bumpVersion(targetId: string): Promise<{ from: string; to: string }> {
    const row = await this.deps.storage.get<{ index_version: string }>('SELECT index_version FROM rag_targets WHERE id = ?', [targetId]);
    const from = row?.index_version ?? '';
    const to = this.deps.ids.objectId();
    await this.deps.storage.run('UPDATE rag_targets SET index_version = ? WHERE id = ?', [to, targetId]);
    return { from, to };
  }

  async delete(targetId: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM rag_targets WHERE id = ?', [targetId]);
    await this.deps.storage.run('DELETE FROM rag_target_files WHERE target_id = ?', [targetId]);
    const groups = await this.deps.storage.all<GroupRow>('SELECT * FROM rag_groups');
    for (const group of groups) {
      const ids = parseJson<string[]>(group.target_ids, []);
      if (ids.includes(targetId)) {
        await this.deps.storage.run('UPDATE rag_groups SET target_ids = ? WHERE id = ?', [JSON.stringify(ids.filter((i) => i !== targetId)), group.id]);
      }
    }
  }

  /** Adds a reference from the target to a file id (which need not exist: ghost references). */
  async link(targetId: string, fileId: string, at = this.deps.clock.now()): Promise<void> {
    await this.deps.storage.run('INSERT INTO rag_target_files (target_id, file_id, added_at) VALUES (?, ?, ?)', [targetId, fileId, at]);
  }

  async unlinkFile(fileId: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM rag_target_files WHERE file_id = ?', [fileId]);
  }

  /** The file ids a target references that no longer exist. */
  async ghostRefs(targetId: string): Promise<string[]> {
    const rows = await this.deps.storage.all<{ file_id: string }>(
      `SELECT l.file_id FROM rag_target_files l LEFT JOIN rag_files f ON f.id = l.file_id
       WHERE l.target_id = ? AND f.id IS NULL ORDER BY l.added_at, l.file_id`,
      [targetId],
    );
    return rows.map((r) => r.file_id);
  }

  async unlink(targetId: string, fileIds: string[]): Promise<void> {
    for (const fileId of fileIds) await this.deps.storage.run('DELETE FROM rag_target_files WHERE target_id = ? AND file_id = ?', [targetId, fileId]);
  }

  /** The vectors that reference each file: `ragVectors` of the file records. */
  async vectorsOf(fileIds: string[]): Promise<Map<string, { _id: string; title: string }[]>> {
    const out = new Map<string, { _id: string; title: string }[]>();
    if (fileIds.length === 0) return out;
    const rows = await this.deps.storage.all<{ file_id: string; id: string; title: string }>(
      `SELECT l.file_id, t.id, t.title FROM rag_target_files l JOIN rag_targets t ON t.id = l.target_id
       WHERE l.file_id IN (${fileIds.map(() => '?').join(', ')}) ORDER BY t.seq`,
      fileIds,
    );
    for (const row of rows) out.set(row.file_id, [...(out.get(row.file_id) ?? []), { _id: row.id, title: row.title }]);
    return out;
  }

  async record(row: TargetRow): Promise<TargetRecord> {
    const counts = await this.deps.storage.get<{ files: number; chunks: number }>(
      `SELECT COUNT(*) AS files, COALESCE(SUM(COALESCE(chunks_count, 0)), 0) AS chunks FROM rag_files WHERE target_id = ?`,
      [row.id],
    );
    return {
      ...parseJson<Record<string, unknown>>(row.settings, {}),
      _id: row.id,
      title: row.title,
      name: row.title,
      ...(row.description !== null && { description: row.description }),
      vectorIndexTool: row.vector_index_tool as VectorIndexTool,
      embeddingModel: row.embedding_model,
      chunkingTool: row.chunking_tool as ChunkingTool,
      chunkSize: Number(row.chunk_size),
      chunkOverlap: Number(row.chunk_overlap),
      contextPerMessage: Number(row.context_per_message),
      minimumSimilarity: Number(row.minimum_similarity),
      status: row.status as TargetRecord['status'],
      fileCount: Number(counts?.files ?? 0),
      chunkCount: Number(counts?.chunks ?? 0),
      workspaceId: row.workspace_id,
      createdAt: toIso(Number(row.created_at)),
      updatedAt: toIso(Number(row.updated_at)),
    };
  }

  async createGroup(workspaceId: string, group: { id?: string; name: string; targetIds: string[] }): Promise<string> {
    const id = group.id ?? this.deps.ids.objectId();
    await this.deps.storage.run('INSERT INTO rag_groups (id, workspace_id, name, target_ids, created_at) VALUES (?, ?, ?, ?, ?)', [
      id,
      workspaceId,
      group.name,
      JSON.stringify(group.targetIds),
      this.deps.clock.now(),
    ]);
    return id;
  }

  async group(workspaceId: string, id: string): Promise<GroupInfo | undefined> {
    const row = await this.deps.storage.get<GroupRow>('SELECT * FROM rag_groups WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? groupInfo(row) : undefined;
  }

  /** The workspace's groups, oldest first. */
  async groups(workspaceId: string): Promise<GroupInfo[]> {
    const rows = await this.deps.storage.all<GroupRow>('SELECT * FROM rag_groups WHERE workspace_id = ? ORDER BY created_at, id', [workspaceId]);
    return rows.map(groupInfo);
  }

  async updateGroup(group: GroupInfo, patch: { name?: string | undefined; targetIds?: string[] | undefined }): Promise<void> {
    await this.deps.storage.run('UPDATE rag_groups SET name = ?, target_ids = ? WHERE id = ?', [
      patch.name ?? group.name,
      JSON.stringify(patch.targetIds ?? group.targetIds),
      group.id,
    ]);
  }

  async deleteGroup(id: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM rag_groups WHERE id = ?', [id]);
  }
}
