// Two `serve` processes on one PostgreSQL database, behind two ports: a write through one is read
// through the other, due clock jobs run exactly once whichever process moves the clock, and a RAG
// file indexed through one is found by a context query through the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../support/postgres.js';
import { CLI } from '../support/cli-command.js';

if (postgresUnavailable) console.warn(`two-process postgres test skipped: ${postgresUnavailable}`);
const suite = postgresUnavailable ? describe.skip : describe;

const ROOT = join(import.meta.dirname, '..', '..');

/** The default scenario fixes its keys' secrets: both processes know them without a handshake. */
const DEFAULT = JSON.parse(readFileSync(join(ROOT, 'scenarios/default.json'), 'utf8')) as { workspaces: { apiKeys: { id: string; secret?: string }[] }[] };
const KEY = DEFAULT.workspaces[0]!.apiKeys.find((k) => k.id === 'key_full')!.secret!;

interface Served {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function serve(databaseUrl: string): Promise<Served> {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--clock', 'manual', '--storage', 'postgres', '--database-url', databaseUrl], { cwd: ROOT });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 110_000);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^service-emulator listening on (http:\/\/\S+)$/m.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

suite('two serve processes on one PostgreSQL database', () => {
  let cluster: PostgresCluster;
  let a: Served;
  let b: Served;
  const call = async (server: Served, method: string, path: string, body?: unknown, world?: string) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, ...(world && { 'x-emulator-world': world }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
  };

  beforeAll(async () => {
    cluster = await startPostgres();
    // The first loads the scenario into the empty database; the second finds it there and resumes it.
    a = await serve(cluster.url);
    b = await serve(cluster.url);
  }, 240_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await cluster?.stop();
  }, 60_000);

  it('reads through one what was written through the other, at once, with ids that never collide', async () => {
    // B's state export before A writes: B keeps that dump while it sees no write, so A's must move it.
    const exportedBefore = await call(b, 'GET', '/__emulator/state');
    expect(exportedBefore.status).toBe(200);
    const made = await call(a, 'POST', '/api/v1/transcripts', { messages: [{ role: 'user', content: 'written through A' }] });
    expect(made.status).toBe(201);
    const id = made.body.transcript?._id ?? made.body._id;
    expect(typeof id).toBe('string');
    expect(JSON.stringify(exportedBefore.body.tables)).not.toContain(id);
    expect(JSON.stringify((await call(b, 'GET', '/__emulator/state')).body.tables)).toContain(id);
    const read = await call(b, 'GET', `/api/v1/transcripts/${id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain('written through A');
    // B's next id follows the random state A left: a write through B makes a new transcript.
    const second = await call(b, 'POST', '/api/v1/transcripts', { messages: [{ role: 'user', content: 'written through B' }] });
    expect(second.status).toBe(201);
    const secondId = second.body.transcript?._id ?? second.body._id;
    expect(secondId).not.toBe(id);
    const listA = await call(a, 'GET', '/api/v1/transcripts?limit=100');
    expect(listA.body.transcripts.map((t: { _id: string }) => t._id)).toEqual(expect.arrayContaining([id, secondId]));
    // The clock is shared too: moved through A, read through B.
    const before = (await call(b, 'GET', '/__emulator/clock')).body.now as number;
    expect((await call(a, 'POST', '/__emulator/clock', { advanceMs: 1000 })).status).toBe(200);
    expect((await call(b, 'GET', '/__emulator/clock')).body.now).toBe(before + 1000);
  });

  it('runs each due job exactly once when both processes move the clock, and finds the file through the other', async () => {
    const form = new FormData();
    form.set('title', 'quokka.md');
    form.set('description', 'two-process upload');
    form.set('chunkingTool', 'default');
    form.set('file', new File(['# Quokka migration\n\nThe zanzibar quokka migration protocol moves every quokka at dawn.'], 'quokka.md', { type: 'text/markdown' }));
    const up = await fetch(`${a.url}/api/v1/rag/files`, { method: 'POST', headers: { 'x-api-key': KEY }, body: form });
    expect(up.status).toBe(202);
    const record = ((await up.json()) as { _id: string; ragVectorId?: string }[])[0]!;
    const fileId = record._id;
    // Both move the clock at once, far enough for every stage and the consistency delay.
    const start = (await call(a, 'GET', '/__emulator/clock')).body.now as number;
    const moved = await Promise.all([call(a, 'POST', '/__emulator/clock', { advanceMs: 120_000 }), call(b, 'POST', '/__emulator/clock', { advanceMs: 120_000 })]);
    expect(moved.map((m) => m.status)).toEqual([200, 200]);
    // One move after the other, as two requests to one process: both moves count, and both agree.
    expect([(await call(a, 'GET', '/__emulator/clock')).body.now, (await call(b, 'GET', '/__emulator/clock')).body.now]).toEqual([start + 240_000, start + 240_000]);
    expect(moved.map((m) => m.body.now).sort()).toEqual([start + 120_000, start + 240_000]);
    const status = await call(a, 'GET', `/api/v1/rag/files/${fileId}/vectorize-status`);
    expect(status.body).toMatchObject({ fileId, status: 'completed', queryable: true });
    const target = status.body.ragVectorId ?? record.ragVectorId ?? 'vec_docs';
    const events = await call(b, 'GET', `/api/v1/rag/targets/${target}/events?fileId=${fileId}&limit=100`);
    expect(events.status).toBe(200);
    const actions = (events.body.data as { action: string }[]).map((e) => e.action);
    // Each pipeline step is one job; run twice, its event would be there twice.
    for (const step of ['file.processing', 'file.chunking', 'file.embedding', 'file.completed', 'file.searchable']) {
      expect(actions.filter((x) => x === step), step).toHaveLength(1);
    }
    // Indexed through the jobs either process ran; the vector index of each is rebuilt from storage.
    for (const server of [a, b]) {
      const context = await call(server, 'POST', '/api/v1/rag/context', { query: 'zanzibar quokka migration protocol', collectionId: target, topK: 3 });
      expect(context.status).toBe(200);
      expect(JSON.stringify(context.body.chunks)).toContain('zanzibar quokka');
    }
  });

  it('serves a world created through one through the other: listed, shared writes and clock, isolated from the default world, deleted for both', async () => {
    const created = await call(a, 'POST', '/__emulator/worlds', { scenario: 'default', seed: 77 });
    expect(created.status).toBe(201);
    const world = created.body.id as string;
    // Both create one at once: ids allocated in the database never collide.
    const [x, y] = await Promise.all([call(a, 'POST', '/__emulator/worlds', {}), call(b, 'POST', '/__emulator/worlds', {})]);
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(new Set([world, x.body.id, y.body.id]).size).toBe(3);
    const listed = await call(b, 'GET', '/__emulator/worlds');
    // Oldest first: the two made at once in either order.
    const ids = listed.body.worlds.map((w: { id: string }) => w.id) as string[];
    expect(ids.slice(0, 2)).toEqual(['default', world]);
    expect(ids.slice(2).sort()).toEqual([x.body.id, y.body.id].sort());
    expect(listed.body.worlds[1]).toMatchObject({ id: world, scenario: 'default', seed: 77 });

    const made = await call(a, 'POST', '/api/v1/transcripts', { messages: [{ role: 'user', content: 'only in the created world' }] }, world);
    expect(made.status).toBe(201);
    const id = made.body.transcript?._id ?? made.body._id;
    const read = await call(b, 'GET', `/api/v1/transcripts/${id}`, undefined, world);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain('only in the created world');
    // The default world (through either process) does not see it.
    expect((await call(b, 'GET', `/api/v1/transcripts/${id}`)).status).toBe(404);
    expect((await call(a, 'GET', `/api/v1/transcripts/${id}`)).status).toBe(404);
    // A write through B in the world is read through A; the world's clock is shared, the default one's untouched.
    const second = await call(b, 'POST', '/api/v1/transcripts', { messages: [{ role: 'user', content: 'B in the world' }] }, world);
    expect(second.status).toBe(201);
    const secondId = second.body.transcript?._id ?? second.body._id;
    expect(secondId).not.toBe(id);
    expect((await call(a, 'GET', `/api/v1/transcripts/${secondId}`, undefined, world)).status).toBe(200);
    const defaultBefore = (await call(a, 'GET', '/__emulator/clock')).body.now as number;
    const before = (await call(b, 'GET', '/__emulator/clock', undefined, world)).body.now as number;
    expect((await call(a, 'POST', '/__emulator/clock', { advanceMs: 5000 }, world)).status).toBe(200);
    expect((await call(b, 'GET', '/__emulator/clock', undefined, world)).body.now).toBe(before + 5000);
    expect((await call(b, 'GET', '/__emulator/clock')).body.now).toBe(defaultBefore);

    expect((await call(a, 'DELETE', `/__emulator/worlds/${world}`)).status).toBe(204);
    const gone = await call(b, 'GET', `/api/v1/transcripts/${id}`, undefined, world);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('WORLD_NOT_FOUND');
    expect((await call(b, 'DELETE', `/__emulator/worlds/${world}`)).body.error.code).toBe('WORLD_NOT_FOUND');
    expect((await call(b, 'GET', '/__emulator/worlds')).body.worlds.map((w: { id: string }) => w.id)).toEqual(ids.filter((id) => id !== world));
  });
});
