// The node:http request listener of the HTTP door: a light request view in, the emulator's answer
// written straight to the socket. The same core runs as for the MSW door; only the carriers differ.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Emulator } from '../../emulator/emulator.js';
import type { RequestInfo } from '../../core/app.js';
import type { HostGuard } from '../../core/origin-policy.js';
import { DoorRequest } from './door-request.js';
import { writeAnswer } from './write-answer.js';

export type DoorEmulator = Pick<Emulator, 'fetch'> & Partial<Pick<Emulator, 'serveAt' | 'respond'>>;

function plain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Keeps the connection usable when an answer went out before its request body was read. */
function drainRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  req.removeAllListeners('data');
  req.on('data', () => undefined);
  req.resume();
}

export function doorListener(
  emulator: DoorEmulator,
  localOrigin: () => string,
  hostGuard?: HostGuard,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  // `respond` leaves the core's JSON answers light; a plain `fetch` (any EmulatorLike) works too.
  const respond = emulator.respond ? emulator.respond.bind(emulator) : emulator.fetch.bind(emulator);
  return async (req, res) => {
    let request: DoorRequest;
    try {
      const host = req.headers.host;
      request = new DoorRequest(req, host ? `http://${host}` : localOrigin());
    } catch {
      return plain(res, 400, 'Bad Request');
    }
    const info: RequestInfo = hostGuard ? { clientIp: req.socket.remoteAddress ?? '127.0.0.1', hostGuard } : { clientIp: req.socket.remoteAddress ?? '127.0.0.1' };
    try {
      const answer = await respond(request as unknown as Request, info);
      if (answer.type === 'error') {
        // A network-error fault: close the connection without an answer.
        req.socket.destroy();
        return;
      }
      // A light answer is written at once; only a streamed one is waited for.
      const writing = writeAnswer(res, answer);
      if (writing) await writing;
    } catch {
      plain(res, 500, 'Internal Server Error');
    }
    // The whole answer is handed to the socket: what is left of the body is read and dropped.
    drainRest(req);
  };
}
