// QA runs as rows: insert, read, list, state changes, and the answer shape (progress and the
// summary computed from the results, so nothing derived is stored twice).
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { QaReleaseSummary, QaResult, QaRun, QaRunKind, QaRunStatus, QaRunVariant } from '../../types/qa.js';

/** The tests a run answers, copied when it starts: later edits of the suite do not move a run. */
export interface RunTest {
  id: string;
  question: string;
  expectedAnswer: string;
  criteria: string[];
}

export interface RunRecord {
  id: string;
  workspaceId: string;
  suiteId: string;
  kind: QaRunKind;
  title: string;
  status: QaRunStatus;
  releaseIds: string[];
  variants: QaRunVariant[];
  tests: RunTest[];
  passThreshold: number;
  results: QaResult[];
  error: { code: string; message: string } | null;
  /**
   * A scenario's planned failure (`failAfter`): the run fails with `message` once it holds `after`
   * results. Kept in the error column while the run is not finished; never shown in the answer.
   */
  plannedFailure?: { after: number; message: string };
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  updatedAt: number;
}

interface RunRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  suite_id: string;
  kind: string;
  title: string;
  status: string;
  release_ids: string;
  variants: string;
  tests: string;
  pass_threshold: number;
  results: string;
  error: string | null;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  updated_at: number;
}

const num = (v: number | null) => (v === null ? null : Number(v));

/** The error column: the run's error, or while it runs, its planned failure. */
const errorColumn = (run: RunRecord): string | null =>
  run.error !== null ? JSON.stringify(run.error) : run.plannedFailure ? JSON.stringify({ code: 'RUN_FAILED', message: run.plannedFailure.message, failAfter: run.plannedFailure.after }) : null;

function fromRow(row: RunRow): RunRecord {
  const error = parseJson<{ code: string; message: string; failAfter?: number } | null>(row.error, null);
  const planned = error !== null && error.failAfter !== undefined && !isTerminal(row.status as QaRunStatus);
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    suiteId: row.suite_id,
    kind: row.kind as QaRunKind,
    title: row.title,
    status: row.status as QaRunStatus,
    releaseIds: parseJson<string[]>(row.release_ids, []),
    variants: parseJson<QaRunVariant[]>(row.variants, []),
    tests: parseJson<RunTest[]>(row.tests, []),
    passThreshold: Number(row.pass_threshold),
    results: parseJson<QaResult[]>(row.results, []),
    error: planned || error === null ? null : { code: error.code, message: error.message },
    ...(planned && { plannedFailure: { after: Number(error.failAfter), message: error.message } }),
    createdAt: Number(row.created_at),
    startedAt: num(row.started_at),
    completedAt: num(row.completed_at),
    updatedAt: Number(row.updated_at),
  };
}

/** How many steps a run takes: one per test per release, or one per test for an arena (all variants at once). */
export const itemsOf = (run: Pick<RunRecord, 'kind' | 'tests' | 'releaseIds'>): number =>
  run.kind === 'arena' ? run.tests.length : run.tests.length * run.releaseIds.length;

export const isTerminal = (status: QaRunStatus) => status === 'completed' || status === 'failed' || status === 'cancelled';

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);

function byRelease(run: RunRecord): QaReleaseSummary[] {
  if (run.kind === 'arena') {
    return run.variants.map((v, index) => {
      const sides = run.results.flatMap((r) => (r.arenaVariants ?? []).filter((x) => x.index === index));
      return {
        releaseId: v.releaseId,
        label: v.label,
        total: sides.length,
        passed: sides.filter((s) => s.passed).length,
        meanScore: mean(sides.map((s) => s.score)),
        wins: run.results.filter((r) => r.arenaSelectedIndex === index).length,
      };
    });
  }
  return run.releaseIds.map((releaseId) => {
    const mine = run.results.filter((r) => r.releaseId === releaseId);
    return { releaseId, total: mine.length, passed: mine.filter((r) => r.passed).length, meanScore: mean(mine.map((r) => r.score)) };
  });
}

export function runOut(run: RunRecord): QaRun {
  const results = run.results;
  const passed = results.filter((r) => r.passed).length;
  const errored = results.filter((r) => r.error !== undefined).length;
  return {
    _id: run.id,
    title: run.title,
    workspaceId: run.workspaceId,
    suiteId: run.suiteId,
    kind: run.kind,
    status: run.status,
    releaseIds: run.releaseIds,
    variants: run.variants,
    passThreshold: run.passThreshold,
    progress: { completed: results.length, total: itemsOf(run) },
    results,
    summary: isTerminal(run.status)
      ? {
          total: results.length,
          passed,
          failed: results.length - passed - errored,
          errored,
          passRate: results.length ? round(passed / results.length) : 0,
          meanScore: mean(results.map((r) => r.score)),
          byRelease: byRelease(run),
        }
      : null,
    error: run.error,
    createdAt: toIso(run.createdAt),
    startedAt: run.startedAt === null ? null : toIso(run.startedAt),
    completedAt: run.completedAt === null ? null : toIso(run.completedAt),
    updatedAt: toIso(run.updatedAt),
  };
}

export class QaRunStore {
  constructor(private readonly deps: StoreDeps) {}

  async insert(run: RunRecord): Promise<void> {
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM qa_runs');
    await this.deps.storage.run(
      `INSERT INTO qa_runs (id, seq, workspace_id, suite_id, kind, title, status, release_ids, variants, tests, pass_threshold, results, error,
        created_at, started_at, completed_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        run.id,
        Number(next?.seq ?? 1),
        run.workspaceId,
        run.suiteId,
        run.kind,
        run.title,
        run.status,
        JSON.stringify(run.releaseIds),
        JSON.stringify(run.variants),
        JSON.stringify(run.tests),
        run.passThreshold,
        JSON.stringify(run.results),
        errorColumn(run),
        run.createdAt,
        run.startedAt,
        run.completedAt,
        run.updatedAt,
      ],
    );
  }

  /** Writes the changing part of a run: status, results, error and times. */
  async save(run: RunRecord): Promise<void> {
    await this.deps.storage.run('UPDATE qa_runs SET status = ?, results = ?, error = ?, started_at = ?, completed_at = ?, updated_at = ? WHERE id = ?', [
      run.status,
      JSON.stringify(run.results),
      errorColumn(run),
      run.startedAt,
      run.completedAt,
      run.updatedAt,
      run.id,
    ]);
  }

  /** A run by id alone: for clock jobs, which carry no workspace. */
  async byId(id: string): Promise<RunRecord | undefined> {
    const row = await this.deps.storage.get<RunRow>('SELECT * FROM qa_runs WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }

  async get(workspaceId: string, id: string): Promise<RunRecord | undefined> {
    const row = await this.deps.storage.get<RunRow>('SELECT * FROM qa_runs WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return row ? fromRow(row) : undefined;
  }

  /** A workspace's runs, oldest first; `trust` selects the trust runs, else every other kind. */
  async list(workspaceId: string, filter: { trust: boolean; suiteId?: string; status?: QaRunStatus }): Promise<RunRecord[]> {
    const rows = await this.deps.storage.all<RunRow>('SELECT * FROM qa_runs WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows
      .map(fromRow)
      .filter((r) => (r.kind === 'trust') === filter.trust)
      .filter((r) => filter.suiteId === undefined || r.suiteId === filter.suiteId)
      .filter((r) => filter.status === undefined || r.status === filter.status);
  }
}
