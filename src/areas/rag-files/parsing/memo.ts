// A small bounded memo for pure functions of file content (text extraction, chunking): the same
// bytes always give the same answer, so scenario loads and resets need not parse PDFs again.
// It holds no emulator state: only results that any instance would compute identically.

const MAX_ENTRIES = 128;
/** Inputs larger than this are not remembered (the key alone would cost too much memory). */
const MAX_KEY_CHARS = 2 * 1024 * 1024;

export class Memo<T> {
  private readonly entries = new Map<string, T>();
  /** Computations under way: a second ask for the same key waits for the first (a prefetch). */
  private readonly pending = new Map<string, Promise<T>>();

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (key.length > MAX_KEY_CHARS) return compute();
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const running = this.pending.get(key);
    if (running) return running;
    const promise = compute();
    this.pending.set(key, promise);
    try {
      const value = await promise;
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
      return value;
    } finally {
      this.pending.delete(key);
    }
  }

  /** Remembers a value computed elsewhere (the build's prepared entries), unless one is known. */
  prime(key: string, value: T): void {
    if (this.entries.has(key) || this.entries.size >= MAX_ENTRIES || key.length > MAX_KEY_CHARS) return;
    this.entries.set(key, value);
  }

  /** What is remembered, oldest first. */
  list(): [string, T][] {
    return [...this.entries];
  }
}
