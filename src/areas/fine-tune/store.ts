// Fine-tune jobs and their clock-driven life: created -> (start) queued -> validating -> running,
// one step per epoch with a seeded loss -> succeeded (a model id) | failed | cancelled.
import type { ServiceEvent } from '../../core/area.js';
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { FineTuneJob, FineTuneStatus, LossPoint, TrainingPair } from '../../types/model-lifecycle.js';
import { badTransition, fineTuneModelUnavailable } from './errors.js';
import { lossAt } from './loss-curve.js';

export const JOB_STEP = 'fine-tune.step';
/** Emulator-defined pacing on the emulator clock. */
export const QUEUE_MS = 1_000;
export const VALIDATE_MS = 2_000;
export const EPOCH_MS = 60_000;
/** Fewer pairs than this fail validation. */
export const MIN_TRAINING_PAIRS = 10;

/** The training-data sets a job reads (the training-data area's store satisfies it). */
export interface TrainingDataReader {
  get(workspaceId: string, id: string): Promise<{ status: string; pairCount: number } | undefined>;
  pairs(workspaceId: string, id: string): Promise<TrainingPair[] | undefined>;
  copyTo(fromWorkspace: string, id: string, toWorkspace: string): Promise<{ id: string } | undefined>;
  /** After a workspace clone: source set id -> the clone's copy (sets that did not come along are absent). */
  clonedIds(fromWorkspace: string, toWorkspace: string): Promise<Map<string, string>>;
}

interface JobRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  base_model: string;
  training_data_id: string;
  status: string;
  epochs: number;
  epoch: number;
  loss_curve: string;
  trained_pairs: number | null;
  model_id: string | null;
  error_code: string | null;
  error_message: string | null;
  copied_from: string | null;
  run_id: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
}

const ACTIVE = new Set(['queued', 'validating', 'running']);
export const modelIdOf = (baseModel: string, id: string) => `ft:${baseModel}:${id}`;

function recordOf(row: JobRow): FineTuneJob {
  const epochs = Number(row.epochs);
  const epoch = Number(row.epoch);
  const copied = parseJson<{ workspaceId: string; fineTuneId: string } | null>(row.copied_from, null);
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    workspaceId: row.workspace_id,
    baseModel: row.base_model,
    trainingData: row.training_data_id,
    status: row.status as FineTuneStatus,
    hyperparameters: { epochs },
    progress: { epoch, totalEpochs: epochs, percent: row.status === 'succeeded' ? 100 : Math.floor((epoch / epochs) * 100) },
    lossCurve: parseJson<LossPoint[]>(row.loss_curve, []),
    ...(row.trained_pairs !== null && { trainedPairs: Number(row.trained_pairs) }),
    fineTunedModel: row.model_id,
    ...(row.error_code !== null && { error: { code: row.error_code, message: row.error_message ?? '' } }),
    ...(copied && { copiedFrom: copied }),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
    ...(row.started_at !== null && { startedAt: toIso(Number(row.started_at)) }),
    ...(row.finished_at !== null && { finishedAt: toIso(Number(row.finished_at)) }),
  };
}

/** A settled job as a new job elsewhere: same state, curve and outcome, pointing at `trainingData`. */
function settledCopyOf(row: JobRow, fromWorkspace: string, trainingData: string): NewJob {
  return {
    title: row.title,
    baseModel: row.base_model,
    trainingData,
    epochs: Number(row.epochs),
    status: row.status as FineTuneStatus,
    epoch: Number(row.epoch),
    lossCurve: parseJson<LossPoint[]>(row.loss_curve, []),
    ...(row.trained_pairs !== null && { trainedPairs: Number(row.trained_pairs) }),
    ...(row.error_code !== null && { error: { code: row.error_code, message: row.error_message ?? '' } }),
    copiedFrom: { workspaceId: fromWorkspace, fineTuneId: row.id },
  };
}

export interface NewJob {
  id?: string;
  title?: string;
  baseModel: string;
  trainingData: string;
  epochs: number;
  /** Scenario placement: any state; a running job continues from `epoch`. */
  status?: FineTuneStatus;
  epoch?: number;
  error?: { code: string; message: string };
  copiedFrom?: { workspaceId: string; fineTuneId: string };
  lossCurve?: LossPoint[];
  trainedPairs?: number;
}

export class FineTuneStore {
  constructor(
    private readonly deps: StoreDeps & { seed: () => number; raise?: (event: ServiceEvent) => Promise<void> },
    private readonly data: TrainingDataReader,
  ) {}

  /** Raises `fine-tune.finished` (the notifications area listens). */
  private async finished(row: JobRow, status: 'succeeded' | 'failed', extra: Record<string, unknown>): Promise<void> {
    await this.deps.raise?.({ workspaceId: row.workspace_id, kind: 'fine-tune.finished', data: { fineTuneId: row.id, status, baseModel: row.base_model, ...extra } });
  }

  private row(workspaceId: string, id: string): Promise<JobRow | undefined> {
    return this.deps.storage.get<JobRow>('SELECT * FROM fine_tunes WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  async list(workspaceId: string): Promise<FineTuneJob[]> {
    return (await this.deps.storage.all<JobRow>('SELECT * FROM fine_tunes WHERE workspace_id = ? ORDER BY seq', [workspaceId])).map(recordOf);
  }

  async get(workspaceId: string, id: string): Promise<FineTuneJob | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? recordOf(row) : undefined;
  }

  private curve(id: string, upTo: number): LossPoint[] {
    return Array.from({ length: upTo }, (_, i) => ({ epoch: i + 1, loss: lossAt(this.deps.seed(), id, i + 1) }));
  }

  async create(workspaceId: string, input: NewJob): Promise<FineTuneJob> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const status = input.status ?? 'created';
    const epoch = status === 'succeeded' ? input.epochs : Math.min(input.epoch ?? 0, input.epochs);
    const active = ACTIVE.has(status);
    const runId = active ? this.deps.ids.objectId() : null;
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM fine_tunes');
    await this.deps.storage.run(
      `INSERT INTO fine_tunes (id, seq, workspace_id, title, base_model, training_data_id, status, epochs, epoch, loss_curve, trained_pairs,
         model_id, error_code, error_message, copied_from, run_id, created_at, updated_at, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.title ?? `${input.baseModel} fine-tune`,
        input.baseModel,
        input.trainingData,
        status,
        input.epochs,
        epoch,
        JSON.stringify(input.lossCurve ?? this.curve(id, epoch)),
        input.trainedPairs ?? null,
        status === 'succeeded' ? modelIdOf(input.baseModel, id) : null,
        input.error?.code ?? (status === 'failed' ? 'training_failed' : null),
        input.error?.message ?? (status === 'failed' ? 'Training failed' : null),
        input.copiedFrom ? JSON.stringify(input.copiedFrom) : null,
        runId,
        now,
        now,
        status === 'running' || status === 'succeeded' ? now : null,
        status === 'succeeded' || status === 'failed' || status === 'cancelled' ? now : null,
      ],
    );
    if (status === 'queued') await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId, phase: 'validate' }, QUEUE_MS);
    if (status === 'validating') await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId, phase: 'check' }, VALIDATE_MS);
    if (status === 'running') await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId, phase: 'epoch', epoch: epoch + 1 }, EPOCH_MS);
    return recordOf((await this.row(workspaceId, id)) as JobRow);
  }

  async start(workspaceId: string, id: string): Promise<FineTuneJob | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    if (row.status !== 'created') throw badTransition(id, row.status, 'start');
    const runId = this.deps.ids.objectId();
    await this.deps.storage.run("UPDATE fine_tunes SET status = 'queued', run_id = ?, updated_at = ? WHERE id = ?", [runId, this.deps.clock.now(), id]);
    await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId, phase: 'validate' }, QUEUE_MS);
    return this.get(workspaceId, id);
  }

  async cancel(workspaceId: string, id: string): Promise<FineTuneJob | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    if (row.status !== 'created' && !ACTIVE.has(row.status)) throw badTransition(id, row.status, 'be cancelled');
    const now = this.deps.clock.now();
    await this.deps.storage.run("UPDATE fine_tunes SET status = 'cancelled', run_id = NULL, updated_at = ?, finished_at = ? WHERE id = ?", [now, now, id]);
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!(await this.row(workspaceId, id))) return false;
    await this.deps.storage.run('DELETE FROM fine_tunes WHERE id = ?', [id]);
    return true;
  }

  /** Copies a settled job (and its training data) from another workspace; an active one answers 409. */
  async copyFrom(fromWorkspace: string, id: string, toWorkspace: string, title?: string): Promise<FineTuneJob | undefined> {
    const row = await this.row(fromWorkspace, id);
    if (!row) return undefined;
    if (ACTIVE.has(row.status)) throw badTransition(id, row.status, 'be copied until it settles');
    const data = await this.data.copyTo(fromWorkspace, row.training_data_id, toWorkspace);
    return this.create(toWorkspace, { ...settledCopyOf(row, fromWorkspace, data?.id ?? row.training_data_id), ...(title !== undefined && { title }) });
  }

  /**
   * A workspace clone (after training-data's, which copied the succeeded sets): a succeeded job comes
   * along with its trained model (new id, new model id); any other job whose set came along arrives
   * as `created`, its definition without its run (progress, loss curve, error); the rest stay behind.
   */
  async cloneWorkspace(fromWorkspace: string, toWorkspace: string): Promise<void> {
    const sets = await this.data.clonedIds(fromWorkspace, toWorkspace);
    const rows = await this.deps.storage.all<JobRow>('SELECT * FROM fine_tunes WHERE workspace_id = ? ORDER BY seq', [fromWorkspace]);
    for (const row of rows) {
      const data = sets.get(row.training_data_id);
      if (row.status === 'succeeded') await this.create(toWorkspace, settledCopyOf(row, fromWorkspace, data ?? row.training_data_id));
      else if (data !== undefined) await this.create(toWorkspace, { title: row.title, baseModel: row.base_model, trainingData: data, epochs: Number(row.epochs) });
    }
  }

  /** The question/answer pairs a job trained (or will train) on, as QA tests; undefined: no such job. */
  async qaTests(workspaceId: string, id: string, limit: number): Promise<{ job: FineTuneJob; tests: { question: string; expectedAnswer: string }[] } | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    const pairs = (await this.data.pairs(workspaceId, row.training_data_id)) ?? [];
    return { job: recordOf(row), tests: pairs.slice(0, limit).map((p) => ({ question: p.question, expectedAnswer: p.answer })) };
  }

  /**
   * The model a release names (`config.model` `ft:<jobId>`, `ft:<modelId>` or the model id itself)
   * when it can answer; a clear error when it is unknown or not trained yet.
   */
  async resolveModel(workspaceId: string, model: string, strict = true): Promise<{ model: string; baseModel: string } | undefined> {
    const ref = model.startsWith('ft:') ? model.slice(3) : model;
    const row = await this.deps.storage.get<JobRow>(
      'SELECT * FROM fine_tunes WHERE workspace_id = ? AND (id = ? OR model_id = ? OR model_id = ?) ORDER BY seq LIMIT 1',
      [workspaceId, ref, ref, model],
    );
    if (!row) {
      if (!strict) return undefined;
      throw fineTuneModelUnavailable(ref, 'no such fine-tune in this workspace');
    }
    if (row.status !== 'succeeded' || row.model_id === null) throw fineTuneModelUnavailable(ref, `the fine-tune job ${row.id} is ${row.status}, not succeeded`, row.status);
    return { model: row.model_id, baseModel: row.base_model };
  }

  /** One clock step of a job's run; a step of an older run (cancelled, deleted) does nothing. */
  async step(payload: Record<string, unknown>): Promise<void> {
    const row = await this.deps.storage.get<JobRow>('SELECT * FROM fine_tunes WHERE id = ?', [String(payload.jobId)]);
    if (!row || row.run_id !== payload.runId) return;
    const now = this.deps.clock.now();
    const id = row.id;
    switch (payload.phase) {
      case 'validate':
        await this.deps.storage.run("UPDATE fine_tunes SET status = 'validating', updated_at = ? WHERE id = ?", [now, id]);
        await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId: row.run_id, phase: 'check' }, VALIDATE_MS);
        return;
      case 'check': {
        const problem = await this.validate(row);
        if (problem) {
          await this.deps.storage.run(
            "UPDATE fine_tunes SET status = 'failed', error_code = ?, error_message = ?, run_id = NULL, updated_at = ?, finished_at = ? WHERE id = ?",
            [problem.code, problem.message, now, now, id],
          );
          await this.finished(row, 'failed', { error: problem });
          return;
        }
        const set = await this.data.get(row.workspace_id, row.training_data_id);
        await this.deps.storage.run("UPDATE fine_tunes SET status = 'running', epoch = 0, trained_pairs = ?, started_at = ?, updated_at = ? WHERE id = ?", [
          set?.pairCount ?? 0,
          now,
          now,
          id,
        ]);
        await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId: row.run_id, phase: 'epoch', epoch: 1 }, EPOCH_MS);
        return;
      }
      case 'epoch': {
        const epoch = Number(payload.epoch);
        const curve = this.curve(id, epoch);
        if (epoch < Number(row.epochs)) {
          await this.deps.storage.run('UPDATE fine_tunes SET epoch = ?, loss_curve = ?, updated_at = ? WHERE id = ?', [epoch, JSON.stringify(curve), now, id]);
          await this.deps.scheduler.schedule(JOB_STEP, { jobId: id, runId: row.run_id, phase: 'epoch', epoch: epoch + 1 }, EPOCH_MS);
          return;
        }
        await this.deps.storage.run(
          "UPDATE fine_tunes SET status = 'succeeded', epoch = ?, loss_curve = ?, model_id = ?, run_id = NULL, updated_at = ?, finished_at = ? WHERE id = ?",
          [epoch, JSON.stringify(curve), modelIdOf(row.base_model, id), now, now, id],
        );
        await this.finished(row, 'succeeded', { modelId: modelIdOf(row.base_model, id) });
        return;
      }
      default:
        return;
    }
  }

  private async validate(row: JobRow): Promise<{ code: string; message: string } | undefined> {
    const set = await this.data.get(row.workspace_id, row.training_data_id);
    if (!set) return { code: 'training_data_not_found', message: `Training data ${row.training_data_id} does not exist` };
    if (set.status !== 'succeeded') return { code: 'training_data_not_ready', message: `Training data ${row.training_data_id} is ${set.status}, not succeeded` };
    if (set.pairCount < MIN_TRAINING_PAIRS) {
      return {
        code: 'insufficient_training_data',
        message: `Training data ${row.training_data_id} has ${set.pairCount} question/answer pair${set.pairCount === 1 ? '' : 's'}; at least ${MIN_TRAINING_PAIRS} are needed`,
      };
    }
    return undefined;
  }
}
