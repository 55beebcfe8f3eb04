// Benchmark entry point (`npm run bench`): runs (a)–(d) side by side in one process and prints a README table.
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { markdownTable, ms, ratio, rps, spreadLine, verdict } from './stats.js';

// Fixed iteration counts: the structure of a run never depends on how fast the machine is.
const CONFIG = {
  createSqlite: { iterations: 50 },
  createPglite: { iterations: 3 },
  resetSqlite: { iterations: 500, warmup: 20 },
  resetPglite: { iterations: 30, warmup: 3 },
  snapshotSqlite: { iterations: 300, warmup: 20 },
  snapshotPglite: { iterations: 50, warmup: 10 },
  msw: { rounds: 10, perRound: 300, warmup: 200 },
  http: { rounds: 3, seconds: 5, warmupSeconds: 2, connections: 10 },
};

const TARGETS = {
  createSqlite: { op: '<=', limit: 50, show: '≤ 50 ms' },
  resetSqlite: { op: '<=', limit: 2, show: '≤ 2 ms' },
  resetPglite: { op: '<=', limit: 50, show: '≤ 50 ms' },
  snapshotSqlite: { op: '<=', limit: 5, show: '≤ 5 ms' },
  snapshotPglite: { op: '<=', limit: 5, show: '≤ 5 ms' },
  mswRatio: { op: '<=', limit: 1.5, show: '≤ 1.5×' },
  httpVsBare: { op: '>=', limit: 0.5, show: '≥ 0.5×' },
  httpVsJsonServer: { op: '>=', limit: 5, show: '≥ 5×' },
  allOk: { op: '>=', limit: 1, show: 'all 200' },
  ragP50: { op: '<=', limit: 5, show: '≤ 5 ms' },
  ragRecall: { op: '>=', limit: 0.95, show: '≥ 0.95' },
  ragSpeedup: { op: '>=', limit: 10, show: '≥ 10×' },
  startupFirst: { op: '<=', limit: 150, show: '≤ 150 ms' },
  startupServe: { op: '<=', limit: 300, show: '≤ 300 ms' },
  startupPglite: { op: '<=', limit: 1500, show: '≤ 1.5 s' },
};

const wallStart = performance.now();
const rows = [];
const row = (measure, result, targetKey, value) =>
  rows.push({ measure, result, target: TARGETS[targetKey]?.show, status: targetKey ? verdict(value, TARGETS[targetKey]) : undefined });
const tag = (targetKey, value) => (targetKey ? `   [target ${TARGETS[targetKey].show}: ${verdict(value, TARGETS[targetKey])}]` : '');
const show = (label, text, targetKey, value) => console.log(`  ${label.padEnd(34)} ${text}${tag(targetKey, value)}`);
const version = (name) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;

// (a, first) The very first creation in this process, module loading included: nothing from
// dist/ is imported before this point (the other bench files import it, so they load after).
const importStart = performance.now();
const { createEmulator, VERSION } = await import('../dist/index.js');
const importMs = performance.now() - importStart;
const createStart = performance.now();
const firstEmulator = await createEmulator();
const firstCreateMs = performance.now() - createStart;
await firstEmulator.close();

const { benchCreate, benchReset, benchSnapshot } = await import('./lifecycle.js');
const { benchMsw } = await import('./msw-door.js');
const { benchHttp, PLACEMENT } = await import('./http-load.js');

console.log(`service-emulator ${VERSION} benchmark`);
console.log(`Node ${process.version} on ${process.platform}/${process.arch}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'})`);
console.log(
  `msw ${version('msw')}, autocannon ${version('autocannon')}, json-server ${version('json-server')}, ` +
    `better-sqlite3 ${version('better-sqlite3')}, @electric-sql/pglite ${version('@electric-sql/pglite')}, hono ${version('hono')}`,
);
console.log(`gc between phases: ${typeof globalThis.gc === 'function' ? 'yes (--expose-gc)' : 'no (run with --expose-gc)'}`);

console.log('\n(a) createEmulator() cold start, default scenario');
const firstTotal = importMs + firstCreateMs;
show('SQLite, first in process', `${ms(firstTotal)} (import dist ${ms(importMs)} + create ${ms(firstCreateMs)})`);
row('Cold start, first in process (SQLite, incl. module load)', ms(firstTotal));
const sqliteCreate = await benchCreate('sqlite', { iterations: CONFIG.createSqlite.iterations, measureFirst: false });
console.log(spreadLine('SQLite, warm process', sqliteCreate.stats) + tag('createSqlite', sqliteCreate.stats.median));
row(`Cold start SQLite (median of ${sqliteCreate.stats.n})`, ms(sqliteCreate.stats.median), 'createSqlite', sqliteCreate.stats.median);
const pgCreate = await benchCreate('pglite', { iterations: CONFIG.createPglite.iterations, measureFirst: true });
show('PGlite, first in process', ms(pgCreate.firstMs));
console.log(spreadLine('PGlite, warm process', pgCreate.stats));
row('Cold start PGlite, first in process', ms(pgCreate.firstMs));
row(`Cold start PGlite (median of ${pgCreate.stats.n})`, ms(pgCreate.stats.median));

console.log('\n(b) emulator.reset() after POSTing one transcript (POST not timed)');
const sqliteReset = await benchReset('sqlite', CONFIG.resetSqlite);
console.log(spreadLine('SQLite', sqliteReset) + tag('resetSqlite', sqliteReset.median));
row(`reset() SQLite (median of ${sqliteReset.n})`, ms(sqliteReset.median), 'resetSqlite', sqliteReset.median);
const pgReset = await benchReset('pglite', CONFIG.resetPglite);
console.log(spreadLine('PGlite', pgReset) + tag('resetPglite', pgReset.median));
row(`reset() PGlite (median of ${pgReset.n})`, ms(pgReset.median), 'resetPglite', pgReset.median);

console.log('\n(b2) emulator.snapshot() and emulator.restore(snapshot), default scenario, a POST before each and one in between (not timed)');
for (const [storage, config, target] of [['sqlite', CONFIG.snapshotSqlite, 'snapshotSqlite'], ['pglite', CONFIG.snapshotPglite, 'snapshotPglite']]) {
  const name = storage === 'sqlite' ? 'SQLite' : 'PGlite';
  const snap = await benchSnapshot(storage, config);
  console.log(spreadLine(`${name} snapshot()`, snap.snapshot) + tag(target, snap.snapshot.median));
  console.log(spreadLine(`${name} restore()`, snap.restore) + tag(target, snap.restore.median));
  row(`snapshot() ${name} (median of ${snap.snapshot.n})`, ms(snap.snapshot.median), target, snap.snapshot.median);
  row(`restore() ${name} (median of ${snap.restore.n})`, ms(snap.restore.median), target, snap.restore.median);
}

const { rounds, perRound } = CONFIG.msw;
console.log(`\n(c) In-process GET /api/v1/transcripts via msw/node, ${rounds} interleaved rounds × ${perRound} sequential fetches per side`);
const msw = await benchMsw(CONFIG.msw);
console.log(`  body ${msw.bodyBytes} bytes; same bytes from both handlers: ${msw.sameBytes}; content-types: ${msw.contentTypes.join(' / ')}`);
console.log(spreadLine('emulator door (createHandlers)', msw.emulator));
console.log(spreadLine('bare MSW handler', msw.bare));
console.log(`  per-round ratios: ${msw.roundRatios.map((r) => r.toFixed(2)).join(', ')}`);
show('ratio emulator / bare', ratio(msw.ratio), 'mswRatio', msw.ratio);
row('MSW door, GET transcripts (median per request)', ms(msw.emulator.median));
row('Bare MSW handler, same JSON (median per request)', ms(msw.bare.median));
row('MSW door / bare MSW handler', ratio(msw.ratio), 'mswRatio', msw.ratio);

const h = CONFIG.http;
console.log(`\n(d) HTTP GET transcripts, autocannon ${h.connections} connections × ${h.seconds} s, ${h.rounds} rotating rounds (+${h.warmupSeconds} s warm-up each)`);
console.log(`  placement: ${PLACEMENT}`);
const http = await benchHttp(h);
console.log(`  json-server: ${http.jsonServerCommand}`);
console.log(
  `  pre-check statuses ${JSON.stringify(http.checks.statuses)}; emulator/bare same bytes: ${http.checks.emulatorBareSameBytes} ` +
    `(${http.checks.bodyBytes} B); json-server same list: ${http.checks.jsonServerSameList} (${http.checks.jsonServerBytes} B, pretty-printed)`,
);
console.log(`  content-types ${JSON.stringify(http.checks.contentTypes)}`);
let allOk = true;
for (const [name, r] of Object.entries(http.results)) {
  const ok = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.ok === r.total;
  allOk &&= ok;
  console.log(
    `  ${name.padEnd(11)} median ${rps(r.median).padStart(14)}  rounds [${r.rps.map((v) => Math.round(v)).join(', ')}]  ` +
      `responses ${r.total}, 2xx ${r.ok}, non2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`,
  );
}
show('ratio emulator / bare node:http', ratio(http.vsBare), 'httpVsBare', http.vsBare);
show('ratio emulator / json-server', ratio(http.vsJsonServer), 'httpVsJsonServer', http.vsJsonServer);
show('every response 200', String(allOk), 'allOk', allOk ? 1 : 0);
row('HTTP emulator (startServer), GET transcripts', rps(http.results.emulator.median));
row('HTTP bare node:http, same bytes', rps(http.results.bare.median));
row('HTTP json-server 0.17.4, same list', rps(http.results.jsonServer.median));
row('HTTP emulator / bare node:http', ratio(http.vsBare), 'httpVsBare', http.vsBare);
row('HTTP emulator / json-server', ratio(http.vsJsonServer), 'httpVsJsonServer', http.vsJsonServer);
row('HTTP responses with status 200', allOk ? 'all' : 'some not 200', 'allOk', allOk ? 1 : 0);

const { benchRag, RAG_CONFIG } = await import('./rag.js');
console.log(
  `\n(e) RAG: index ${RAG_CONFIG.small.toLocaleString('en-US')} chunks end to end (20 uploads, pipeline, first query builds the HNSW index), ` +
    `${RAG_CONFIG.queries} context queries; vector layer at 10k and 100k (HNSW vs exact, recall@10 over ${RAG_CONFIG.recallQueries} queries)`,
);
const rag = await benchRag(RAG_CONFIG);
show('indexing, end to end', `${Math.round(rag.e2e.chunksPerSec)} chunks/s (${rag.e2e.chunks} chunks in ${ms(rag.e2e.indexMs)})`);
console.log(spreadLine('context via emulator.fetch, 10k', rag.e2e.latency) + `  p99 ${ms(rag.e2e.p99)}`);
for (const size of ['small', 'large']) {
  const r = rag[size];
  const label = size === 'small' ? '10k' : '100k';
  show(`vector index build, ${label}`, `${Math.round(r.indexChunksPerSec)} chunks/s (embed ${ms(r.embedMs)}, HNSW insert ${ms(r.insertMs)})`);
  console.log(spreadLine(`HNSW query (embed+search), ${label}`, r.hnsw) + `  p99 ${ms(r.hnswP99)}`);
  console.log(spreadLine(`exact query, ${label}`, r.exact));
  show(`recall@10 HNSW vs exact, ${label}`, r.recall.toFixed(3), size === 'large' ? 'ragRecall' : undefined, r.recall);
}
const speedup = rag.large.exact.median / rag.large.hnsw.median;
show('HNSW speed-up over exact, 100k', ratio(speedup), 'ragSpeedup', speedup);
row(`RAG indexing end to end, ${rag.e2e.chunks} chunks`, `${Math.round(rag.e2e.chunksPerSec)} chunks/s`);
row('RAG vector index build (embed + HNSW), 10k', `${Math.round(rag.small.indexChunksPerSec)} chunks/s`);
row('RAG context p50 / p99 via emulator.fetch, 10k', `${ms(rag.e2e.latency.median)} / ${ms(rag.e2e.p99)}`);
row('RAG HNSW query p50 / p99, 10k', `${ms(rag.small.hnsw.median)} / ${ms(rag.small.hnswP99)}`);
row('RAG HNSW query p50 / p99, 100k', `${ms(rag.large.hnsw.median)} / ${ms(rag.large.hnswP99)}`, 'ragP50', rag.large.hnsw.median);
row('RAG exact query p50, 100k', ms(rag.large.exact.median));
row('RAG HNSW / exact speed-up, 100k', ratio(speedup), 'ragSpeedup', speedup);
row('RAG recall@10 HNSW vs exact, 10k', rag.small.recall.toFixed(3));
row('RAG recall@10 HNSW vs exact, 100k', rag.large.recall.toFixed(3), 'ragRecall', rag.large.recall);

const { benchStartup, STARTUP_CONFIG } = await import('./startup.js');
console.log(`\n(f) Start-up in fresh processes, ${STARTUP_CONFIG.rounds} alternating rounds (PGlite ${STARTUP_CONFIG.pgliteRounds}), medians`);
const boot = await benchStartup(STARTUP_CONFIG);
console.log(spreadLine('first createEmulator() incl. import', boot.sqliteTotal) + tag('startupFirst', boot.sqliteTotal.median));
show('  of which', `import dist ${ms(boot.sqliteImport.median)} + create ${ms(boot.sqliteCreate.median)} (default driver, default scenario)`);
console.log(spreadLine('serve to first answer', boot.serve) + tag('startupServe', boot.serve.median));
console.log(spreadLine('bare node:http to first answer', boot.bare));
console.log(spreadLine('PGlite first create (after import)', boot.pgliteCreate) + tag('startupPglite', boot.pgliteCreate.median));
row(`First createEmulator() in a fresh process, incl. import (median of ${boot.sqliteTotal.n})`, ms(boot.sqliteTotal.median), 'startupFirst', boot.sqliteTotal.median);
row(`serve to first answer, process start included (median of ${boot.serve.n})`, ms(boot.serve.median), 'startupServe', boot.serve.median);
row('Bare node:http server to first answer (same measure)', ms(boot.bare.median));
row(`PGlite first create in a fresh process (median of ${boot.pgliteCreate.n})`, ms(boot.pgliteCreate.median), 'startupPglite', boot.pgliteCreate.median);

const misses = rows.filter((r) => r.status === 'MISS');
console.log(`\nTotal bench time ${((performance.now() - wallStart) / 1000).toFixed(1)} s. ${misses.length ? `MISSES: ${misses.map((r) => r.measure).join('; ')}` : 'All targets met.'}`);
console.log(`\n### Benchmark (Node ${process.version}, ${cpus().length} CPUs)\n`);
console.log(markdownTable(rows));
