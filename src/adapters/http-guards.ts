// Node-level guards of the HTTP door: answers Node gives before the emulator sees a request
// (oversized headers, unparsable requests) carry the error envelope, and a connection closed with
// a body still arriving is closed gracefully, so the client reads its answer instead of a reset.
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface GuardOptions {
  /** How long a closing connection keeps reading (and dropping) a body still arriving. */
  lingerMs?: number;
}

const DEFAULT_LINGER_MS = 2000;

/** Node's parser errors and the answer each gets; anything else is a 400. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'Request headers (or the request line and its query) are too large',
  },
  // Node's requestTimeout / headersTimeout ran out before the request was whole.
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' },
};

const BAD_REQUEST = { status: 400, reason: 'Bad Request', code: 'VALIDATION_ERROR', message: 'Malformed HTTP request' };

/** The raw bytes of an answer written straight to the socket: the request never became one. */
export function rawErrorAnswer(status: number, reason: string, code: string, message: string, details?: unknown): string {
  const body = JSON.stringify({ error: { code, message, ...(details !== undefined && { details }) } });
  return (
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'content-type: application/json\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n\r\n' +
    body
  );
}

/**
 * Closes a connection after its last answer without a reset: stop writing (FIN), keep reading and
 * dropping what the client still sends for a while, then let go. Destroying a socket with unread
 * bytes makes the kernel answer RST, and the client may lose the answer it was about to read.
 */
function lingerClose(socket: Socket, lingerMs: number): void {
  if (socket.destroyed) return;
  const done = () => {
    clearTimeout(timer);
    if (!socket.destroyed) socket.destroy();
  };
  const timer = setTimeout(done, lingerMs);
  timer.unref?.();
  socket.once('end', done);
  socket.once('error', done);
  socket.on('data', () => {});
  socket.resume();
  if (!socket.writableEnded) socket.end();
}

/** Where a connection keeps its latest request, for its destroySoon. */
const LATEST = Symbol('latestRequest');

/** Body bytes still on the way when the answer finished: the request was answered before it was read. */
const bodyPending = (req: IncomingMessage) => !req.complete;

/**
 * Wires the guards onto a node:http server: call once after `createServer`, before `listen`.
 * - 'clientError' (a request Node could not parse): oversized headers or URL → 431, anything else
 *   → 400, both as the JSON envelope with `connection: close`; a reset client gets nothing.
 * - An answer that closes its connection (`connection: close`, e.g. the core's 413) while the
 *   request body is still arriving lingers instead of resetting (see lingerClose).
 */
export function guardServer(server: Server, options: GuardOptions = {}): void {
  const lingerMs = options.lingerMs ?? DEFAULT_LINGER_MS;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own handler: never write into the middle of an answer already under way.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (err.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const known = (err.code && CLIENT_ERRORS[err.code]) || BAD_REQUEST;
    const details = known === BAD_REQUEST ? { issues: [{ path: 'request', message: err.code ?? 'Unparsable request' }] } : undefined;
    socket.end(rawErrorAnswer(known.status, known.reason, known.code, known.message, details));
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref?.();
    socket.once('close', () => clearTimeout(timer));
    socket.on('data', () => {});
    socket.resume();
  });
  // Node ends a `connection: close` answer with socket.destroySoon(); with body bytes of the
  // request unread that resets the connection, so linger instead. Wired once per connection; each
  // request only marks itself as the connection's latest (no closure or listener per request).
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const req = (socket as Socket & { [LATEST]?: IncomingMessage })[LATEST];
      return req && bodyPending(req) ? lingerClose(socket, lingerMs) : destroySoon();
    };
  });
  server.on('request', (req: IncomingMessage) => {
    (req.socket as Socket & { [LATEST]?: IncomingMessage })[LATEST] = req;
  });
}
