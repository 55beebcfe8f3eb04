// Start-up in fresh processes (issue 13, target 5): the first createEmulator() with its imports,
// `serve` to its first answer, and PGlite's first create; rounds alternate, medians are reported.
// `node bench/startup.js` runs it alone; bench/run.js runs it as section (f).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { summary } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INDEX = new URL('../dist/index.js', import.meta.url).href;
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

/** What the build prepared for start-up (docs/performance-startup.md): a missing piece explains a slow figure. */
export function startupBuild() {
  const has = (path) => existsSync(fileURLToPath(new URL(`../dist/${path}`, import.meta.url)));
  return `bundle ${has('chunks') ? 'yes' : 'no'}, code cache ${has('chunks/core-script.cache') ? 'yes' : 'no'}, PGlite image ${has('pglite-image.json') ? 'yes' : 'no'}, prepared parses ${has('prepared-parses.json') ? 'yes' : 'no'}`;
}

export const STARTUP_CONFIG = { rounds: 5, pgliteRounds: 3 };

/** Imports dist/ and creates one emulator, timed inside a fresh process (Node's own boot excluded). */
const FIRST_CREATE = `
const t0 = performance.now();
const { createEmulator } = await import(${JSON.stringify(INDEX)});
const t1 = performance.now();
const emulator = await createEmulator({ ...(process.argv[1] && { storage: process.argv[1] }), onNotice() {} });
const t2 = performance.now();
await emulator.close();
console.log(JSON.stringify({ importMs: t1 - t0, createMs: t2 - t1 }));
`;

function runNode(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err.slice(0, 500)}`))));
  });
}

async function firstCreate(storage) {
  const line = (await runNode(['--input-type=module', '-e', FIRST_CREATE, storage])).trim().split('\n').at(-1);
  const { importMs, createMs } = JSON.parse(line);
  return { importMs, createMs, totalMs: importMs + createMs };
}

/** Milliseconds from spawning a server process to the first 200 answer of `path`, process boot included. */
function toFirstAnswer(args, path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let done = false;
    const finish = (fn) => {
      if (done) return;
      done = true;
      child.kill();
      fn();
    };
    child.stdout.on('data', async (d) => {
      out += d;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match || done) return;
      try {
        const res = await fetch(match[1] + path);
        await res.arrayBuffer();
        const ms = performance.now() - started;
        finish(() => (res.status === 200 ? resolve(ms) : reject(new Error(`status ${res.status}`))));
      } catch (err) {
        finish(() => reject(err));
      }
    });
    child.once('exit', (code) => finish(() => reject(new Error(`exited ${code} before answering`))));
  });
}

/** The floor: a bare node:http server answering the same way. */
const BARE_SERVER = `
const server = require('node:http').createServer((req, res) => res.end('{"status":"ok"}'));
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

export async function benchStartup(config = STARTUP_CONFIG) {
  const sqlite = [];
  const serve = [];
  const bare = [];
  const pglite = [];
  // Alternating rounds: a slow minute on a shared machine touches every measure alike.
  for (let round = 0; round < config.rounds; round++) {
    sqlite.push(await firstCreate(''));
    serve.push(await toFirstAnswer([CLI, 'serve', '--port', '0'], '/__emulator/health'));
    bare.push(await toFirstAnswer(['-e', BARE_SERVER], '/'));
    if (round < config.pgliteRounds) pglite.push(await firstCreate('pglite'));
  }
  return {
    sqliteTotal: summary(sqlite.map((r) => r.totalMs)),
    sqliteImport: summary(sqlite.map((r) => r.importMs)),
    sqliteCreate: summary(sqlite.map((r) => r.createMs)),
    serve: summary(serve),
    bare: summary(bare),
    pgliteCreate: summary(pglite.map((r) => r.createMs)),
    pgliteImport: summary(pglite.map((r) => r.importMs)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ms, spreadLine, verdict } = await import('./stats.js');
  const r = await benchStartup();
  console.log(`  dist: ${startupBuild()}`);
  const tag = (value, limit) => `   [target ≤ ${limit} ms: ${verdict(value, { op: '<=', limit })}]`;
  console.log(spreadLine('first createEmulator(), SQLite', r.sqliteTotal) + tag(r.sqliteTotal.median, 150));
  console.log(`  ${''.padEnd(34)} import ${ms(r.sqliteImport.median)} + create ${ms(r.sqliteCreate.median)}`);
  console.log(spreadLine('serve to first answer', r.serve) + tag(r.serve.median, 300));
  console.log(spreadLine('bare node:http to first answer', r.bare));
  console.log(spreadLine('PGlite first create', r.pgliteCreate) + tag(r.pgliteCreate.median, 1500));
}
