// Answers that may be ready at once: SQLite's batch inside a transaction and a cached read with a
// remembered key answer without a promise, and anything that waits (a lookup, a handler) answers
// one. Here, in storage, so that storage, core and the emulator share it with no import circle.

/** An answer now, or the promise of one. */
export type Settled<T> = T | Promise<T>;

/**
 * Whether a settled value is still a promise (or any thenable). Asked through `then`, never with
 * `instanceof`: a light answer's prototype chain ends in a stand-in that links Node's Response
 * (undici, ~70 ms of a fresh process) when walked, and `then` is the one question it answers
 * without linking (src/core/lazy-prototype.ts).
 */
export function isPending<T>(value: Settled<T> | PromiseLike<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
