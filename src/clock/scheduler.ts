// The scheduler: work due at a future emulator time, kept in storage so snapshots and resets carry it.
// Moving the clock runs every job that falls due, in time order, each at its own time.
import type { Storage } from '../storage/storage.js';
import type { Clock } from './clock.js';
import { wallElapsedMs } from './wall-time.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

interface JobRow {
  [column: string]: string | number | null;
  id: string;
  run_at: number;
  kind: string;
  payload: string;
}

/** A runaway job chain stops here rather than hanging a test. */
const MAX_JOBS_PER_RUN = 1_000_000;

export class Scheduler {
  /** The earliest run time in the jobs table, when known: lets runDue skip a query per request. */
  private nextDue: number | null | undefined;

  /**
   * Runs a whole clock move as one unit (`flush` here, a clock change in clock-change.ts): on a
   * database several processes share, one transaction holding its lock (shared-database.ts), so the
   * move starts from the time the others left and no other process's move interleaves with its
   * jobs. Absent: each job alone.
   */
  atomically: (<T>(fn: () => Promise<T>) => Promise<T>) | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly newId: () => string,
    private readonly handlers: JobHandlers,
  ) {}

  async schedule(kind: string, payload: Record<string, unknown>, delayMs: number): Promise<string> {
    if (!this.handlers[kind]) throw new Error(`no handler for job kind ${kind}`);
    const id = this.newId();
    const runAt = this.clock.now() + Math.max(0, delayMs);
    const next = await this.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM jobs');
    await this.storage.run('INSERT INTO jobs (id, seq, run_at, kind, payload) VALUES (?, ?, ?, ?, ?)', [
      id,
      Number(next?.seq ?? 1),
      runAt,
      kind,
      JSON.stringify(payload),
    ]);
    if (this.nextDue !== undefined) this.nextDue = this.nextDue === null ? runAt : Math.min(this.nextDue, runAt);
    return id;
  }

  /** The jobs of one kind still to run, soonest first: when each is due and what it carries. */
  async scheduled(kind: string): Promise<{ runAt: number; payload: Record<string, unknown> }[]> {
    const rows = await this.storage.all<JobRow>('SELECT * FROM jobs WHERE kind = ? ORDER BY run_at, seq', [kind]);
    return rows.map((row) => ({ runAt: Number(row.run_at), payload: JSON.parse(row.payload) as Record<string, unknown> }));
  }

  async pending(): Promise<number> {
    const row = await this.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM jobs');
    return Number(row?.n ?? 0);
  }

  private async next(until: number | null): Promise<JobRow | undefined> {
    return until === null
      ? this.storage.get<JobRow>('SELECT * FROM jobs ORDER BY run_at, seq LIMIT 1')
      : this.storage.get<JobRow>('SELECT * FROM jobs WHERE run_at <= ? ORDER BY run_at, seq LIMIT 1', [until]);
  }

  private async runOne(job: JobRow): Promise<void> {
    if (job.run_at > this.clock.now() && this.clock.mode === 'manual') this.clock.moveTo(job.run_at);
    const handler = this.handlers[job.kind];
    await this.storage.transaction(async () => {
      // Gone already: another process sharing the database ran it (each job runs exactly once).
      if ((await this.storage.run('DELETE FROM jobs WHERE id = ?', [job.id])).changes === 0) return;
      if (handler) await handler(JSON.parse(job.payload) as Record<string, unknown>);
    });
  }

  /** Runs every job due at or before `until` (or all jobs when null), in time order. */
  private async drain(until: number | null): Promise<number> {
    this.nextDue = undefined;
    let ran = 0;
    for (let job = await this.next(until); job; job = await this.next(until)) {
      await this.runOne(job);
      if (++ran >= MAX_JOBS_PER_RUN) break;
    }
    return ran;
  }

  /**
   * Reads when the next job falls due (after a load), as `runDue` would at the next request: the
   * first request after a load then asks storage nothing when none is due.
   */
  async learnNextDue(): Promise<void> {
    const next = await this.storage.get<{ at: number | null }>('SELECT MIN(run_at) AS at FROM jobs');
    this.nextDue = next?.at === null || next?.at === undefined ? null : Number(next.at);
  }

  /** Forgets what it knew of the jobs table: call after the database is swapped (reset, restore, load). */
  invalidate(): void {
    this.nextDue = undefined;
  }

  /** Runs what is due now: called before each request, so real-time mode catches up lazily. */
  async runDue(): Promise<number> {
    if (this.nextDue === null || (this.nextDue !== undefined && this.nextDue > this.clock.now())) return 0;
    const ran = await this.drain(this.clock.now());
    const next = await this.storage.get<{ at: number | null }>('SELECT MIN(run_at) AS at FROM jobs');
    this.nextDue = next?.at === null || next?.at === undefined ? null : Number(next.at);
    return ran;
  }

  /**
   * How long until the next job falls due: 0 when one is due now, null when none is scheduled,
   * undefined when unknown (a `runDueSlice` finds out).
   */
  dueIn(): number | null | undefined {
    if (this.nextDue === undefined || this.nextDue === null) return this.nextDue;
    return Math.max(0, this.nextDue - this.clock.now());
  }

  /**
   * Runs jobs due now, in time order, until none is due or `budgetMs` of wall time has passed (at
   * least one job runs): a background turn that holds requests back for about one budget. `canRun`
   * is asked before each job; false ends the slice (the caller has work of its own to wait for).
   */
  async runDueSlice(budgetMs: number, canRun: () => boolean = () => true): Promise<number> {
    if (this.nextDue === null || (this.nextDue !== undefined && this.nextDue > this.clock.now())) return 0;
    const deadline = wallElapsedMs() + budgetMs;
    this.nextDue = undefined;
    let ran = 0;
    for (let job = await this.next(this.clock.now()); job && canRun(); job = wallElapsedMs() < deadline ? await this.next(this.clock.now()) : undefined) {
      await this.runOne(job);
      ran++;
    }
    const next = await this.storage.get<{ at: number | null }>('SELECT MIN(run_at) AS at FROM jobs');
    this.nextDue = next?.at === null || next?.at === undefined ? null : Number(next.at);
    return ran;
  }

  /** Moves time forward by `ms`, running each job that falls due at its own time. */
  async advance(ms: number): Promise<number> {
    if (!(ms >= 0)) throw new RangeError('time never moves backwards');
    const target = this.clock.now() + ms;
    const ran = await this.drain(target);
    if (target > this.clock.now()) this.clock.moveTo(target);
    return ran;
  }

  async setTime(time: number): Promise<number> {
    return this.advance(time - this.clock.now());
  }

  /** Runs all scheduled work, however far in the future, moving time along with it. */
  flush(): Promise<number> {
    return this.atomically ? this.atomically(() => this.drain(null)) : this.drain(null);
  }
}
