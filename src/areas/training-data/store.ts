// Training-data sets and their generation job: queued -> running (one clock step per source, the
// progress rising) -> succeeded | failed. Sources are read through an interface the world gives,
// so this area never reaches into the RAG or transcript stores.
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { TrainingDataSet, TrainingDataStatus, TrainingPair, TrainingSource } from '../../types/model-lifecycle.js';
import { pairsFromConversation, pairsFromDocument } from './generator.js';

export const JOB_STEP = 'training-data.step';
/** Emulator-defined pacing: a queued set starts after QUEUE_MS, then reads one source per STEP_MS. */
export const QUEUE_MS = 1_000;
export const STEP_MS = 2_000;

/** What the world lends this area: the text of its sources, and a way to index a document. */
export interface TrainingSources {
  ragFile(workspaceId: string, fileId: string): Promise<{ id: string; title: string; text: () => Promise<string | undefined> } | undefined>;
  ragFilesOf(workspaceId: string, targetId: string): Promise<{ id: string; title: string }[] | undefined>;
  transcript(workspaceId: string, transcriptId: string): Promise<{ id: string; title: string; messages: { role: string; content: string }[] } | undefined>;
  /** Adds a markdown document to a RAG target and starts its indexing; undefined when the target is unknown. */
  addRagDocument(workspaceId: string, targetId: string, doc: { title: string; filename: string; text: string; actor: { type: 'apiKey' | 'user' | 'system'; id: string | null } }): Promise<{ fileId: string; status: string } | undefined>;
}

interface SetRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  title: string;
  status: string;
  progress: number;
  sources: string;
  max_pairs: number;
  pair_count: number;
  pairs: string;
  error: string | null;
  run_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  completed_at: number | null;
}

function recordOf(row: SetRow): TrainingDataSet {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    workspaceId: row.workspace_id,
    status: row.status as TrainingDataStatus,
    progress: Number(row.progress),
    sources: parseJson<TrainingSource[]>(row.sources, []),
    maxPairs: Number(row.max_pairs),
    pairCount: Number(row.pair_count),
    ...(row.error !== null && { error: row.error }),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
    ...(row.started_at !== null && { startedAt: toIso(Number(row.started_at)) }),
    ...(row.completed_at !== null && { completedAt: toIso(Number(row.completed_at)) }),
  };
}

export interface NewSet {
  id?: string;
  title: string;
  sources: TrainingSource[];
  maxPairs: number;
  createdBy?: string | null;
  /** Placed straight into a state (scenarios); a fresh set is queued and scheduled. */
  status?: TrainingDataStatus;
  progress?: number;
  pairs?: TrainingPair[];
  error?: string;
}

export class TrainingDataStore {
  constructor(
    private readonly deps: StoreDeps & { seed: () => number },
    private readonly sources: TrainingSources,
  ) {}

  private row(workspaceId: string, id: string): Promise<SetRow | undefined> {
    return this.deps.storage.get<SetRow>('SELECT * FROM training_data WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  async list(workspaceId: string): Promise<TrainingDataSet[]> {
    const rows = await this.deps.storage.all<SetRow>('SELECT * FROM training_data WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(recordOf);
  }

  async get(workspaceId: string, id: string): Promise<TrainingDataSet | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? recordOf(row) : undefined;
  }

  async pairs(workspaceId: string, id: string): Promise<TrainingPair[] | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? parseJson<TrainingPair[]>(row.pairs, []) : undefined;
  }

  async create(workspaceId: string, input: NewSet): Promise<TrainingDataSet> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const status = input.status ?? 'queued';
    const pairs = input.pairs ?? [];
    const finished = status === 'succeeded' || status === 'failed';
    const runId = status === 'queued' || status === 'running' ? this.deps.ids.objectId() : null;
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM training_data');
    await this.deps.storage.run(
      `INSERT INTO training_data (id, seq, workspace_id, title, status, progress, sources, max_pairs, pair_count, pairs, error, run_id,
         created_by, created_at, updated_at, started_at, completed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.title,
        status,
        input.progress ?? (status === 'succeeded' ? 100 : 0),
        JSON.stringify(input.sources),
        input.maxPairs,
        pairs.length,
        JSON.stringify(pairs),
        input.error ?? null,
        runId,
        input.createdBy ?? null,
        now,
        now,
        status === 'queued' ? null : now,
        finished ? now : null,
      ],
    );
    if (status === 'queued') await this.deps.scheduler.schedule(JOB_STEP, { setId: id, runId, index: -1 }, QUEUE_MS);
    if (status === 'running') {
      // A scenario's running set continues from the source its progress has reached.
      const index = Math.min(input.sources.length - 1, Math.floor(((input.progress ?? 0) / 100) * input.sources.length));
      await this.deps.scheduler.schedule(JOB_STEP, { setId: id, runId, index: Math.max(0, index) }, STEP_MS);
    }
    return recordOf((await this.row(workspaceId, id)) as SetRow);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const row = await this.row(workspaceId, id);
    if (!row) return false;
    // Its scheduled steps find no row and do nothing.
    await this.deps.storage.run('DELETE FROM training_data WHERE id = ?', [id]);
    return true;
  }

  /** Copies a finished set into another workspace (fine-tune copy-from carries its data along). */
  async copyTo(fromWorkspace: string, id: string, toWorkspace: string): Promise<TrainingDataSet | undefined> {
    const row = await this.row(fromWorkspace, id);
    if (!row) return undefined;
    const status = row.status === 'succeeded' || row.status === 'failed' ? (row.status as TrainingDataStatus) : 'failed';
    return this.create(toWorkspace, {
      title: row.title,
      sources: parseJson<TrainingSource[]>(row.sources, []),
      maxPairs: Number(row.max_pairs),
      status,
      pairs: parseJson<TrainingPair[]>(row.pairs, []),
      ...(row.error !== null && { error: row.error }),
      ...(status !== row.status && { error: 'Copied before generation finished' }),
    });
  }

  /**
   * A workspace clone carries the sets that succeeded, pairs and all (the pairs are what a set
   * defines); a set still generating, or failed, stays behind: its sources are the source
   * workspace's files and transcripts, which the clone cannot read.
   */
  async cloneWorkspace(fromWorkspace: string, toWorkspace: string): Promise<void> {
    for (const set of await this.list(fromWorkspace)) if (set.status === 'succeeded') await this.copyTo(fromWorkspace, set._id, toWorkspace);
  }

  /**
   * Source set id -> its copy, after `cloneWorkspace` into a new workspace: the clone holds exactly
   * the copied sets, in the source's order (fine-tune's clone hook re-points its jobs with it).
   */
  async clonedIds(fromWorkspace: string, toWorkspace: string): Promise<Map<string, string>> {
    const copied = (await this.list(fromWorkspace)).filter((s) => s.status === 'succeeded');
    const copies = await this.list(toWorkspace);
    return new Map(copied.flatMap((s, i) => (copies[i] ? [[s._id, copies[i]._id] as [string, string]] : [])));
  }

  /** One clock step: index -1 starts the run; each index reads one source; the last one settles it. */
  async step(payload: Record<string, unknown>): Promise<void> {
    const row = await this.deps.storage.get<SetRow>('SELECT * FROM training_data WHERE id = ?', [String(payload.setId)]);
    if (!row || row.run_id !== payload.runId || (row.status !== 'queued' && row.status !== 'running')) return;
    const now = this.deps.clock.now();
    const index = Number(payload.index);
    const sources = parseJson<TrainingSource[]>(row.sources, []);
    if (index < 0) {
      await this.deps.storage.run("UPDATE training_data SET status = 'running', progress = 0, started_at = ?, updated_at = ? WHERE id = ?", [now, now, row.id]);
      await this.deps.scheduler.schedule(JOB_STEP, { setId: row.id, runId: row.run_id, index: 0 }, STEP_MS);
      return;
    }
    const pairs = parseJson<TrainingPair[]>(row.pairs, []);
    const source = sources[index];
    if (source) {
      const read = await this.read(row.workspace_id, source, Number(row.max_pairs) - pairs.length);
      if ('error' in read) return this.settle(row, 'failed', pairs, read.error);
      pairs.push(...read.pairs);
    }
    const done = index + 1;
    if (done < sources.length && pairs.length < Number(row.max_pairs)) {
      await this.deps.storage.run('UPDATE training_data SET progress = ?, pairs = ?, pair_count = ?, updated_at = ? WHERE id = ?', [
        Math.floor((done / sources.length) * 100),
        JSON.stringify(pairs),
        pairs.length,
        now,
        row.id,
      ]);
      await this.deps.scheduler.schedule(JOB_STEP, { setId: row.id, runId: row.run_id, index: done }, STEP_MS);
      return;
    }
    if (pairs.length === 0) return this.settle(row, 'failed', pairs, 'No question/answer pairs could be derived from the sources');
    return this.settle(row, 'succeeded', pairs, null);
  }

  private async settle(row: SetRow, status: 'succeeded' | 'failed', pairs: TrainingPair[], error: string | null): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.storage.run(
      'UPDATE training_data SET status = ?, progress = ?, pairs = ?, pair_count = ?, error = ?, run_id = NULL, updated_at = ?, completed_at = ? WHERE id = ?',
      [status, status === 'succeeded' ? 100 : Number(row.progress), JSON.stringify(pairs), pairs.length, error, now, now, row.id],
    );
  }

  private async read(workspaceId: string, source: TrainingSource, room: number): Promise<{ pairs: TrainingPair[] } | { error: string }> {
    if (source.type === 'transcript') {
      const transcript = await this.sources.transcript(workspaceId, source.id);
      if (!transcript) return { error: `Transcript ${source.id} no longer exists` };
      return { pairs: pairsFromConversation(source, transcript.messages, room) };
    }
    const file = await this.sources.ragFile(workspaceId, source.id);
    if (!file) return { error: `RAG file ${source.id} no longer exists` };
    const text = await file.text();
    if (text === undefined) return { error: `RAG file ${source.id} has no readable text` };
    return { pairs: pairsFromDocument(this.deps.seed(), source, text, room) };
  }
}
