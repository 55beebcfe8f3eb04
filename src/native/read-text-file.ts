// Node only: a small file's text read at once, for what a start reads before anything else can run
// (the build's prepared files, installed packages' versions). Through node:fs/promises each read
// was four trips through the thread pool (open, stat, read, close), one after another.
import { readFileSync } from 'node:fs';

/** The file's text (UTF-8), or undefined when it cannot be read. */
export function readTextFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
