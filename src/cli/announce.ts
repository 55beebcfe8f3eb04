// The line `serve` announces its URL with, written straight to file descriptor 1. Making
// `process.stdout` (over a pipe, a net.Socket with its stream machinery) took 3-8 ms before the
// first byte left, and a parent waiting for the URL waits for that line: `serve`'s first answer.
import { writeSync } from 'node:fs';

/** Writes `line` and a newline to standard output, at once; through `console.log` when the descriptor refuses. */
export function announce(line: string): void {
  const bytes = Buffer.from(`${line}\n`);
  let written = 0;
  try {
    written = writeSync(1, bytes);
  } catch {
    // A descriptor that is not ready (EAGAIN) or gone: the stream's own handling, as before.
  }
  if (written < bytes.length) process.stdout.write(bytes.subarray(written));
}
