// Export jobs: queued → running → succeeded (or failed) on the emulator clock; a succeeded job's
// file stays downloadable for DOWNLOAD_TTL_MS.
import type { AreaEvents } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { ExportFormat, ExportJob, ExportKind, IntegrationJobStatus } from '../../types/integrations.js';
import { messageLines, toBase64, toCsv, toJsonl, workspaceFiles, zipOf, type TranscriptFilters } from './render.js';

export const JOB_START = 'export.start';
export const JOB_BUILD = 'export.build';
export const START_DELAY_MS = 500;
export const BUILD_DELAY_MS = 1000;
/** How long a finished export can be downloaded (then 410). */
export const DOWNLOAD_TTL_MS = 24 * 60 * 60 * 1000;

interface ExportRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  kind: string;
  format: string;
  filters: string;
  status: string;
  items: number | null;
  size_bytes: number | null;
  content: string | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
}

const CONTENT_TYPES: Record<ExportFormat, string> = { jsonl: 'application/x-ndjson', csv: 'text/csv; charset=utf-8', zip: 'application/zip' };

export const fileNameOf = (row: { kind: string; format: string; id: string }) => `${row.kind}-${row.id}.${row.format}`;
export const contentTypeOf = (format: string) => CONTENT_TYPES[format as ExportFormat];

function answer(row: ExportRow): ExportJob {
  const done = row.status === 'succeeded';
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    kind: row.kind as ExportKind,
    format: row.format as ExportFormat,
    status: row.status as IntegrationJobStatus,
    workspaceId: row.workspace_id,
    filters: parseJson<Record<string, unknown>>(row.filters, {}),
    fileName: fileNameOf(row),
    contentType: contentTypeOf(row.format),
    ...(row.size_bytes !== null && { sizeBytes: Number(row.size_bytes) }),
    ...(row.items !== null && { items: Number(row.items) }),
    ...(done && { downloadUrl: `/api/v1/export/${row.id}/download` }),
    ...(row.error !== null && { error: row.error }),
    createdAt: toIso(Number(row.created_at)),
    ...(row.finished_at !== null && { finishedAt: toIso(Number(row.finished_at)) }),
    ...(row.expires_at !== null && { expiresAt: toIso(Number(row.expires_at)) }),
  };
}

export interface ExportSources {
  workspace(workspaceId: string): Promise<unknown>;
  releases(workspaceId: string): Promise<unknown[]>;
}

export class ExportStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly events: AreaEvents,
    private readonly sources: ExportSources,
  ) {}

  async create(workspaceId: string, input: { title: string; kind: ExportKind; format: ExportFormat; filters: TranscriptFilters }): Promise<ExportJob> {
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM export_jobs');
    await this.deps.storage.run(
      `INSERT INTO export_jobs (id, seq, workspace_id, title, kind, format, filters, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?)`,
      [id, Number(next?.seq ?? 1), workspaceId, input.title, input.kind, input.format, JSON.stringify(input.filters), this.deps.clock.now()],
    );
    await this.deps.scheduler.schedule(JOB_START, { exportId: id }, START_DELAY_MS);
    return (await this.get(workspaceId, id)) as ExportJob;
  }

  private row(workspaceId: string, id: string): Promise<ExportRow | undefined> {
    return this.deps.storage.get<ExportRow>('SELECT * FROM export_jobs WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  async get(workspaceId: string, id: string): Promise<ExportJob | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? answer(row) : undefined;
  }

  async list(workspaceId: string): Promise<ExportJob[]> {
    const rows = await this.deps.storage.all<ExportRow>(
      'SELECT id, workspace_id, title, kind, format, filters, status, items, size_bytes, NULL AS content, error, created_at, finished_at, expires_at FROM export_jobs WHERE workspace_id = ? ORDER BY seq DESC',
      [workspaceId],
    );
    return rows.map(answer);
  }

  /** The file of a job: its record and bytes (the route decides whether it may be served). */
  async file(workspaceId: string, id: string): Promise<{ job: ExportJob; content: string | null } | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? { job: answer(row), content: row.content } : undefined;
  }

  async start(payload: Record<string, unknown>): Promise<void> {
    const { changes } = await this.deps.storage.run("UPDATE export_jobs SET status = 'running' WHERE id = ? AND status = 'queued'", [String(payload.exportId)]);
    if (changes > 0) await this.deps.scheduler.schedule(JOB_BUILD, { exportId: payload.exportId }, BUILD_DELAY_MS);
  }

  async build(payload: Record<string, unknown>): Promise<void> {
    const row = await this.deps.storage.get<ExportRow>('SELECT * FROM export_jobs WHERE id = ?', [String(payload.exportId)]);
    if (!row || row.status !== 'running') return;
    const now = this.deps.clock.now();
    try {
      await this.produce(row, now);
    } catch (err) {
      // A failure is the job's outcome, not the scheduler's problem.
      const message = err instanceof Error ? err.message : String(err);
      await this.deps.storage.run("UPDATE export_jobs SET status = 'failed', error = ?, finished_at = ? WHERE id = ?", [message, now, row.id]);
      await this.events.emit({ workspaceId: row.workspace_id, kind: 'export.finished', data: { exportId: row.id, kind: row.kind, format: row.format, status: 'failed', error: message }, message: `Export ${row.title} failed` });
    }
  }

  private async produce(row: ExportRow, now: number): Promise<void> {
    const filters = parseJson<TranscriptFilters>(row.filters, {});
    let bytes: Uint8Array;
    let items: number;
    if (row.kind === 'workspace') {
      const files = await workspaceFiles(this.deps.storage, row.workspace_id, await this.sources.workspace(row.workspace_id), await this.sources.releases(row.workspace_id));
      bytes = await zipOf(files, now);
      items = Object.keys(files).length;
    } else {
      const lines = await messageLines(this.deps.storage, row.workspace_id, filters);
      items = lines.length;
      const encode = (text: string) => new TextEncoder().encode(text);
      bytes = row.format === 'csv' ? encode(toCsv(lines)) : row.format === 'jsonl' ? encode(toJsonl(lines)) : await zipOf({ 'transcripts.jsonl': toJsonl(lines), 'transcripts.csv': toCsv(lines) }, now);
    }
    await this.deps.storage.run(
      "UPDATE export_jobs SET status = 'succeeded', items = ?, size_bytes = ?, content = ?, finished_at = ?, expires_at = ? WHERE id = ?",
      [items, bytes.length, toBase64(bytes), now, now + DOWNLOAD_TTL_MS, row.id],
    );
    await this.events.emit({
      workspaceId: row.workspace_id,
      kind: 'export.finished',
      data: { exportId: row.id, kind: row.kind, format: row.format, status: 'succeeded', items, sizeBytes: bytes.length },
      message: `Export ${row.title} is ready`,
    });
  }
}
