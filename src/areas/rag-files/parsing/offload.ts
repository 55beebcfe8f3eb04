// Where text extraction and chunking run: in this thread by default, or, when the host installs
// an offload (a Node worker thread under the real clock), off it, so a big file's parsing never
// holds the request lock. Both are pure functions of their input: the same answer either way.
// In-flight offloaded work is tracked so due jobs can wait for it outside the lock.
import type { ChunkOptions, TextChunk } from './chunker.js';
import type { FileKind } from './parse.js';

/** A file extracted, cleaned and chunked in one go: its raw text, its cleaned text, and chunks unless that is empty. */
export interface Prepared {
  raw: string;
  text: string;
  chunks: TextChunk[] | null;
}

export interface ParseOffload {
  extract(bytes: Uint8Array, kind: FileKind | undefined, filename: string): Promise<string>;
  chunk(text: string, options: ChunkOptions): Promise<TextChunk[]>;
  /** Extract, clean and chunk in one round trip (each hop to another thread costs a wake-up). */
  prepare?(bytes: Uint8Array, kind: FileKind | undefined, filename: string, cleaners: string[], options: ChunkOptions): Promise<Prepared>;
}

let installed: ParseOffload | undefined;
const inFlight = new Set<Promise<unknown>>();

/** Installs (or, with undefined, removes) the process-wide offload. */
export function installParseOffload(offload: ParseOffload | undefined): void {
  installed = offload;
}

export function parseOffload(): ParseOffload | undefined {
  return installed;
}

/** Runs `work` on the offload, tracked until it settles. */
export function offloaded<T>(work: (offload: ParseOffload) => Promise<T>): Promise<T> | undefined {
  if (!installed) return undefined;
  const promise = work(installed);
  const tracked: Promise<void> = promise.then(
    () => void inFlight.delete(tracked),
    () => void inFlight.delete(tracked),
  );
  inFlight.add(tracked);
  return promise;
}

/** No offloaded work is in flight. */
export function offloadIdle(): boolean {
  return inFlight.size === 0;
}

/** Settles when the offloaded work in flight now has (undefined when none is). */
export function offloadSettled(): Promise<void> | undefined {
  if (inFlight.size === 0) return undefined;
  return Promise.allSettled([...inFlight]).then(() => undefined);
}
