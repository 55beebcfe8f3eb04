// A parse offload on a Node worker thread: extraction and chunking of uploaded files run there, so
// a big file (or the first load of the BPE tables) never blocks requests. Answers are the same as
// in-thread ones (the same pure functions); a ParseError comes back as a ParseError. Installed for
// the real clock when the emulator runs from its built JavaScript (the worker loads a .js file).
import { chunkText, type ChunkOptions, type TextChunk } from '../areas/rag-files/parsing/chunker.js';
import { clean } from '../areas/rag-files/parsing/clean.js';
import { installParseOffload, parseOffload, type ParseOffload, type Prepared } from '../areas/rag-files/parsing/offload.js';
import { ParseError, extractText, type FileKind } from '../areas/rag-files/parsing/parse.js';

export type ParseTask = Task & { id: number };

export interface ParseReply {
  id: number;
  value?: unknown;
  error?: { message: string; parse: boolean };
}

interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (reply: ParseReply) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  ref(): void;
  unref(): void;
}

type Pending = { task: Task; resolve: (value: unknown) => void; reject: (err: Error) => void };
type Task =
  | { op: 'extract'; bytes: Uint8Array; kind: FileKind | undefined; filename: string }
  | { op: 'chunk'; text: string; options: ChunkOptions }
  | { op: 'prepare'; bytes: Uint8Array; kind: FileKind | undefined; filename: string; cleaners: string[]; options: ChunkOptions };

/** Names, not literals: neither tsc nor a bundler goes looking for them (a browser bundle never runs this). */
const WORKER_THREADS = 'node:worker_threads';
// Relative to a file one folder below dist/ (dist/emulator/ or a bundle chunk in dist/chunks/).
const ENTRY = '../emulator/parse-worker-main.js';

/** Node, with this module built to JavaScript (under a TypeScript runner the entry is not there). */
function canOffload(): boolean {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  return node !== undefined && import.meta.url.startsWith('file:') && import.meta.url.endsWith('.js');
}

/** The same task in this thread (the worker runs this very function). */
export async function inThread(task: Task): Promise<unknown> {
  switch (task.op) {
    case 'extract':
      return extractText(task.bytes, task.kind, task.filename);
    case 'chunk':
      return chunkText(task.text, task.options);
    case 'prepare': {
      const raw = await extractText(task.bytes, task.kind, task.filename);
      const text = clean(raw, task.cleaners);
      return { raw, text, chunks: text ? await chunkText(text, task.options) : null } satisfies Prepared;
    }
    default: {
      const never: never = task;
      throw new Error(`unknown parse task ${String(never)}`);
    }
  }
}

class WorkerOffload implements ParseOffload {
  private worker: Promise<WorkerLike> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** The worker has answered at least once: it can start here (its entry file is found and loads). */
  private answered = false;

  private start(): Promise<WorkerLike> {
    this.worker ??= (import(WORKER_THREADS) as Promise<{ Worker: new (url: URL) => WorkerLike }>).then(({ Worker }) => {
      const worker = new Worker(new URL(ENTRY, import.meta.url));
      // Idle, the worker never keeps the process alive; with a task out, it does (see run).
      worker.unref();
      worker.on('message', (reply) => {
        this.answered = true;
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (this.pending.size === 0) worker.unref();
        if (!reply.error) waiting.resolve(reply.value);
        else waiting.reject(reply.error.parse ? new ParseError(reply.error.message) : new Error(reply.error.message));
      });
      worker.on('error', (err) => {
        // A worker that never answered cannot start here (e.g. its entry file is missing from a
        // repackaged dist): what it held, and all later work, is parsed in this thread instead.
        // A worker that died later fails what it held; the next task starts a new one.
        const held = [...this.pending.values()];
        this.pending.clear();
        this.worker = undefined;
        if (!this.answered) {
          if (parseOffload() === this) installParseOffload(undefined);
          for (const waiting of held) inThread(waiting.task).then(waiting.resolve, waiting.reject);
        } else for (const waiting of held) waiting.reject(err);
      });
      return worker;
    });
    return this.worker;
  }

  private async run(task: Task): Promise<unknown> {
    const worker = await this.start();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { task, resolve, reject });
      worker.postMessage({ ...task, id });
    });
  }

  async extract(bytes: Uint8Array, kind: FileKind | undefined, filename: string): Promise<string> {
    return (await this.run({ op: 'extract', bytes, kind, filename })) as string;
  }

  async chunk(text: string, options: ChunkOptions): Promise<TextChunk[]> {
    return (await this.run({ op: 'chunk', text, options })) as TextChunk[];
  }

  async prepare(bytes: Uint8Array, kind: FileKind | undefined, filename: string, cleaners: string[], options: ChunkOptions): Promise<Prepared> {
    return (await this.run({ op: 'prepare', bytes, kind, filename, cleaners, options })) as Prepared;
  }
}

/** Installs the worker offload for this process, once; false where it cannot run (browser, TypeScript sources). */
export function useParseWorker(): boolean {
  if (parseOffload()) return true;
  if (!canOffload()) return false;
  installParseOffload(new WorkerOffload());
  return true;
}
