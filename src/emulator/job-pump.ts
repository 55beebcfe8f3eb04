// Due clock jobs under the real clock, run as background turns of the request lock instead of
// inside the next request's turn: each turn runs due jobs for about JOB_SLICE_MS, between two
// requests (never two background turns in a row while requests wait), until none is due; then a
// timer wakes the pump when the next job falls due. A request waits behind one slice at most and
// reads the state the last finished job left, as it would had it come a moment earlier. Under the
// manual clock the pump does nothing: jobs run when the clock moves, the same bytes every run.
import { offloadIdle, offloadSettled } from '../areas/rag-files/parsing/offload.js';
import { wallElapsedMs } from '../clock/wall-time.js';
import { useParseWorker } from './parse-worker.js';
import type { RequestLock } from './request-lock.js';
import type { World } from './world.js';

/** Wall time one background turn of due jobs may take before the next waiting request goes. */
const JOB_SLICE_MS = 3;
/** After a background job failed, it is tried again no sooner than this much wall time later. */
const JOB_RETRY_MS = 1000;

export class JobPump {
  /** A background turn is queued or running, or waiting for the parse worker. */
  private queued = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The wall time the timer fires at. */
  private timerAt = Infinity;
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly lock: RequestLock,
    private readonly world: World,
  ) {}

  /**
   * Makes sure due jobs get a background turn, or a timer for when the next falls due. Cheap: called
   * after every request. Parsing and chunking run on a worker thread meanwhile; a due job first
   * waits, outside the lock, for what the worker has under way, so it finds the results ready
   * rather than awaiting them in its turn.
   */
  pump(): void {
    if (this.closed || this.queued || this.world.clock.mode !== 'real') return;
    useParseWorker();
    const now = wallElapsedMs();
    if (now < this.retryAt) return this.wakeAt(this.retryAt);
    const dueIn = this.world.scheduler.dueIn();
    if (dueIn === null) return;
    if (dueIn !== undefined && dueIn > 0) return this.wakeAt(now + dueIn);
    this.queued = true;
    const parsing = offloadSettled();
    if (parsing) {
      void parsing.then(() => this.again());
      return;
    }
    // Parsing started after this check (an upload just before the turn) ends the slice before the
    // next job, so no job awaits the worker while it holds the lock.
    this.lock.runBackground(() => this.world.scheduler.runDueSlice(JOB_SLICE_MS, offloadIdle)).then(
      () => this.again(),
      () => {
        // A failing job stays scheduled (its transaction rolled back): tried again a little later
        // rather than in a loop; requests go on meanwhile.
        this.retryAt = wallElapsedMs() + JOB_RETRY_MS;
        this.again();
      },
    );
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  private again(): void {
    this.queued = false;
    this.pump();
  }

  /** Wakes the pump at a wall time, unless a timer already wakes it sooner. */
  private wakeAt(at: number): void {
    if (this.timer !== undefined && this.timerAt <= at) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Infinity;
        this.pump();
      },
      Math.max(0, Math.ceil(at - wallElapsedMs())),
    );
    // A job to come never keeps the process alive.
    (this.timer as { unref?: () => void }).unref?.();
  }
}
