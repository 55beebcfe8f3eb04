// The HTTP door's connection handling: keep-alive across early answers with unread bodies, bodies
// read to the end, exact bytes and headers of light answers, and a bad Host answered 400.
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { startServer, type RunningServer } from '../src/adapters/node-server.js';

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
  reused: boolean;
}

function send(server: RunningServer, agent: Agent, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('HTTP door connections', () => {
  let emulator: Emulator;
  let server: RunningServer;
  let key: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    emulator = await createEmulator();
    server = await startServer(emulator, { port: 0 });
    key = emulator.handles.workspaces[0]!.apiKeys[0]!.secret as string;
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
    await emulator.close();
  });

  it('keeps the connection after a 401 that never read a large body', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    const refused = await send(server, agent, 'POST', '/api/v1/transcripts', { 'content-type': 'application/json' }, big);
    expect(refused.status).toBe(401);
    const next = await send(server, agent, 'GET', '/api/v1/transcripts', { 'x-api-key': key });
    expect(next.status).toBe(200);
    expect(next.reused).toBe(true);
  });

  it('reads a created resource body to the end and answers the same bytes as emulator.fetch', async () => {
    const created = await send(server, agent, 'POST', '/api/v1/transcripts', { 'x-api-key': key, 'content-type': 'application/json' }, JSON.stringify({ title: 'Door' }));
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe('application/json');
    expect(Number(created.headers['content-length'])).toBe(Buffer.byteLength(created.text));
    expect(created.headers['x-request-id']).toMatch(/^req_/);
    const id = JSON.parse(created.text)._id as string;
    const viaDoor = await send(server, agent, 'GET', `/api/v1/transcripts/${id}`, { 'x-api-key': key, 'x-request-id': 'same-id' });
    const direct = await emulator.fetch(new Request(`${server.url}/api/v1/transcripts/${id}`, { headers: { 'x-api-key': key, 'x-request-id': 'same-id' } }));
    expect(viaDoor.text).toBe(await direct.text());
    expect(viaDoor.headers['ratelimit-limit']).toBe(direct.headers.get('ratelimit-limit'));
  });

  it('answers CORS headers and an error envelope with its request id', async () => {
    const res = await send(server, agent, 'GET', '/api/v1/transcripts/tr_nope', { 'x-api-key': key, origin: 'http://localhost:3000' });
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(JSON.parse(res.text).error.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers 400 to a Host that makes no URL', async () => {
    const res = await send(server, new Agent(), 'GET', '/api/v1/transcripts', { host: 'bad host[' });
    expect(res.status).toBe(400);
  });

  it('hands a custom core a request that passes for a Request, every member working', async () => {
    let seen: Record<string, unknown> = {};
    const door = await startServer(
      {
        async fetch(request: Request) {
          seen = {
            isRequest: request instanceof Request,
            hasSignal: 'signal' in request,
            aborted: request.signal.aborted,
            cache: request.cache,
            form: (await request.clone().formData()).get('a'),
            text: await request.text(),
            tag: Object.prototype.toString.call(request),
          };
          return new Response('ok');
        },
      },
      { port: 0 },
    );
    try {
      const res = await send(door, new Agent(), 'POST', '/anything', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
      expect(res.text).toBe('ok');
    } finally {
      await door.close();
    }
    expect(seen).toEqual({ isRequest: true, hasSignal: true, aborted: false, cache: 'default', form: '1', text: 'a=1', tag: '[object Request]' });
  });
});
