// A stand-in for the outside world the emulated service reaches out to (connector sources, external
// tools): one handler served by a node:http server on 127.0.0.1 port 0 (HTTP door) and by MSW for
// an intercepted base URL (MSW door), recording every request it receives.
import { createServer, type Server } from 'node:http';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterAll, beforeAll } from 'vitest';
import { activeMswServer, type DoorName } from './doors.js';

export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Served {
  status: number;
  type?: string;
  body: string;
}

export type SourceHandler = (req: Received) => Served | 'network-error';

export const MSW_SOURCE = 'http://source.test';

/** Starts the source for the suite's door (after useDoor, so the MSW door is open); `base()` is its URL. */
export function useLoopbackSource(doorName: DoorName, handler: SourceHandler) {
  const received: Received[] = [];
  let server: Server | undefined;
  let url = '';
  beforeAll(async () => {
    if (doorName === 'msw') {
      url = MSW_SOURCE;
      activeMswServer()!.use(
        mswHttp.all(`${MSW_SOURCE}/*`, async ({ request }) => {
          const u = new URL(request.url);
          const req: Received = { method: request.method, path: u.pathname + u.search, headers: Object.fromEntries(request.headers), body: await request.text() };
          received.push(req);
          const out = handler(req);
          if (out === 'network-error') return HttpResponse.error();
          return new HttpResponse(out.body, { status: out.status, headers: { 'content-type': out.type ?? 'text/plain' } });
        }),
      );
      return;
    }
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(request.headers)) if (typeof v === 'string') headers[k] = v;
        const req: Received = { method: request.method ?? 'GET', path: request.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') };
        received.push(req);
        const out = handler(req);
        if (out === 'network-error') {
          request.socket.destroy();
          return;
        }
        response.writeHead(out.status, { 'content-type': out.type ?? 'text/plain' });
        response.end(out.body);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
  return { base: () => url, received };
}
