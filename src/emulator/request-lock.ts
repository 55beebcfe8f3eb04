// Serialises requests and control operations: one at a time, in arrival order, so a shared
// connection never interleaves transactions and the same request sequence gives the same bytes.
// Background slices (due clock jobs under the real clock) take turns of their own between
// requests: never two in a row while a request waits, so a request waits behind at most one
// slice per turn ahead of it, and the background still gets a turn whenever it has work.

import { isPending, type Settled } from '../storage/settled.js';

/** A turn: the promise of its end, or undefined when it ended at once. */
type Turn = () => Promise<void> | undefined;
/** A turn's work: its answer at once, or the promise of it. */
type Work<T> = () => Settled<T>;

export class RequestLock {
  private readonly requests: Turn[] = [];
  private readonly background: Turn[] = [];
  private busy = false;
  private lastWasBackground = false;

  /** Runs `fn` after every turn queued before it (FIFO among requests), even when one of them failed. */
  run<T>(fn: Work<T>): Promise<T> {
    return this.enqueue(this.requests, fn);
  }

  /** Runs `fn` as a background turn: before the next waiting request unless the last turn was one too. */
  runBackground<T>(fn: Work<T>): Promise<T> {
    return this.enqueue(this.background, fn);
  }

  private enqueue<T>(list: Turn[], fn: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // A throw inside `fn`, even a synchronous one, rejects this turn's promise only. (Its promise
      // is followed as it is: no wrapper promise, no thenable job per turn.)
      // A turn whose work answered at once (a cached read) ends at once: no promise for it.
      list.push(() => {
        let result: T | Promise<T>;
        try {
          result = fn();
        } catch (err) {
          reject(err);
          return undefined;
        }
        if (isPending(result)) return Promise.resolve(result).then(resolve, reject);
        resolve(result);
        return undefined;
      });
      // Started from a microtask, as the promise chain this replaced did: never inside the caller.
      if (!this.busy) {
        this.busy = true;
        queueMicrotask(() => this.next());
      }
    });
  }

  private next(): void {
    const fromBackground = this.background.length > 0 && (!this.lastWasBackground || this.requests.length === 0);
    const turn = fromBackground ? this.background.shift() : this.requests.shift();
    if (!turn) {
      this.busy = false;
      return;
    }
    this.lastWasBackground = fromBackground;
    const running = turn();
    // The next turn starts a microtask after this one ended, as when every turn was a promise.
    if (running) void running.then(() => this.next());
    else queueMicrotask(() => this.next());
  }
}
