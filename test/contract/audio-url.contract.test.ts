// Audio fetched by URL through every door on every driver: the service fetches it with its outbound
// fetch from a site this test serves on loopback, transcribes it (the emulator's own speech back to
// its exact text), and fails an unreachable URL, a 404 or unreadable bytes with the reason, both
// for audio transcripts and for the RAG audio route.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { MATRIX, keyOf, openDoor, type Door } from '../support/doors.js';

/** The process's own fetch, taken before any MSW door patches it: the emulator's outbound fetch reaches the loopback site through it. */
const realFetch = globalThis.fetch;
const TEXT = 'Thank you for calling the zeppelin repair desk. Your airship is ready for pickup.';

describe.each(MATRIX)('audio by URL: $label', ({ driver, door: doorName }) => {
  let emulator: Emulator;
  let door: Door;
  let server: Server;
  let site: string;
  const files = new Map<string, Uint8Array>();
  const hits: string[] = [];

  beforeAll(async () => {
    emulator = await createEmulator({ storage: driver, fetch: (input, init) => realFetch(input, init) });
    door = await openDoor(doorName, emulator);
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      const body = files.get(req.url ?? '');
      if (!body) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
        return;
      }
      res.writeHead(200, { 'content-type': req.url!.endsWith('.wav') ? 'audio/wav' : 'application/octet-stream', 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await door.close();
    await new Promise((resolve) => server.close(resolve));
    await emulator.close();
  });
  beforeEach(async () => {
    await emulator.reset();
    hits.length = 0;
    const tts = await door.fetch('/api/v1/tts', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': keyOf(emulator, 'key_full') }, body: JSON.stringify({ text: TEXT, voiceId: 'voice_cleo' }) });
    files.set('/calls/desk.wav', new Uint8Array(await tts.arrayBuffer()));
    files.set('/calls/garbage.bin', new Uint8Array(300).fill(42));
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await door.fetch(path, {
      method,
      headers: { 'x-api-key': keyOf(emulator, 'key_full'), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };
  const flush = () => emulator.flushJobs();

  it('fetches, transcribes and keeps the source URL (audio transcripts)', async () => {
    const created = await call('POST', '/api/v1/audio', { url: `${site}/calls/desk.wav` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'queued', title: 'desk.wav', filename: 'desk.wav', contentType: 'audio/wav', source: { type: 'url', url: `${site}/calls/desk.wav` }, fileSizeBytes: files.get('/calls/desk.wav')!.length });
    expect(hits).toEqual(['GET /calls/desk.wav']);
    await flush();
    expect((await call('GET', `/api/v1/audio/${created.body._id}`)).body).toMatchObject({ status: 'completed', text: TEXT, voiceId: 'voice_cleo', language: 'es-ES' });
  });

  it('fails a 404, an unreachable address and unreadable bytes with the reason', async () => {
    const missing = (await call('POST', '/api/v1/audio', { url: `${site}/calls/gone.wav` })).body;
    const unreachable = (await call('POST', '/api/v1/audio', { url: 'http://127.0.0.1:9/calls/x.wav', title: 'Nowhere' })).body;
    const garbage = (await call('POST', '/api/v1/audio', { url: `${site}/calls/garbage.bin` })).body;
    expect([missing.status, unreachable.status, garbage.status]).toEqual(['queued', 'queued', 'queued']);
    await flush();
    expect((await call('GET', `/api/v1/audio/${missing._id}`)).body).toMatchObject({ status: 'failed', error: `Could not fetch the audio at ${site}/calls/gone.wav: HTTP 404 Not Found` });
    const nowhere = (await call('GET', `/api/v1/audio/${unreachable._id}`)).body;
    expect(nowhere).toMatchObject({ status: 'failed', title: 'Nowhere', fileSizeBytes: 0 });
    expect(nowhere.error).toMatch(/^Could not fetch the audio at http:\/\/127\.0\.0\.1:9\/calls\/x\.wav: /);
    expect((await call('GET', `/api/v1/audio/${garbage._id}`)).body.error).toMatch(/^Unreadable audio: /);
  });

  it('indexes audio by URL into RAG with its transcript, and fails unreadable audio with the reason', async () => {
    const res = await call('POST', '/api/v1/rag/files/audio', { audioUrl: `${site}/calls/desk.wav`, ragVectorId: 'vec_docs', title: 'Desk call' });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ title: 'Desk call', originalName: 'desk.wav', fileType: 'audio', mimeType: 'audio/wav', status: 'pending', fileSizeBytes: files.get('/calls/desk.wav')!.length });
    const bad = await call('POST', '/api/v1/rag/files/audio', { audioUrl: `${site}/calls/garbage.bin` });
    const gone = await call('POST', '/api/v1/rag/files/audio', { audioUrl: `${site}/calls/gone.mp3` });
    await flush();
    const search = await call('GET', '/api/v1/rag/search?q=zeppelin%20repair');
    expect(search.body.results[0].document).toMatchObject({ id: res.body[0]._id, originalName: 'desk.wav', fileType: 'audio' });
    const failed = (await call('GET', `/api/v1/rag/files/${bad.body[0]._id}`)).body;
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/^Unreadable audio: /);
    expect((await call('GET', `/api/v1/rag/files/${gone.body[0]._id}`)).body).toMatchObject({ status: 'error', error: `Could not fetch the audio at ${site}/calls/gone.mp3: HTTP 404 Not Found` });
    expect(hits).toEqual(['GET /calls/desk.wav', 'GET /calls/garbage.bin', 'GET /calls/gone.mp3']);
  });
});
