// Serialises requests and control operations: one at a time, in arrival order, so a shared
// connection never interleaves transactions and the same request sequence gives the same bytes.

export class RequestLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
