// Writes an answer to node:http: the core's light answers as one write of status, headers and
// bytes; real Responses (streams such as SSE, redirects, uploads' answers) chunk by chunk as they come.
import type { ServerResponse } from 'node:http';
import { LightResponse } from '../../core/light-response.js';

function writeLight(res: ServerResponse, answer: LightResponse): void {
  // A cached answer's bytes are encoded once for all its hits; any other body goes out as its text.
  const body = answer.sharedBytes() ?? answer.bodyText;
  const headers = answer.headers.flat();
  if (body !== null && !answer.headers.has('content-length')) {
    headers.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  }
  res.writeHead(answer.status, headers);
  res.end(body ?? undefined);
}

function headerList(response: Response): string[] {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie);
  return headers;
}

/** The next chunk if the stream has it ready now, else undefined (never waits on a live producer). */
function readyNow<T>(read: Promise<T>): Promise<T | undefined> {
  return Promise.race([read, Promise.resolve().then(() => Promise.resolve(undefined))]);
}

/**
 * A body that is already complete (made from a string or bytes) goes out in one write with a
 * content-length; a live one (SSE) gets its headers at once and each chunk as it is produced.
 */
async function writeBody(res: ServerResponse, response: Response): Promise<void> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const headers = headerList(response);
  const chunks: Uint8Array[] = [];
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let done = false;
  for (let i = 0; i < 3; i++) {
    pending ??= reader.read();
    const chunk = await readyNow(pending);
    if (!chunk) break;
    pending = undefined;
    if (chunk.value) chunks.push(chunk.value);
    if (chunk.done) {
      done = true;
      break;
    }
  }
  if (done && response.headers.get('content-length') === null) {
    headers.push('content-length', String(chunks.reduce((n, c) => n + c.byteLength, 0)));
  }
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (done) {
    res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    return;
  }
  for (const chunk of chunks) res.write(chunk);
  if (chunks.length === 0) res.flushHeaders();
  let closed = false;
  // The client went away: stop the producer (an SSE stream) instead of writing into the void.
  res.once('close', () => {
    closed = true;
    reader.cancel().catch(() => undefined);
  });
  try {
    for (;;) {
      const { done: ended, value } = await (pending ?? reader.read());
      pending = undefined;
      if (ended || closed) break;
      if (!res.write(value)) await new Promise<void>((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
    }
  } catch {
    // The producer failed mid-stream: the client sees a cut answer, as from a real server.
    res.destroy();
    return;
  }
  if (!closed) res.end();
}

/**
 * Writes `answer` in full. A light answer or one without a body is handed to the socket before this
 * returns (undefined); a body read from a stream returns a promise that resolves once its last byte is.
 */
export function writeAnswer(res: ServerResponse, answer: Response): Promise<void> | undefined {
  if (answer instanceof LightResponse) {
    writeLight(res, answer);
    return undefined;
  }
  if (answer.body === null) {
    res.writeHead(answer.status, answer.statusText || undefined, headerList(answer));
    res.end();
    return undefined;
  }
  return writeBody(res, answer);
}
