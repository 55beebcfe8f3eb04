// Serialises requests and control operations: one at a time, in arrival order, so a shared
// connection never interleaves transactions and the same request sequence gives the same bytes.
// Background slices (due clock jobs under the real clock) take turns of their own between
// requests: never two in a row while a request waits, so a request waits behind at most one
// slice per turn ahead of it, and the background still gets a turn whenever it has work.

type Turn = () => Promise<void>;

export class RequestLock {
  private readonly requests: Turn[] = [];
  private readonly background: Turn[] = [];
  private busy = false;
  private lastWasBackground = false;

  /** Runs `fn` after every turn queued before it (FIFO among requests), even when one of them failed. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.enqueue(this.requests, fn);
  }

  /** Runs `fn` as a background turn: before the next waiting request unless the last turn was one too. */
  runBackground<T>(fn: () => Promise<T>): Promise<T> {
    return this.enqueue(this.background, fn);
  }

  private enqueue<T>(list: Turn[], fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // A throw inside `fn`, even a synchronous one, rejects this turn's promise only. (Its promise
      // is followed as it is: no wrapper promise, no thenable job per turn.)
      list.push(() => {
        let result: Promise<T>;
        try {
          result = Promise.resolve(fn());
        } catch (err) {
          result = Promise.reject(err);
        }
        return result.then(resolve, reject);
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
    void turn().then(() => this.next());
  }
}
