// Audio transcripts and their life on the emulator clock: queued -> transcribing (the header is read
// and the audio transcribed) -> completed after a delay that follows the audio's duration, or failed
// with the reason (unreachable URL, unreadable audio). Completion raises `audio.transcribed`.
import { AudioReadError, transcribeAudio, type Transcription } from '../../audio/transcribe.js';
import type { AreaEvents } from '../../core/area.js';
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { AudioFormat, AudioTranscript, AudioTranscriptSegment, AudioTranscriptStatus } from '../../types/audio.js';
import { base64ToBytes, bytesToBase64 } from '../rag-files/public.js';

export const JOB_STEP = 'audio-transcripts.step';
/** Emulator-defined pacing: a moment in the queue, then transcription at four times real time (1 s to 2 min). */
export const QUEUE_MS = 500;
export const transcriptionDelayMs = (durationMs: number) => Math.min(120_000, Math.max(1_000, Math.round(durationMs / 4)));

export interface AudioRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  status: string;
  source_type: string;
  source_ref: string | null;
  filename: string;
  content_type: string;
  size_bytes: number;
  data: string | null;
  fetch_error: string | null;
  language_hint: string | null;
  duration_ms: number | null;
  format: string | null;
  language: string | null;
  text: string | null;
  segments: string | null;
  transcription_source: string | null;
  voice_id: string | null;
  error: string | null;
  rag_files: string;
  run_id: string;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

/** Every column but the audio bytes (lists and reads do not need them). */
const COLUMNS =
  'id, workspace_id, title, status, source_type, source_ref, filename, content_type, size_bytes, fetch_error, language_hint, duration_ms, format, language, text, segments, transcription_source, voice_id, error, rag_files, run_id, created_at, updated_at, completed_at';

export interface NewAudio {
  title: string;
  sourceType: 'upload' | 'url' | 'inline';
  sourceRef?: string;
  filename: string;
  contentType: string;
  /** The audio; absent when fetching it failed (`fetchError` says why). */
  bytes?: Uint8Array;
  fetchError?: string;
  language?: string;
}

function recordOf(row: AudioRow): AudioTranscript {
  const completed = row.status === 'completed';
  const source: AudioTranscript['source'] = { type: row.source_type as AudioTranscript['source']['type'] };
  if (row.source_type === 'upload' && row.source_ref !== null) source.fileKey = row.source_ref;
  if (row.source_type === 'url' && row.source_ref !== null) source.url = row.source_ref;
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    workspaceId: row.workspace_id,
    status: row.status as AudioTranscriptStatus,
    source,
    filename: row.filename,
    contentType: row.content_type,
    fileSizeBytes: Number(row.size_bytes),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    format: parseJson<AudioFormat | null>(row.format, null),
    language: completed ? (row.language_hint ?? row.language) : row.language_hint,
    text: completed ? row.text : null,
    segments: completed ? parseJson<AudioTranscriptSegment[]>(row.segments, []) : [],
    transcriptionSource: completed ? (row.transcription_source as 'embedded' | 'seeded' | null) : null,
    voiceId: completed ? row.voice_id : null,
    error: row.error,
    ragFiles: parseJson<{ fileId: string; vectorId: string }[]>(row.rag_files, []),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
    completedAt: row.completed_at === null ? null : toIso(Number(row.completed_at)),
  };
}

export class AudioTranscriptStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly seed: () => number,
    private readonly events: AreaEvents,
  ) {}

  async create(workspaceId: string, input: NewAudio): Promise<AudioTranscript> {
    const id = this.deps.ids.objectId();
    const runId = this.deps.ids.objectId();
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM audio_transcripts');
    await this.deps.storage.run(
      `INSERT INTO audio_transcripts (id, seq, workspace_id, title, status, source_type, source_ref, filename, content_type, size_bytes, data, fetch_error, language_hint, run_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.title,
        input.sourceType,
        input.sourceRef ?? null,
        input.filename,
        input.contentType,
        input.bytes?.length ?? 0,
        input.bytes ? bytesToBase64(input.bytes) : null,
        input.fetchError ?? null,
        input.language ?? null,
        runId,
        now,
        now,
      ],
    );
    await this.deps.scheduler.schedule(JOB_STEP, { id, runId, step: 'transcribing' }, QUEUE_MS);
    return (await this.get(workspaceId, id)) as AudioTranscript;
  }

  async list(workspaceId: string, status?: AudioTranscriptStatus): Promise<AudioTranscript[]> {
    const rows = await this.deps.storage.all<AudioRow>(
      `SELECT ${COLUMNS} FROM audio_transcripts WHERE workspace_id = ?${status ? ' AND status = ?' : ''} ORDER BY seq`,
      status ? [workspaceId, status] : [workspaceId],
    );
    return rows.map(recordOf);
  }

  async get(workspaceId: string, id: string): Promise<AudioTranscript | undefined> {
    const row = await this.deps.storage.get<AudioRow>(`SELECT ${COLUMNS} FROM audio_transcripts WHERE id = ? AND workspace_id = ?`, [id, workspaceId]);
    return row ? recordOf(row) : undefined;
  }

  /** The record with its audio bytes (generate-rag, voiceprint enrolment). */
  async withAudio(workspaceId: string, id: string): Promise<{ record: AudioTranscript; bytes: Uint8Array } | undefined> {
    const row = await this.deps.storage.get<AudioRow>('SELECT * FROM audio_transcripts WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? { record: recordOf(row), bytes: row.data === null ? new Uint8Array(0) : base64ToBytes(row.data) } : undefined;
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const found = await this.get(workspaceId, id);
    if (!found) return false;
    await this.deps.storage.run('DELETE FROM audio_transcripts WHERE id = ?', [id]);
    return true;
  }

  async addRagFiles(id: string, files: { fileId: string; vectorId: string }[]): Promise<void> {
    const row = await this.deps.storage.get<AudioRow>('SELECT rag_files FROM audio_transcripts WHERE id = ?', [id]);
    const all = [...parseJson<{ fileId: string; vectorId: string }[]>(row?.rag_files ?? '[]', []), ...files];
    await this.deps.storage.run('UPDATE audio_transcripts SET rag_files = ?, updated_at = ? WHERE id = ?', [JSON.stringify(all), this.deps.clock.now(), id]);
  }

  /** The clock job: one step of a transcription (a stale run, or a deleted record, is a no-op). */
  async step(payload: Record<string, unknown>): Promise<void> {
    const row = await this.deps.storage.get<AudioRow>('SELECT * FROM audio_transcripts WHERE id = ?', [String(payload.id)]);
    if (!row || row.run_id !== String(payload.runId)) return;
    const now = this.deps.clock.now();
    if (payload.step === 'transcribing') {
      await this.deps.storage.run(`UPDATE audio_transcripts SET status = 'transcribing', updated_at = ? WHERE id = ?`, [now, row.id]);
      let result: Transcription;
      try {
        if (row.fetch_error !== null) throw new AudioReadError(row.fetch_error);
        result = await transcribeAudio(base64ToBytes(row.data ?? ''), { seed: this.seed(), mimeType: row.content_type, filename: row.filename });
      } catch (err) {
        if (!(err instanceof AudioReadError)) throw err;
        await this.deps.storage.run(`UPDATE audio_transcripts SET status = 'failed', error = ?, updated_at = ? WHERE id = ?`, [err.message, now, row.id]);
        return;
      }
      const { durationMs, format, language, text, segments, source, voiceId } = result;
      await this.deps.storage.run(
        'UPDATE audio_transcripts SET duration_ms = ?, format = ?, language = ?, text = ?, segments = ?, transcription_source = ?, voice_id = ? WHERE id = ?',
        [durationMs, JSON.stringify(format), language, text, JSON.stringify(segments), source, voiceId, row.id],
      );
      await this.deps.scheduler.schedule(JOB_STEP, { id: row.id, runId: row.run_id, step: 'completed' }, transcriptionDelayMs(durationMs));
      return;
    }
    if (payload.step === 'completed' && row.status === 'transcribing') {
      await this.deps.storage.run(`UPDATE audio_transcripts SET status = 'completed', completed_at = ?, updated_at = ? WHERE id = ?`, [now, now, row.id]);
      await this.events.emit({
        workspaceId: row.workspace_id,
        kind: 'audio.transcribed',
        data: { audioId: row.id, title: row.title, durationMs: Number(row.duration_ms), language: row.language_hint ?? row.language, source: row.transcription_source },
        message: `Audio "${row.title}" transcribed`,
      });
    }
  }
}
