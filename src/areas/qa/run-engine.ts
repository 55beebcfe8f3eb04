// The QA run state machine on the emulator clock: queued -> running (one result per step) ->
// completed, or failed when a release it answers with is gone, or cancelled. Each reply comes from
// the release's own reply generator; the judge scores it against the test's expected answer.
import type { StoreDeps } from '../../core/services.js';
import type { QaArenaVariant, QaResult } from '../../types/qa.js';
import { judge } from './judge.js';
import type { QaPorts } from './ports.js';
import { isTerminal, itemsOf, type QaRunStore, type RunRecord } from './run-store.js';

/** The clock job that moves runs along. */
export const RUN_STEP_JOB = 'qa.run-step';
/** From created to running. */
export const QUEUE_DELAY_MS = 1_000;
/** Per result (one test answered by one release, or by every variant of an arena). */
export const STEP_MS = 2_000;

export class QaRunEngine {
  constructor(
    private readonly deps: StoreDeps,
    private readonly runs: QaRunStore,
    private readonly ports: QaPorts,
  ) {}

  /** Stores a new run and schedules its first step. */
  async start(run: RunRecord): Promise<void> {
    await this.runs.insert(run);
    if (!isTerminal(run.status)) await this.deps.scheduler.schedule(RUN_STEP_JOB, { runId: run.id }, run.status === 'queued' ? QUEUE_DELAY_MS : STEP_MS);
  }

  /** One tick of a run; a cancelled or finished run ignores the job. */
  async step(runId: string): Promise<void> {
    const run = await this.runs.byId(runId);
    if (!run || isTerminal(run.status)) return;
    const now = this.deps.clock.now();
    run.updatedAt = now;
    if (run.status === 'queued') {
      run.status = 'running';
      run.startedAt = now;
    } else {
      await this.advance(run);
    }
    await this.runs.save(run);
    if (!isTerminal(run.status)) await this.deps.scheduler.schedule(RUN_STEP_JOB, { runId }, STEP_MS);
    else if (run.status === 'completed' || run.status === 'failed') {
      const passed = run.results.filter((r) => r.passed).length;
      await this.ports.raise?.({
        workspaceId: run.workspaceId,
        kind: 'qa.run.finished',
        data: { runId, suiteId: run.suiteId, kind: run.kind, status: run.status, results: run.results.length, passed },
      });
    }
  }

  /** Adds the next result (or fails the run); completes it after the last. Also used by scenario loads. */
  async advance(run: RunRecord): Promise<void> {
    const index = run.results.length;
    if (run.plannedFailure && index >= run.plannedFailure.after) {
      run.status = 'failed';
      run.error = { code: 'RUN_FAILED', message: run.plannedFailure.message };
      run.completedAt = this.deps.clock.now();
      delete run.plannedFailure;
      return;
    }
    const total = itemsOf(run);
    if (index < total) {
      const result = run.kind === 'arena' ? await this.arenaItem(run, index) : await this.singleItem(run, index);
      if ('missing' in result) {
        run.status = 'failed';
        run.error = { code: 'RELEASE_NOT_FOUND', message: `Release ${result.missing} is no longer in the workspace` };
        run.completedAt = this.deps.clock.now();
        return;
      }
      run.results.push(result);
    }
    if (run.results.length >= total) {
      run.status = 'completed';
      run.completedAt = this.deps.clock.now();
    }
  }

  private async singleItem(run: RunRecord, index: number): Promise<QaResult | { missing: string }> {
    const perRelease = run.tests.length;
    const releaseId = run.releaseIds[Math.floor(index / perRelease)] as string;
    const test = run.tests[index % perRelease] as RunRecord['tests'][number];
    if (!(await this.ports.replies.release(run.workspaceId, releaseId))) return { missing: releaseId };
    const outcome = await this.ports.replies.reply(run.workspaceId, releaseId, test.question);
    const base = {
      _id: this.deps.ids.objectId(),
      testId: test.id,
      question: test.question,
      expectedAnswer: test.expectedAnswer,
      releaseId,
      role: 'assistant' as const,
      timestamp: this.deps.clock.iso(),
    };
    if ('error' in outcome) return { ...base, model: null, content: '', score: 0, passed: false, judge: null, usage: null, error: outcome.error };
    return { ...base, ...this.judged(outcome, test, run) };
  }

  /** An answered reply as a result carries it: the model, the text, and the judge's verdict. */
  private judged(outcome: { model: string; text: string; usage: QaResult['usage'] }, test: RunRecord['tests'][number], run: RunRecord) {
    const v = judge(this.ports.terms, outcome.text, test.expectedAnswer, test.criteria, run.passThreshold);
    return {
      model: outcome.model,
      content: outcome.text,
      score: v.score,
      passed: v.passed,
      judge: { precision: v.precision, recall: v.recall, f1: v.f1, criteriaMet: v.criteriaMet },
      usage: outcome.usage,
    };
  }

  private async arenaItem(run: RunRecord, index: number): Promise<QaResult | { missing: string }> {
    const test = run.tests[index] as RunRecord['tests'][number];
    const sides: QaArenaVariant[] = [];
    for (const [i, variant] of run.variants.entries()) {
      if (!(await this.ports.replies.release(run.workspaceId, variant.releaseId))) return { missing: variant.releaseId };
      const outcome = await this.ports.replies.reply(run.workspaceId, variant.releaseId, test.question, variant.model ?? undefined);
      const side = { index: i, label: variant.label, releaseId: variant.releaseId, temperature: variant.temperature };
      if ('error' in outcome) {
        sides.push({ ...side, model: variant.model, content: '', score: 0, passed: false, judge: { precision: 0, recall: 0, f1: 0, criteriaMet: null }, usage: null, error: outcome.error });
        continue;
      }
      sides.push({ ...side, ...this.judged(outcome, test, run) });
    }
    // The judge picks the best-scoring side that answered; ties go to the earlier variant.
    const answered = sides.filter((s) => s.error === undefined);
    const best = answered.reduce<QaArenaVariant | undefined>((a, s) => (a === undefined || s.score > a.score ? s : a), undefined);
    const base = {
      _id: this.deps.ids.objectId(),
      testId: test.id,
      question: test.question,
      expectedAnswer: test.expectedAnswer,
      role: 'assistant' as const,
      timestamp: this.deps.clock.iso(),
      arenaVariants: sides,
      arenaExpectedVariants: run.variants.length,
    };
    if (!best) {
      return { ...base, releaseId: null, model: null, content: '', score: 0, passed: false, judge: null, usage: null, error: 'Every variant failed', arenaStreamingStatus: 'failed' };
    }
    return {
      ...base,
      releaseId: best.releaseId,
      model: best.model,
      content: best.content,
      score: best.score,
      passed: best.passed,
      judge: best.judge,
      usage: best.usage,
      arenaSelectedIndex: best.index,
      arenaStreamingStatus: 'complete',
    };
  }

  /** Stops a queued or running run; its pending step finds it cancelled and does nothing. */
  async cancel(run: RunRecord): Promise<RunRecord> {
    const now = this.deps.clock.now();
    run.status = 'cancelled';
    run.completedAt = now;
    run.updatedAt = now;
    await this.runs.save(run);
    return run;
  }
}
