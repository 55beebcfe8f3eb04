// Wall time for what really is wall time: how long a request took (the journal) and how long a
// fault holds an answer back (simulated network latency). Emulator time never comes from here.

/** A monotonic wall-clock reading in milliseconds, for measuring durations only. */
export function wallElapsedMs(): number {
  return performance.now();
}

/** Waits `ms` of real time (fault latency); resolves at once for 0. */
export function wallDelay(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}
