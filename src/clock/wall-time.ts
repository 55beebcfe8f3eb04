// Wall time for what really is wall time: how long a request took (the journal) and how long a
// fault holds an answer back (simulated network latency). Emulator time never comes from here.

/**
 * Node's monotonic clock in nanoseconds, where there is one. Node builds the global `performance`
 * on its first read (~1-1.5 ms of a fresh process, in `serve` before its first answer, where the
 * first world reads this clock); `process.hrtime.bigint` is there from the start. A browser has
 * no `process`: `performance.now()` there, as before. Only differences of readings are used.
 */
const hrtime = (globalThis as { process?: { hrtime?: { bigint?: () => bigint } } }).process?.hrtime?.bigint;

/** A monotonic wall-clock reading in milliseconds, for measuring durations only. */
export function wallElapsedMs(): number {
  return hrtime ? Number(hrtime()) / 1e6 : performance.now();
}

/** Waits `ms` of real time (fault latency); resolves at once for 0. */
export function wallDelay(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}
