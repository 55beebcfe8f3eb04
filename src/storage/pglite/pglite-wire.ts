// One WASM call per statement on PGlite: each SQL text is parsed once into a named prepared statement,
// and every run sends Bind, Describe, Execute and Sync in one buffer. PGlite's own `query()` makes six
// calls into Postgres (parse, describe, bind, describe, execute, sync) and parses and plans the text
// every time; on a trivial SELECT that is about 3.5× the cost of this path.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { SqlValue } from '../storage.js';
import { parseMessages, readMessages } from './pglite-messages.js';
import { bindMessage } from './pglite-bind.js';

const { serialize } = protocol;
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

/** Prepared statements kept at most; the oldest is closed past it (SQL built per call would pile up). */
const MAX_PREPARED = 512;
/** Longer texts (bulk inserts, built per call) run as the unnamed statement and are not kept. */
const MAX_PREPARED_CHARS = 2048;

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An error from Postgres, with the statement that raised it (as PGlite's `query()` adds). */
function withQuery(err: unknown, text: string, params: SqlValue[]): unknown {
  if (err && typeof err === 'object') Object.assign(err, { query: text, params });
  return err;
}

export class PgliteWire {
  /** SQL text (already in `$n` form) → the name of its prepared statement. */
  private readonly names = new Map<string, string>();
  /** A `BEGIN` not yet sent: it rides in the buffer of the transaction's first statement. */
  private pendingBegin = false;
  private open = false;
  private serial = 0;
  /** Statements evicted from `names`: closed in the next buffer sent. */
  private closing: string[] = [];

  constructor(private readonly pg: PGlite) {}

  /** True between `begin()` and `commit()`/`rollback()`. */
  get inTransaction(): boolean {
    return this.open;
  }

  /** The statement running now: `execProtocol` takes no lock, so statements go one at a time. */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs one statement; values travel as text, as PGlite's own serializers write strings and numbers.
   * Callers may run statements concurrently (a `Promise.all` over rows): each waits for the one before
   * it, as PGlite's own `query()` does behind its mutex; interleaved buffers would mix their answers.
   */
  query<T>(text: string, params: SqlValue[]): Promise<Results<T>> {
    return this.inTurn(() => this.queryNow<T>(text, params));
  }

  /** Runs `fn` after every statement sent before it has answered. */
  private inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async queryNow<T>(text: string, params: SqlValue[]): Promise<Results<T>> {
    const results = await this.sendNow<T>([{ text, params }]);
    return results[results.length - 1] as Results<T>;
  }

  /**
   * Runs several statements in one buffer, closed by one Sync: one call into Postgres, and (outside a
   * transaction) one implicit transaction, so they read one consistent state. One result each.
   */
  batch<T>(statements: { text: string; params: SqlValue[] }[]): Promise<Results<T>[]> {
    return this.inTurn(() => this.sendNow<T>(statements));
  }

  private async sendNow<T>(statements: { text: string; params: SqlValue[] }[]): Promise<Results<T>[]> {
    const parts: Uint8Array[] = [];
    /** A `BEGIN` sent first answers a result (and a command tag) of its own. */
    const begun = this.pendingBegin ? 1 : 0;
    if (this.pendingBegin) parts.push(serialize.query('BEGIN'));
    for (const old of this.closing) parts.push(serialize.close({ type: 'S', name: old }));
    this.closing = [];
    /** Each Parse sent, in order (unnamed ones are not kept). */
    const parses: { text: string; name: string }[] = [];
    for (const { text, params } of statements) {
      let name = this.names.get(text) ?? parses.find((p) => p.text === text && p.name !== '')?.name;
      if (name === undefined) {
        name = text.length > MAX_PREPARED_CHARS ? '' : `q${this.serial++}`;
        parses.push({ text, name });
        parts.push(serialize.parse({ name, text, types: [] }));
      }
      const values = params.map((v) => (v === null || v === undefined ? null : String(v)));
      parts.push(bindMessage(name, values), DESCRIBE_PORTAL, EXECUTE);
    }
    parts.push(serialize.sync());
    // The answer's bytes, read here (pglite-messages.ts) rather than by PGlite as they come.
    const chunks: Uint8Array[] = [];
    await this.pg.execProtocolRawStream(concat(parts), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const answer = chunks.length === 1 ? chunks[0]! : concat(chunks);
    const messages = readMessages(answer) ?? parseMessages(answer);
    this.pendingBegin = false;
    // A statement parsed in this buffer exists from now on, even when a later step failed.
    const parsed = messages.filter((m) => m.name === 'parseComplete').length;
    for (const { text, name } of parses.slice(0, parsed)) if (name !== '') this.keep(text, name);
    const failed = messages.find((m) => m.name === 'error');
    if (failed) {
      const done = messages.filter((m) => m.name === 'commandComplete').length - begun;
      const at = Math.max(0, Math.min(done, statements.length - 1));
      throw withQuery(failed, statements[at]!.text, statements[at]!.params);
    }
    return (parse.parseResults(messages, this.pg.parsers) as Results<T>[]).slice(begun);
  }

  private keep(text: string, name: string): void {
    this.names.set(text, name);
    if (this.names.size <= MAX_PREPARED) return;
    const [oldest, oldName] = this.names.entries().next().value as [string, string];
    this.names.delete(oldest);
    this.closing.push(oldName);
  }

  /** Opens a transaction; the `BEGIN` is sent with its first statement (none are sent for an empty one). */
  begin(): void {
    this.open = true;
    this.pendingBegin = true;
  }

  async commit(): Promise<void> {
    this.open = false;
    if (this.pendingBegin) {
      this.pendingBegin = false;
      return;
    }
    const { messages } = await this.inTurn(() => this.pg.execProtocol(serialize.query('COMMIT'), { syncToFs: false, throwOnError: false }));
    const failed = messages.find((m) => m.name === 'error');
    if (failed) throw failed;
    // COMMIT of an aborted transaction answers ROLLBACK: what ran in it did not land.
    const done = messages.find((m) => m.name === 'commandComplete') as { text?: string } | undefined;
    if (done?.text === 'ROLLBACK') throw new Error('transaction aborted: rolled back at COMMIT');
  }

  async rollback(): Promise<void> {
    this.open = false;
    if (this.pendingBegin) {
      this.pendingBegin = false;
      return;
    }
    await this.inTurn(() => this.pg.execProtocol(serialize.query('ROLLBACK'), { syncToFs: false, throwOnError: false }));
  }
}
