// (d) HTTP load with autocannon on list, get-by-id and create: the emulator's startServer vs bare
// node:http (same bytes) vs json-server@0.17.4, Prism and Mockoon (fed the emulator's OpenAPI).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { REQUESTS, ROOT, apiKeyOf, capture, createLoadEmulator, headersFor } from './shared.js';
import { startJsonServer, startMockoon, startPrism, toolPaths } from './mock-tools.js';
import { gc, median } from './stats.js';

export const PLACEMENT =
  'each server in its own child process (one core serving, the other running autocannon in the bench process); ' +
  'json-server, Prism and Mockoon can only run as children, so the emulator and the bare server do too';

const CHILD = join(ROOT, 'bench', 'http-server-child.js');

function forkServer(mode, arg) {
  const child = fork(CHILD, [mode, arg], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', ({ port }) => resolve({ child, url: `http://127.0.0.1:${port}` }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function load(t, { connections, seconds }) {
  return autocannon({ url: t.url, method: t.method, headers: t.headers, body: t.body, connections, duration: seconds, pipelining: 1 });
}

/**
 * `options.beforeDist`: another build's dist directory (BENCH_BEFORE_DIST), served beside this one
 * as "before", so before/after numbers come from the same minute.
 */
export async function benchHttp({ rounds, seconds, warmupSeconds, connections }, options = {}) {
  const emulator = await createLoadEmulator();
  const key = apiKeyOf(emulator);
  const captured = {};
  for (const [name, request] of Object.entries(REQUESTS)) captured[name] = await capture(emulator, request);
  const openApi = emulator.openApi();
  await emulator.close();

  const dir = mkdtempSync(join(tmpdir(), 'emulator-bench-'));
  const answersFile = join(dir, 'answers.json');
  const dbFile = join(dir, 'db.json');
  const openApiFile = join(dir, 'openapi.json');
  const answers = {};
  for (const [name, r] of Object.entries(REQUESTS)) answers[`${r.method} ${r.path}`] = captured[name];
  writeFileSync(answersFile, JSON.stringify(answers));
  writeFileSync(dbFile, JSON.stringify({ transcripts: captured.list.body.transcripts }, null, 2));
  writeFileSync(openApiFile, JSON.stringify(openApi));

  const started = [];
  const skipped = {};
  try {
    const servers = {};
    const add = async (name, starting) => {
      const s = await starting;
      started.push(s.child);
      servers[name] = s;
    };
    await add('emulator', forkServer('emulator', join(ROOT, 'dist')));
    if (options.beforeDist) await add('before', forkServer('emulator', resolve(options.beforeDist)));
    await add('bare', forkServer('bare', answersFile));
    await add('jsonServer', startJsonServer(dbFile));
    const tools = toolPaths();
    const probe = REQUESTS.list.path;
    const probeHeaders = { 'x-api-key': key };
    for (const [name, bin, start] of [['prism', tools.prism, startPrism], ['mockoon', tools.mockoon, startMockoon]]) {
      if (!bin) skipped[name] = tools.reason;
      else await add(name, start(bin, openApiFile, probe, probeHeaders)).catch((err) => (skipped[name] = err.message));
    }
    const names = Object.keys(servers);
    const targetOf = (server, request) => ({
      url: servers[server].url + (server === 'jsonServer' ? request.jsonServerPath : request.path),
      method: request.method,
      headers: headersFor(request, key),
      body: request.body,
    });

    // Same answers before load: emulator and bare give identical bytes; the others answer 2xx.
    const checks = {};
    for (const [kind, request] of Object.entries(REQUESTS)) {
      checks[kind] = {};
      for (const name of names) {
        const t = targetOf(name, request);
        const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
        const text = await res.text();
        checks[kind][name] = { status: res.status, bytes: Buffer.byteLength(text), type: res.headers.get('content-type') };
        if (name === 'emulator' && kind !== 'create') checks[kind].sameBytesAsBare = text === captured[kind].text;
      }
    }

    const results = {};
    // Creates last, so the rows they add never change what list and get measured.
    for (const [kind, request] of Object.entries(REQUESTS)) {
      for (const name of names) await load(targetOf(name, request), { connections, seconds: warmupSeconds });
      const acc = Object.fromEntries(names.map((n) => [n, { rps: [], total: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0 }]));
      for (let r = 0; r < rounds; r++) {
        const order = names.map((_, i) => names[(i + r) % names.length]); // rotate who goes first
        for (const name of order) {
          gc();
          const out = await load(targetOf(name, request), { connections, seconds });
          const a = acc[name];
          a.rps.push(out.requests.average);
          a.total += out.requests.total;
          a.ok += out['2xx'];
          a.non2xx += out.non2xx;
          a.errors += out.errors;
          a.timeouts += out.timeouts;
        }
      }
      for (const a of Object.values(acc)) a.median = median(a.rps);
      results[kind] = acc;
    }
    const commands = Object.fromEntries(Object.entries(servers).filter(([, s]) => s.command).map(([n, s]) => [n, s.command]));
    return { results, checks, skipped, commands, names };
  } finally {
    await Promise.all(started.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}
