// (d) HTTP load with autocannon: the emulator's startServer vs bare node:http vs json-server@0.17.4.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { LIST_PATH, ROOT, apiKeyOf, captureList, createLoadEmulator } from './shared.js';
import { gc, median } from './stats.js';

export const PLACEMENT =
  'each server in its own child process (one core serving, the other running autocannon in the bench process); ' +
  'json-server can only run as a child, so the emulator and the bare server do too';

const CHILD = join(ROOT, 'bench', 'http-server-child.js');
const JSON_SERVER_BIN = join(ROOT, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');

function forkServer(mode, bodyFile, contentType) {
  const child = fork(CHILD, [mode, bodyFile, contentType], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', ({ port }) => resolve({ child, url: `http://127.0.0.1:${port}` }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startJsonServer(dbFile) {
  const port = await freePort();
  const args = [JSON_SERVER_BIN, '--port', String(port), '--host', '127.0.0.1', '--quiet', dbFile];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`json-server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/transcripts`)).ok) return { child, url, command: `node node_modules/json-server/lib/cli/bin.js ${args.slice(1).join(' ')}` };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('json-server did not start');
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function load(url, headers, { connections, seconds }) {
  return autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
}

export async function benchHttp({ rounds, seconds, warmupSeconds, connections }) {
  const emulator = await createLoadEmulator();
  const captured = await captureList(emulator);
  const key = apiKeyOf(emulator);
  await emulator.close();

  const dir = mkdtempSync(join(tmpdir(), 'emulator-bench-'));
  const bodyFile = join(dir, 'body.json');
  const dbFile = join(dir, 'db.json');
  writeFileSync(bodyFile, captured.text);
  writeFileSync(dbFile, JSON.stringify({ transcripts: captured.body.transcripts }, null, 2));

  const started = [];
  try {
    const servers = {
      emulator: await forkServer('emulator', bodyFile, captured.contentType),
      bare: await forkServer('bare', bodyFile, captured.contentType),
      jsonServer: await startJsonServer(dbFile),
    };
    started.push(...Object.values(servers).map((s) => s.child));
    const targets = {
      emulator: { url: servers.emulator.url + LIST_PATH, headers: { 'x-api-key': key } },
      bare: { url: servers.bare.url + LIST_PATH, headers: { 'x-api-key': key } },
      jsonServer: { url: servers.jsonServer.url + '/transcripts', headers: { 'x-api-key': key } },
    };

    // Same answers before load: emulator and bare give identical bytes, json-server the same list.
    const check = {};
    for (const [name, t] of Object.entries(targets)) {
      const res = await fetch(t.url, { headers: t.headers });
      check[name] = { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    }
    const checks = {
      statuses: Object.fromEntries(Object.entries(check).map(([n, c]) => [n, c.status])),
      contentTypes: Object.fromEntries(Object.entries(check).map(([n, c]) => [n, c.type])),
      emulatorBareSameBytes: check.emulator.text === check.bare.text,
      jsonServerSameList: isDeepStrictEqual(JSON.parse(check.jsonServer.text), captured.body.transcripts),
      bodyBytes: Buffer.byteLength(captured.text),
      jsonServerBytes: Buffer.byteLength(check.jsonServer.text),
    };

    const names = Object.keys(targets);
    for (const name of names) await load(targets[name].url, targets[name].headers, { connections, seconds: warmupSeconds });

    const results = Object.fromEntries(names.map((n) => [n, { rps: [], total: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0 }]));
    for (let r = 0; r < rounds; r++) {
      const order = names.map((_, i) => names[(i + r) % names.length]); // rotate who goes first
      for (const name of order) {
        gc();
        const out = await load(targets[name].url, targets[name].headers, { connections, seconds });
        const acc = results[name];
        acc.rps.push(out.requests.average);
        acc.total += out.requests.total;
        acc.ok += out['2xx'];
        acc.non2xx += out.non2xx;
        acc.errors += out.errors;
        acc.timeouts += out.timeouts;
      }
    }
    for (const acc of Object.values(results)) acc.median = median(acc.rps);
    return {
      results,
      checks,
      jsonServerCommand: servers.jsonServer.command,
      vsBare: results.emulator.median / results.bare.median,
      vsJsonServer: results.emulator.median / results.jsonServer.median,
    };
  } finally {
    await Promise.all(started.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}
