// --data DIR: a kept world is resumed (data, clock, random state, counters) on both drivers, a
// kill right after acknowledged writes loses none of them, --fresh starts over, and a corrupt data
// dir is a clear error rather than a stack.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { DRIVERS, NEEDS_SQLITE, SQLITE_LOADS } from './support/doors.js';
import { CLI } from './support/cli-command.js';

const ROOT = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'emu-data-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const FULL = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4mTyACho598A26b3EMtIA5EJzVsL684Y6qyz9KGJ';

async function createTranscript(emulator: Emulator, title: string): Promise<string> {
  const res = await emulator.fetch(
    new Request('http://emulator.test/api/v1/transcripts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': FULL },
      body: JSON.stringify({ title, messages: [{ role: 'user', content: `${title} text` }] }),
    }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

describe.each(DRIVERS)('data dir on %s (JS API)', (driver) => {
  it('resumes the kept world exactly where an uninterrupted one would be', { timeout: 120_000 }, async () => {
    const dir = join(tmp, `resume-${driver}`);
    const straight = await createEmulator({ storage: driver });
    const kept = await createEmulator({ storage: driver, dataDir: dir });
    expect(kept.resumed).toBe(false);
    for (const emulator of [straight, kept]) {
      await createTranscript(emulator, 'First');
      await emulator.clock.advance(90_000);
    }
    await kept.close();

    const resumed = await createEmulator({ storage: driver, dataDir: dir, scenario: 'empty' });
    expect(resumed.resumed).toBe(true);
    expect(resumed.handles.scenario).toBe('default');
    expect(resumed.clock.iso()).toBe('2026-01-01T09:01:30.000Z');
    // Secrets fixed in the kept scenario come back in the handles; generated ones stay unknown.
    const keys = resumed.handles.workspaces.flatMap((ws) => ws.apiKeys);
    expect(keys.map((k) => [k.id, k.secret !== undefined])).toEqual([
      ['key_full', true], ['key_read', true], ['key_rag', true], ['key_revoked', true], ['key_globex', false],
    ]);
    expect(keys[0]!.secret).toBe(FULL);
    const second = await createTranscript(resumed, 'Second');
    expect(second).toBe(await createTranscript(straight, 'Second'));
    // Tables, clock, random state and counters: the same bytes as the emulator that never stopped.
    expect(JSON.stringify(await resumed.exportState())).toBe(JSON.stringify(await straight.exportState()));
    // Keys still work; reset reloads the kept scenario, fixed secrets and all.
    await resumed.reset();
    expect(resumed.handles.workspaces[0]!.apiKeys[0]!.secret).toBe(FULL);
    expect(resumed.clock.iso()).toBe('2026-01-01T09:00:00.000Z');
    await resumed.close();
    await straight.close();

    const fresh = await createEmulator({ storage: driver, dataDir: dir, scenario: 'empty', fresh: true });
    expect(fresh.resumed).toBe(false);
    expect(fresh.handles.scenario).toBe('empty');
    await fresh.close();
  });
});

describe('a corrupt data dir', () => {
  it.skipIf(!SQLITE_LOADS)(`sqlite: a file that is not a database is a clear DataDirError${NEEDS_SQLITE}`, async () => {
    const dir = join(tmp, 'corrupt-sqlite');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'emulator.sqlite'), 'this is not a database '.repeat(500));
    await expect(createEmulator({ dataDir: dir })).rejects.toMatchObject({
      name: 'DataDirError',
      message: `The data dir ${dir} cannot be opened with the sqlite driver (file is not a database). Move the folder away to start afresh.`,
    });
  });

  it.skipIf(!SQLITE_LOADS)(`sqlite: a kept world record that is not JSON is a clear DataDirError${NEEDS_SQLITE}`, async () => {
    const dir = join(tmp, 'corrupt-meta');
    const emulator = await createEmulator({ dataDir: dir });
    await emulator.close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(dir, 'emulator.sqlite'));
    db.prepare("UPDATE meta SET value = '{not json' WHERE key = 'emulator.world'").run();
    db.close();
    await expect(createEmulator({ dataDir: dir })).rejects.toMatchObject({
      name: 'DataDirError',
      message: `The data dir ${dir} is corrupt: its world record is not JSON. Move the folder away, or start with --fresh.`,
    });
    // --fresh replaces the broken world.
    const fresh = await createEmulator({ dataDir: dir, fresh: true });
    expect(fresh.handles.scenario).toBe('default');
    await fresh.close();
  });

  it.skipIf(!SQLITE_LOADS)(`the command prints one clear line and exits 1, without a stack${NEEDS_SQLITE}`, () => {
    const dir = join(tmp, 'corrupt-sqlite');
    const run = spawnSync(process.execPath, [...CLI, 'serve', '--port', '0', '--data', dir], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'));
    expect(lines).toEqual([`service-emulator: The data dir ${dir} cannot be opened with the sqlite driver (file is not a database). Move the folder away to start afresh.`]);
  });
});

interface Served {
  url: string;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
}

function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--clock', 'manual', ...args], { cwd: ROOT });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out} ${err}`)), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /service-emulator listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child, stderr: () => err });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out} ${err}`)));
  });
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
    else child.once('exit', (code, signal) => resolve(signal ?? code));
  });

describe.each(DRIVERS)('serve --data on %s survives SIGKILL', (driver) => {
  it('keeps every acknowledged write across a kill and a restart', { timeout: 240_000 }, async () => {
    const dir = join(tmp, `kill-${driver}`);
    const first = await serve(['--storage', driver, '--data', dir]);
    const post = (url: string, title: string) =>
      fetch(`${url}/api/v1/transcripts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': FULL },
        body: JSON.stringify({ title, messages: [{ role: 'user', content: title }] }),
      });
    const ids: string[] = [];
    for (const title of ['Ack 1', 'Ack 2', 'Ack 3']) {
      const res = await post(first.url, title);
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { _id: string })._id);
    }
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBe('SIGKILL');

    const second = await serve(['--storage', driver, '--data', dir]);
    try {
      expect(second.stderr()).toContain(`service-emulator: resumed the world kept in ${dir} (scenario "default")`);
      const list = (await (await fetch(`${second.url}/api/v1/transcripts?limit=100`, { headers: { 'x-api-key': FULL } })).json()) as {
        transcripts: { _id: string; title: string }[];
      };
      const titles = list.transcripts.map((t) => t.title);
      expect(titles.filter((t) => t.startsWith('Ack '))).toEqual(['Ack 3', 'Ack 2', 'Ack 1']);
      expect(list.transcripts.filter((t) => t.title.startsWith('Ack ')).map((t) => t._id)).toEqual([...ids].reverse());
      // The random state came back with the data: the next id is new.
      const next = await post(second.url, 'After restart');
      expect(next.status).toBe(201);
      expect(ids).not.toContain(((await next.json()) as { _id: string })._id);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });
});
