// The parse worker's entry (a Node worker thread): text extraction and chunking, the pure
// functions the indexing jobs would otherwise run on the emulator's own thread.
import { parentPort } from 'node:worker_threads';
import { ParseError } from '../areas/rag-files/parsing/parse.js';
import { inThread, type ParseTask, type ParseReply } from './parse-worker.js';

function perform(task: ParseTask): Promise<unknown> {
  return inThread(task);
}

parentPort?.on('message', (task: ParseTask) => {
  void perform(task).then(
    (value) => parentPort?.postMessage({ id: task.id, value } satisfies ParseReply),
    (err: unknown) =>
      parentPort?.postMessage({
        id: task.id,
        error: { message: err instanceof Error ? err.message : String(err), parse: err instanceof ParseError },
      } satisfies ParseReply),
  );
});
