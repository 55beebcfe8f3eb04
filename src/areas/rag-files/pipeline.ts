// The indexing pipeline, a state machine driven by the emulator clock: pending → processing →
// chunking → embedding → completed (or error), each step a scheduled job; then, after a consistency
// delay drawn per file from the seed, the file's vectors become searchable. Every step writes an
// event to the target's log.
import type { JobHandlers } from '../../clock/scheduler.js';
import type { ServiceEvent } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { deriveSeed } from '../../seed/random.js';
import { SYSTEM, type Actor, type RagEvents } from '../rag-targets/public.js';
import type { RagTargetStore, TargetRow } from '../rag-targets/public.js';
import { base64ToBytes } from './base64.js';
import { chunkText, type ChunkOptions, type TextChunk } from './parsing/chunker.js';
import { clean } from './parsing/clean.js';
import { offloaded, parseOffload } from './parsing/offload.js';
import { CHUNKS, TEXTS } from './parsing/parse-memos.js';
import { ParseError, extractText, type FileKind } from './parsing/parse.js';
import type { RagDocumentStatus } from '../../types/rag.js';
import type { ChunkingTool } from './schema.js';
import type { FileOptions, FileRow, RagFileStore } from './store.js';

export const JOB_STEP = 'rag.index-step';
export const JOB_VISIBLE = 'rag.vectors-visible';

export interface IndexingSettings {
  stageMs: number;
  consistencyMs: [number, number];
}

type Step = 'processing' | 'chunking' | 'embedding' | 'completed';

const NEXT: Record<Step, Step | null> = { processing: 'chunking', chunking: 'embedding', embedding: 'completed', completed: null };

export { CLEANERS } from './parsing/clean.js';

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

/** The first date written in a text (ISO or "March 4, 2025"), as YYYY-MM-DD. */
export function findPublishedDate(text: string): string | undefined {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso && !Number.isNaN(Date.parse(iso[0]))) return iso[0];
  const long = new RegExp(`\\b(${MONTHS}) (\\d{1,2}), (\\d{4})\\b`).exec(text);
  if (!long) return undefined;
  const month = MONTHS.split('|').indexOf(long[1]!) + 1;
  return `${long[3]}-${String(month).padStart(2, '0')}-${long[2]!.padStart(2, '0')}`;
}

/** Where one file stands: its document status, or `searchable` once its vectors are visible. */
export interface RagFileState {
  workspaceId: string;
  targetId: string;
  targetTitle: string | null;
  fileId: string;
  title: string;
  originalName: string;
  status: RagDocumentStatus;
  state: RagDocumentStatus | 'searchable';
  chunksCount: number | null;
  error: string | null;
  /** When the vectors became (or, once completed, will become) searchable; null while unknown. */
  searchableAt: string | null;
  updatedAt: string;
}

export class RagPipeline {
  constructor(
    private readonly deps: StoreDeps,
    private readonly files: RagFileStore,
    private readonly targets: RagTargetStore,
    private readonly events: RagEvents,
    private readonly settings: () => IndexingSettings,
    /** Raises service events (`rag.file.indexed` / `rag.file.failed`) on the world's hub. */
    private readonly raise: (event: ServiceEvent) => Promise<void> = async () => undefined,
  ) {}

  jobs(): JobHandlers {
    return {
      [JOB_STEP]: (payload) => this.step(String(payload.fileId), String(payload.runId), payload.step as Step),
      [JOB_VISIBLE]: (payload) => this.visible(String(payload.fileId), String(payload.runId)),
    };
  }

  /** Every file of every workspace in the pipeline; a completed file's visibility job says when it turns searchable. */
  async states(): Promise<RagFileState[]> {
    const rows = await this.files.pipelineRows();
    const titles = await this.targets.titles([...new Set(rows.map((r) => r.target_id))]);
    const due = new Map<string, number>();
    for (const job of await this.deps.scheduler.scheduled(JOB_VISIBLE)) {
      const key = `${String(job.payload.fileId)}\u0000${String(job.payload.runId)}`;
      if (!due.has(key)) due.set(key, job.runAt);
    }
    return rows.map((row) => {
      const searchable = row.status === 'completed' && row.queryable === 1;
      const visibleAt = searchable ? row.queryable_at : row.status === 'completed' ? due.get(`${row.id}\u0000${row.run_id}`) : undefined;
      return {
        workspaceId: row.workspace_id,
        targetId: row.target_id,
        targetTitle: titles.get(row.target_id) ?? null,
        fileId: row.id,
        title: row.title,
        originalName: row.original_name,
        status: row.status as RagDocumentStatus,
        state: searchable ? 'searchable' : (row.status as RagDocumentStatus),
        chunksCount: row.chunks_count === null ? null : Number(row.chunks_count),
        error: row.error,
        searchableAt: visibleAt === undefined || visibleAt === null ? null : toIso(Number(visibleAt)),
        updatedAt: toIso(Number(row.updated_at)),
      };
    });
  }

  /** The consistency delay of one file: fixed by the seed and the file id, within the configured range. */
  consistencyDelay(fileId: string): number {
    const [min, max] = this.settings().consistencyMs;
    const low = Math.min(min, max);
    const span = Math.abs(max - min);
    return low + (span === 0 ? 0 : deriveSeed(this.deps.random.seed, `consistency:${fileId}`) % (span + 1));
  }

  private async setStatus(fileId: string, status: string, extra: { error?: string | null; chunksCount?: number | null; text?: string | null } = {}) {
    let sql = 'UPDATE rag_files SET status = ?, updated_at = ?';
    const params: (string | number | null)[] = [status, this.deps.clock.now()];
    if (extra.error !== undefined) {
      sql += ', error = ?';
      params.push(extra.error);
    }
    if (extra.chunksCount !== undefined) {
      sql += ', chunks_count = ?';
      params.push(extra.chunksCount);
    }
    if (extra.text !== undefined) {
      sql += ', text = ?';
      params.push(extra.text);
    }
    await this.deps.storage.run(`${sql} WHERE id = ?`, [...params, fileId]);
  }

  /** (Re)starts a file's indexing from pending; older scheduled steps of the file become no-ops. */
  async start(row: FileRow, actor: Actor, chunkingTool?: ChunkingTool): Promise<void> {
    if (row.queryable === 1) await this.files.setQueryable(row, false);
    await this.files.deleteChunks(row.id);
    const runId = this.deps.ids.objectId();
    await this.deps.storage.run(
      `UPDATE rag_files SET status = 'pending', error = NULL, chunks_count = NULL, text = NULL, run_id = ?, chunking_tool = ?, updated_at = ? WHERE id = ?`,
      [runId, chunkingTool ?? row.chunking_tool, this.deps.clock.now(), row.id],
    );
    await this.events.record(row.target_id, row.id, 'file.reindex_queued', actor, { runId, chunkingTool: chunkingTool ?? row.chunking_tool });
    await this.deps.scheduler.schedule(JOB_STEP, { fileId: row.id, runId, step: 'processing' }, this.settings().stageMs);
    await this.prefetch({ ...row, chunking_tool: chunkingTool ?? row.chunking_tool });
  }

  /** Starts a newly inserted file (its upload event is already written). */
  async begin(row: FileRow): Promise<void> {
    const runId = this.deps.ids.objectId();
    await this.deps.storage.run('UPDATE rag_files SET run_id = ? WHERE id = ?', [runId, row.id]);
    await this.deps.scheduler.schedule(JOB_STEP, { fileId: row.id, runId, step: 'processing' }, this.settings().stageMs);
    await this.prefetch(row);
  }

  /**
   * With an offload installed, starts extracting and chunking the file now, off this thread, so
   * its jobs find both in the memos instead of computing them while they hold the lock. What it
   * computes is what the jobs would (same keys); a failure is left for the job to meet and report.
   */
  private async prefetch(row: FileRow): Promise<void> {
    if (!parseOffload()) return;
    const options = parseJson<FileOptions>(row.options, {});
    const settings = await this.chunkSettings(row);
    const cleaners = options.cleaners ?? ['whitespace'];
    if (options.transcriptError !== undefined) return;
    if (options.transcript === undefined && this.prepareOffloaded(row, cleaners, settings)) return;
    void (async () => {
      const text = clean(options.transcript ?? (await this.rawText(row)), cleaners);
      if (text) await this.chunksOf(text, settings);
    })().catch(() => undefined);
  }

  /**
   * Extraction, cleaning and chunking of an uploaded file in one round trip to the offload; both
   * memos are filled before the work counts as settled (due jobs wait for that, outside the lock).
   */
  private prepareOffloaded(row: FileRow, cleaners: string[], settings: ChunkOptions): boolean {
    const kind = kindOf(row.file_type);
    const work = offloaded(async (offload) => {
      if (!offload.prepare) return undefined;
      const prepared = await offload.prepare(base64ToBytes(row.raw), kind, row.original_name, cleaners, settings);
      const { chunks } = prepared;
      if (chunks) await CHUNKS.get(chunkKey(prepared.text, settings), () => Promise.resolve(chunks));
      return prepared;
    });
    if (!work) return false;
    void TEXTS.get(textKey(kind, row), async () => {
      const prepared = await work;
      // An offload without prepare: the raw text the usual way (the chunks follow in the job).
      return prepared ? prepared.raw : this.extractRaw(row, kind);
    }).catch(() => undefined);
    return true;
  }

  /** The file's extracted text before cleaning (memoised; off this thread when an offload is installed). */
  private rawText(row: FileRow): Promise<string> {
    const kind = kindOf(row.file_type);
    return TEXTS.get(textKey(kind, row), () => this.extractRaw(row, kind));
  }

  private extractRaw(row: FileRow, kind: FileKind | undefined): Promise<string> {
    const bytes = base64ToBytes(row.raw);
    return offloaded((offload) => offload.extract(bytes, kind, row.original_name)) ?? extractText(bytes, kind, row.original_name);
  }

  private async chunkSettings(row: FileRow): Promise<ChunkOptions> {
    const target = (await this.targets.row(row.workspace_id, row.target_id)) as TargetRow;
    const options = parseJson<FileOptions>(row.options, {});
    return {
      tool: row.chunking_tool as ChunkingTool,
      chunkSize: options.chunkSize ?? Number(target.chunk_size),
      chunkOverlap: options.chunkOverlap ?? Number(target.chunk_overlap),
    };
  }

  private chunksOf(text: string, settings: ChunkOptions): Promise<TextChunk[]> {
    return CHUNKS.get(chunkKey(text, settings), () => offloaded((offload) => offload.chunk(text, settings)) ?? chunkText(text, settings));
  }

  private async fail(row: FileRow, message: string): Promise<void> {
    await this.setStatus(row.id, 'error', { error: message });
    await this.events.record(row.target_id, row.id, 'file.failed', SYSTEM, { error: message });
    await this.raise({ workspaceId: row.workspace_id, kind: 'rag.file.failed', data: { fileId: row.id, title: row.title, error: message } });
  }

  /** The file's text: parsed from its bytes (or its transcript), cleaned, with the date found when asked. */
  async readText(row: FileRow): Promise<string> {
    const options = parseJson<FileOptions>(row.options, {});
    if (options.transcriptError !== undefined) throw new ParseError(options.transcriptError);
    const raw = options.transcript ?? (await this.rawText(row));
    const text = clean(raw, options.cleaners ?? ['whitespace']);
    if (!text) throw new ParseError('File contains no text once cleaned');
    if (options.extractPublishedDate) {
      const date = findPublishedDate(text);
      const metadata = { ...parseJson<Record<string, unknown>>(row.document_metadata, {}), ...(date && { publishedDate: date }) };
      await this.deps.storage.run('UPDATE rag_files SET document_metadata = ? WHERE id = ?', [JSON.stringify(metadata), row.id]);
    }
    return text;
  }

  async chunk(row: FileRow, text: string): Promise<number> {
    const chunks = await this.chunksOf(text, await this.chunkSettings(row));
    await this.files.deleteChunks(row.id);
    await this.files.insertChunks(row, chunks);
    return chunks.length;
  }

  private async step(fileId: string, runId: string, step: Step): Promise<void> {
    const row = await this.files.rowById(fileId);
    if (!row || row.run_id !== runId) return;
    await this.setStatus(fileId, step);
    try {
      switch (step) {
        case 'processing': {
          const text = await this.readText(row);
          await this.setStatus(fileId, step, { text });
          await this.events.record(row.target_id, fileId, 'file.processing', SYSTEM, { characters: text.length });
          break;
        }
        case 'chunking': {
          const chunks = await this.chunk(row, row.text ?? (await this.readText(row)));
          await this.events.record(row.target_id, fileId, 'file.chunking', SYSTEM, { chunks, chunkingTool: row.chunking_tool });
          break;
        }
        case 'embedding':
          await this.events.record(row.target_id, fileId, 'file.embedding', SYSTEM, { chunks: await this.files.chunkCount(fileId) });
          break;
        case 'completed': {
          const chunks = await this.files.chunkCount(fileId);
          const delay = this.consistencyDelay(fileId);
          await this.setStatus(fileId, 'completed', { chunksCount: chunks });
          await this.events.record(row.target_id, fileId, 'file.completed', SYSTEM, { chunks, searchableAfterMs: delay });
          await this.deps.scheduler.schedule(JOB_VISIBLE, { fileId, runId }, delay);
          return;
        }
        default: {
          const never: never = step;
          throw new Error(`unknown step ${String(never)}`);
        }
      }
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      await this.fail(row, err.message);
      return;
    }
    const next = NEXT[step];
    if (next) await this.deps.scheduler.schedule(JOB_STEP, { fileId, runId, step: next }, this.settings().stageMs);
  }

  private async visible(fileId: string, runId: string): Promise<void> {
    const row = await this.files.rowById(fileId);
    if (!row || row.run_id !== runId || row.status !== 'completed' || row.queryable === 1) return;
    await this.files.setQueryable(row, true);
    await this.events.record(row.target_id, fileId, 'file.searchable', SYSTEM, { chunks: Number(row.chunks_count ?? 0) });
    await this.raise({ workspaceId: row.workspace_id, kind: 'rag.file.indexed', data: { fileId, title: row.title, vectorIds: [row.target_id] } });
  }

  /**
   * Puts a scenario file straight into a state, without waiting: the steps it has passed are done
   * now (and logged as backfill), the rest are scheduled as usual.
   */
  async placeInState(row: FileRow, state: 'pending' | 'processing' | 'completed' | 'searchable' | 'error', error?: string): Promise<void> {
    const runId = this.deps.ids.objectId();
    await this.deps.storage.run('UPDATE rag_files SET run_id = ? WHERE id = ?', [runId, row.id]);
    const current = (await this.files.rowById(row.id)) as FileRow;
    const { stageMs } = this.settings();
    const backfill = { backfill: true };
    switch (state) {
      case 'pending':
        await this.deps.scheduler.schedule(JOB_STEP, { fileId: row.id, runId, step: 'processing' }, stageMs);
        return;
      case 'processing': {
        await this.setStatus(row.id, 'processing');
        await this.events.record(row.target_id, row.id, 'file.processing', SYSTEM, {}, backfill);
        await this.deps.scheduler.schedule(JOB_STEP, { fileId: row.id, runId, step: 'chunking' }, stageMs);
        return;
      }
      case 'error': {
        const message = error ?? 'Indexing failed';
        await this.setStatus(row.id, 'error', { error: message });
        await this.events.record(row.target_id, row.id, 'file.failed', SYSTEM, { error: message }, backfill);
        return;
      }
      case 'completed':
      case 'searchable': {
        let chunks: number;
        try {
          const text = await this.readText(current);
          await this.setStatus(row.id, 'processing', { text });
          chunks = await this.chunk(current, text);
        } catch (err) {
          if (!(err instanceof ParseError)) throw err;
          await this.fail(current, err.message);
          return;
        }
        await this.setStatus(row.id, 'completed', { chunksCount: chunks });
        await this.events.record(row.target_id, row.id, 'file.completed', SYSTEM, { chunks }, backfill);
        if (state === 'searchable') {
          await this.files.setQueryable((await this.files.rowById(row.id)) as FileRow, true);
          await this.events.record(row.target_id, row.id, 'file.searchable', SYSTEM, { chunks }, backfill);
        } else {
          await this.deps.scheduler.schedule(JOB_VISIBLE, { fileId: row.id, runId }, this.consistencyDelay(row.id));
        }
        return;
      }
      default: {
        const never: never = state;
        throw new Error(`unknown state ${String(never)}`);
      }
    }
  }
}

/** The extraction memo's key: the same bytes, kind and name give the same text. */
function textKey(kind: FileKind | undefined, row: FileRow): string {
  return `${kind}\u0000${row.original_name}\u0000${row.raw}`;
}

/** The chunking memo's key. */
function chunkKey(text: string, settings: ChunkOptions): string {
  return `${settings.tool}\u0000${settings.chunkSize}\u0000${settings.chunkOverlap}\u0000${text}`;
}

function kindOf(fileType: string): FileKind | undefined {
  switch (fileType) {
    case 'text':
    case 'markdown':
    case 'html':
    case 'pdf':
    case 'docx':
    case 'audio':
      return fileType;
    default:
      return undefined;
  }
}
