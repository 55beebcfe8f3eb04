// local-sync (REAL-WIRE section 8, demo-pipeline targets/local/src/sync.mjs): a local tool crawls and
// chunks a site itself, then pushes the chunks. init `{host}` answers the host's vector (the same one
// on every run); batch upserts ≤ 100 rows keyed by content hash (a row already there is a no-op);
// finalize stamps the total. Each new row is indexed through the upload pipeline as one document,
// so search and context find it once the pipeline has run.
import type { StoreDeps } from '../../core/services.js';
import { validationError } from '../../core/errors.js';
import type { LocalSyncBatch, LocalSyncFinalize } from '../../types/content-crawl.js';
import { saveUpload, type RagFileServices } from '../rag-files/public.js';
import { targetNotFound, type Actor } from '../rag-targets/public.js';
import type { ChunkingTool } from '../../types/rag.js';
import { sha256Hex } from '../../security/hash.js';

interface VectorRow {
  [column: string]: string | number | null;
  target_id: string;
  workspace_id: string;
  host: string;
  total_chunks: number | null;
  finalized_at: number | null;
}

export class LocalSync {
  constructor(
    private readonly deps: StoreDeps,
    private readonly rag: () => RagFileServices,
  ) {}

  private async vector(workspaceId: string, vectorId: string): Promise<VectorRow> {
    const row = await this.deps.storage.get<VectorRow>('SELECT * FROM local_sync_vectors WHERE target_id = ? AND workspace_id = ?', [vectorId, workspaceId]);
    if (!row || !(await this.rag().targets.row(workspaceId, vectorId))) throw targetNotFound();
    return row;
  }

  async init(workspaceId: string, host: string): Promise<{ vectorId: string; host: string; created: boolean }> {
    const key = host.toLowerCase();
    const { targets } = this.rag();
    for (const row of await this.deps.storage.all<VectorRow>('SELECT * FROM local_sync_vectors WHERE workspace_id = ? AND host = ?', [workspaceId, key])) {
      if (await targets.row(workspaceId, row.target_id)) return { vectorId: row.target_id, host: key, created: false };
    }
    const target = await targets.create(workspaceId, { title: key, description: `Chunks of ${key} pushed by local-sync` });
    await this.deps.storage.run('INSERT INTO local_sync_vectors (target_id, workspace_id, host, total_chunks, finalized_at, created_at) VALUES (?, ?, ?, NULL, NULL, ?)', [
      target.id,
      workspaceId,
      key,
      this.deps.clock.now(),
    ]);
    return { vectorId: target.id, host: key, created: true };
  }

  async batch(workspaceId: string, input: LocalSyncBatch, actor: Actor): Promise<{ vectorId: string; received: number; upserted: number; unchanged: number }> {
    const vector = await this.vector(workspaceId, input.vectorId);
    // Every hash must be the hash of its text: the key is what makes re-sends no-ops.
    const issues = input.rows.flatMap((row, i) => (sha256Hex(row.text) === row.contentHash ? [] : [{ path: `body.rows[${i}].contentHash`, message: 'Not the SHA-256 of the row’s text' }]));
    if (issues.length) throw validationError('Invalid batch', issues);
    const rag = this.rag();
    const target = (await rag.targets.row(workspaceId, vector.target_id))!;
    let upserted = 0;
    let unchanged = 0;
    const seen = new Set<string>();
    for (const row of input.rows) {
      const known = seen.has(row.contentHash) || (await this.deps.storage.get('SELECT file_id FROM local_sync_rows WHERE target_id = ? AND content_hash = ?', [target.id, row.contentHash]));
      seen.add(row.contentHash);
      if (known) {
        unchanged++;
        continue;
      }
      const [file] = await saveUpload(rag.files, rag.pipeline, {
        workspaceId,
        targets: [target],
        title: row.url ? `URL: ${row.url}` : `${vector.host} chunk ${row.contentHash.slice(0, 12)}`,
        description: row.category ?? '',
        chunkingTool: target.chunking_tool as ChunkingTool,
        // The row is already a chunk: its text is indexed as it is, not parsed again.
        options: { transcript: row.text },
        incoming: { filename: `${row.contentHash.slice(0, 16)}.txt`, contentType: 'text/plain', bytes: new TextEncoder().encode(row.text) },
        ...(row.url !== undefined && { sourceUrl: row.url }),
        actor,
      });
      await this.deps.storage.run('INSERT INTO local_sync_rows (target_id, content_hash, workspace_id, file_id, url, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        target.id,
        row.contentHash,
        workspaceId,
        file!.id,
        row.url ?? null,
        this.deps.clock.now(),
      ]);
      upserted++;
    }
    return { vectorId: target.id, received: input.rows.length, upserted, unchanged };
  }

  async finalize(workspaceId: string, input: LocalSyncFinalize): Promise<{ vectorId: string; totalChunks: number; storedChunks: number; finalized: true }> {
    const vector = await this.vector(workspaceId, input.vectorId);
    await this.deps.storage.run('UPDATE local_sync_vectors SET total_chunks = ?, finalized_at = ? WHERE target_id = ?', [input.totalChunks, this.deps.clock.now(), vector.target_id]);
    const stored = await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM local_sync_rows WHERE target_id = ?', [vector.target_id]);
    return { vectorId: vector.target_id, totalChunks: input.totalChunks, storedChunks: Number(stored?.n ?? 0), finalized: true };
  }
}
