// The HTTP door's node-level guards: oversized headers and URLs answer 431 with the envelope,
// unparsable requests 400, a body past the transport limit 413, and a keep-alive client keeps its
// connection after a large upload or a refused body.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../index.js';
import { startServer, type RunningServer } from './node-server.js';
import { MAX_BODY_BYTES } from '../core/validation.js';

let emulator: Emulator;
let server: RunningServer;
let key: string;

beforeAll(async () => {
  // The default driver: SQLite where better-sqlite3 loads, else PGlite (an install without a compiler).
  emulator = await createEmulator();
  server = await startServer(emulator, { port: 0 });
  key = emulator.handles.workspaces[0]!.apiKeys.find((k) => k.id === 'key_full')!.secret!;
});
afterAll(() => server.close());

/** Writes raw bytes and reads until the server closes the connection. */
function raw(data: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(data));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };

/** One keep-alive socket: a dropped connection shows as a request error. */
function keepAliveClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
    new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
      const framed = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const req = http.request(`${server.url}${path}`, { agent, method, headers: framed }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      });
      req.on('socket', (s) => sockets.add(s));
      req.on('error', reject);
      req.end(body);
    });
  return { send, sockets, close: () => agent.destroy() };
}

function multipart(bytes: number): { type: string; body: Buffer } {
  const boundary = 'guardtestboundary';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 'a'), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

describe('http guards', () => {
  it('an oversized header → 431 with the envelope and connection: close', async () => {
    const answer = await raw(`GET /api/v1/transcripts HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(envelopeOf(answer).error.code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it('an oversized URL or query → 431 with the envelope', async () => {
    const answer = await raw(`GET /api/v1/transcripts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(envelopeOf(answer).error.code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it('a request Node cannot parse → 400 with the envelope', async () => {
    const answer = await raw('NOT AN HTTP REQUEST\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(envelopeOf(answer).error.code).toBe('VALIDATION_ERROR');
  });

  it('after a 20 MB multipart upload, five more requests on the same keep-alive client succeed (node:http and fetch)', async () => {
    const client = keepAliveClient();
    const form = multipart(20 * 1024 * 1024);
    // Refused (no title and the other upload fields): the body is read to its end before the answer.
    const upload = await client.send('POST', '/api/v1/rag/files', { 'x-api-key': key, 'content-type': form.type }, form.body);
    expect(upload.status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await client.send('GET', '/api/v1/transcripts', { 'x-api-key': key })).status).toBe(200);
    // The same socket served all six: nothing was dropped.
    expect(client.sockets.size).toBe(1);
    client.close();
    const res = await fetch(`${server.url}/api/v1/rag/files`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': form.type }, body: new Uint8Array(form.body) });
    expect(res.status).toBe(400);
    await res.text();
    for (let i = 0; i < 5; i++) {
      const next = await fetch(`${server.url}/api/v1/transcripts`, { headers: { 'x-api-key': key } });
      expect(next.status).toBe(200);
      await next.text();
    }
  });

  it('a JSON body refused by its declared length is still read, and the connection is kept', async () => {
    const client = keepAliveClient();
    const body = Buffer.alloc(8 * 1024 * 1024, ' ');
    const refused = await client.send('POST', '/api/v1/transcripts', { 'x-api-key': key, 'content-type': 'application/json' }, body);
    expect(refused.status).toBe(400);
    expect(refused.connection).not.toBe('close');
    expect((await client.send('GET', '/api/v1/transcripts', { 'x-api-key': key })).status).toBe(200);
    expect(client.sockets.size).toBe(1);
    client.close();
  });

  it('a body past the transport limit → 413 with the envelope and connection: close; the client carries on', async () => {
    const client = keepAliveClient();
    const body = Buffer.alloc(MAX_BODY_BYTES + 1024, ' ');
    const refused = await client.send('POST', '/api/v1/transcripts', { 'x-api-key': key, 'content-type': 'application/json' }, body).catch((err: NodeJS.ErrnoException) => err.code);
    // The answer arrives whole (the server lingers instead of resetting) and asks to close.
    expect(typeof refused).toBe('object');
    const answer = refused as { status: number; text: string; connection: string | undefined };
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect((JSON.parse(answer.text) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await client.send('GET', '/api/v1/transcripts', { 'x-api-key': key })).status).toBe(200);
    client.close();
  });
});
