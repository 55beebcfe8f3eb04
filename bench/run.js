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
  http: { rounds: 3, seconds: 3, warmupSeconds: 1, connections: 10 },
};
// BENCH_QUICK=1: fewer MSW requests and shorter HTTP rounds, for a before/after on a busy machine.
if (process.env.BENCH_QUICK) Object.assign(CONFIG, { msw: { rounds: 4, perRound: 150, warmup: 100 }, http: { rounds: 3, seconds: 2, warmupSeconds: 1, connections: 10 } });

const TARGETS = {
  createSqlite: { op: '<=', limit: 50, show: '≤ 50 ms' },
  resetSqlite: { op: '<=', limit: 2, show: '≤ 2 ms' },
  resetPglite: { op: '<=', limit: 50, show: '≤ 50 ms' },
  snapshotSqlite: { op: '<=', limit: 5, show: '≤ 5 ms' },
  snapshotPglite: { op: '<=', limit: 5, show: '≤ 5 ms' },
  mswRatio: { op: '<=', limit: 1.3, show: '≤ 1.3×' },
  httpVsBare: { op: '>=', limit: 0.5, show: '≥ 0.5×' },
  httpVsMock: { op: '>=', limit: 5, show: '≥ 5×' },
  allOk: { op: '>=', limit: 1, show: 'all 200' },
  ragP50: { op: '<=', limit: 5, show: '≤ 5 ms' },
  ragRecall: { op: '>=', limit: 0.95, show: '≥ 0.95' },
  ragSpeedup: { op: '>=', limit: 10, show: '≥ 10×' },
  startupFirst: { op: '<=', limit: 150, show: '≤ 150 ms' },
  startupServe: { op: '<=', limit: 300, show: '≤ 300 ms' },
  startupPglite: { op: '<=', limit: 1500, show: '≤ 1.5 s' },
  worldCreate: { op: '<=', limit: 2, show: '≤ 2 ms' },
  worldRss: { op: '<=', limit: 2, show: '≤ 2 MB' },
  worldLastOk: { op: '>=', limit: 1, show: '200' },
};

const wallStart = performance.now();
// BENCH_ONLY=lifecycle,msw,http,rag,curves,load,startup,transcripts,worlds runs only those parts (for a quick before/after); default: all.
const ONLY = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
const runs = (part) => !ONLY || ONLY.includes(part);
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

if (runs('lifecycle')) {
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

}

if (runs('msw')) {
  const { rounds, perRound } = CONFIG.msw;
  console.log(`\n(c) In-process list, get-by-id and create via msw/node, ${rounds} interleaved rounds × ${perRound} sequential fetches per side`);
  const msw = await benchMsw(CONFIG.msw);
  for (const [kind, m] of Object.entries(msw)) {
    console.log(
      `  ${kind.padEnd(7)} body ${String(m.bodyBytes).padStart(5)} B, same answer ${m.sameBytes}; ` +
        `emulator p50 ${ms(m.emulator.p50)} p99 ${ms(m.emulator.p99)}; bare p50 ${ms(m.bare.p50)} p99 ${ms(m.bare.p99)} (n=${m.emulator.n})`,
    );
    show(`${kind}: MSW door / bare, p50`, ratio(m.p50Ratio), 'mswRatio', m.p50Ratio);
    show(`${kind}: MSW door / bare, p99`, ratio(m.p99Ratio), 'mswRatio', m.p99Ratio);
    row(`MSW ${kind}: door p50 / p99`, `${ms(m.emulator.p50)} / ${ms(m.emulator.p99)}`);
    row(`MSW ${kind}: bare handler p50 / p99`, `${ms(m.bare.p50)} / ${ms(m.bare.p99)}`);
    row(`MSW ${kind}: door / bare, p50`, ratio(m.p50Ratio), 'mswRatio', m.p50Ratio);
    row(`MSW ${kind}: door / bare, p99`, ratio(m.p99Ratio), 'mswRatio', m.p99Ratio);
  }
}

if (runs('http')) {
  const h = CONFIG.http;
  const beforeDist = process.env.BENCH_BEFORE_DIST;
  console.log(`\n(d) HTTP list, get-by-id and create, autocannon ${h.connections} connections × ${h.seconds} s, ${h.rounds} rotating rounds (+${h.warmupSeconds} s warm-up each)`);
  console.log(`  placement: ${PLACEMENT}`);
  if (beforeDist) console.log(`  "before" = the emulator built in ${beforeDist} (BENCH_BEFORE_DIST), served beside this build`);
  const http = await benchHttp(h, { beforeDist });
  for (const [name, command] of Object.entries(http.commands)) console.log(`  ${name}: ${command}`);
  for (const [name, reason] of Object.entries(http.skipped)) console.log(`  ${name}: skipped (${reason})`);
  let allOk = true;
  const others = [['jsonServer', 'json-server 0.17.4'], ['prism', 'Prism'], ['mockoon', 'Mockoon']];
  for (const [kind, results] of Object.entries(http.results)) {
    const c = http.checks[kind];
    console.log(`  ${kind}: statuses ${JSON.stringify(Object.fromEntries(http.names.map((n) => [n, c[n].status])))}, bytes ${JSON.stringify(Object.fromEntries(http.names.map((n) => [n, c[n].bytes])))}` + (c.sameBytesAsBare === undefined ? '' : `, emulator = bare bytes: ${c.sameBytesAsBare}`));
    for (const [name, r] of Object.entries(results)) {
      const ok = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.ok === r.total;
      allOk &&= ok;
      console.log(
        `    ${name.padEnd(11)} median ${rps(r.median).padStart(14)}  rounds [${r.rps.map((v) => Math.round(v)).join(', ')}]  ` +
          `responses ${r.total}, 2xx ${r.ok}, non2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`,
      );
    }
    const emu = results.emulator.median;
    const vsBare = emu / results.bare.median;
    show(`${kind}: emulator / bare node:http`, ratio(vsBare), 'httpVsBare', vsBare);
    row(`HTTP ${kind}: emulator (startServer)`, rps(emu));
    row(`HTTP ${kind}: bare node:http, same bytes`, rps(results.bare.median));
    row(`HTTP ${kind}: emulator / bare node:http`, ratio(vsBare), 'httpVsBare', vsBare);
    if (results.before) {
      show(`${kind}: emulator / before`, ratio(emu / results.before.median));
      row(`HTTP ${kind}: before (BENCH_BEFORE_DIST)`, rps(results.before.median));
    }
    for (const [name, label] of others) {
      if (!results[name]) {
        row(`HTTP ${kind}: emulator / ${label}`, 'skipped', 'httpVsMock', NaN);
        continue;
      }
      const v = emu / results[name].median;
      show(`${kind}: emulator / ${label}`, ratio(v), 'httpVsMock', v);
      row(`HTTP ${kind}: ${label}`, rps(results[name].median));
      row(`HTTP ${kind}: emulator / ${label}`, ratio(v), 'httpVsMock', v);
    }
  }
  show('every response 2xx', String(allOk), 'allOk', allOk ? 1 : 0);
  row('HTTP responses with status 2xx', allOk ? 'all' : 'some not 2xx', 'allOk', allOk ? 1 : 0);
}

Object.assign(TARGETS, {
  ragIngest: { op: '>=', limit: 10_000, show: '≥ 10,000 chunks/s' },
  ragCurve: { op: '<=', limit: 2, show: '≤ 2× the 1k figure' },
  ragSearchP50: { op: '<=', limit: 10, show: '≤ 10 ms' },
  ragContextP50: { op: '<=', limit: 5, show: '≤ 5 ms' },
  ragPglite: { op: '<=', limit: 3, show: '≤ 3× SQLite' },
  ragFirst: { op: '<=', limit: 2, show: '≤ 2× warm p50' },
  loadP99: { op: '<=', limit: 50, show: '≤ 50 ms' },
  loadMax: { op: '<=', limit: 200, show: '≤ 200 ms' },
  loadClean: { op: '<=', limit: 0, show: '0' },
});

if (runs('rag')) {
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
show('ingest target (end to end, 10k)', `${Math.round(rag.e2e.chunksPerSec)} chunks/s`, 'ragIngest', rag.e2e.chunksPerSec);
row(`RAG ingest end to end (upload → searchable → first query), ${rag.e2e.chunks} chunks`, `${Math.round(rag.e2e.chunksPerSec)} chunks/s`, 'ragIngest', rag.e2e.chunksPerSec);
}

// (f) and (g), issue 13 targets 3, 4, 6 and 7: RAG curves, first query after a swap, ingest, load.
if (runs('curves')) {
const { benchCurves, CURVES_CONFIG } = await import('./curves-rag.js');
console.log(`\n(f) RAG curves: search and context at ${CURVES_CONFIG.sizes.join(', ')} distinct chunks (SQLite; PGlite at ${CURVES_CONFIG.pgliteSizes.join(', ')}), ${CURVES_CONFIG.queries} queries each; first context query after load, reset, restore and import`);
const curves = await benchCurves(CURVES_CONFIG);
for (const [storage, list] of Object.entries(curves)) {
  for (const r of list) {
    console.log(
      `  ${storage.padEnd(6)} ${String(r.n).padStart(6)} chunks: load ${ms(r.loadMs)}; search p50 ${ms(r.search.p50)} p99 ${ms(r.search.p99)}; context p50 ${ms(r.context.p50)} p99 ${ms(r.context.p99)}; ` +
        `first context after load ${ms(r.firstContextAfterLoad)}, reset ${ms(r.firstAfterReset)}, restore ${ms(r.firstAfterRestore)}, import ${ms(r.firstAfterImport)}; first search after reset ${ms(r.firstSearchAfterReset)}`,
    );
  }
}
const sq = curves.sqlite;
if (sq.length > 0) {
  const base = sq[0];
  for (const r of sq) {
    const label = `${r.n.toLocaleString('en-US')}`;
    row(`RAG search p50, SQLite, ${label} chunks`, ms(r.search.p50), 'ragSearchP50', r.search.p50);
    row(`RAG context p50, SQLite, ${label} chunks`, ms(r.context.p50), 'ragContextP50', r.context.p50);
    if (r !== base) {
      row(`RAG search ${label} / ${base.n.toLocaleString('en-US')} (SQLite p50)`, ratio(r.search.p50 / base.search.p50), 'ragCurve', r.search.p50 / base.search.p50);
      row(`RAG context ${label} / ${base.n.toLocaleString('en-US')} (SQLite p50)`, ratio(r.context.p50 / base.context.p50), 'ragCurve', r.context.p50 / base.context.p50);
    }
    const warm = r.context.p50;
    for (const [what, value] of [['load', r.firstContextAfterLoad], ['reset', r.firstAfterReset], ['restore', r.firstAfterRestore], ['import', r.firstAfterImport]]) {
      row(`RAG first context after ${what} / warm, SQLite, ${label}`, `${ms(value)} (${ratio(value / warm)})`, 'ragFirst', value / warm);
    }
  }
}
for (const r of curves.pglite) {
  const s = sq.find((x) => x.n === r.n);
  if (!s) continue;
  const worst = Math.max(r.search.p50 / s.search.p50, r.context.p50 / s.context.p50);
  row(`RAG PGlite / SQLite p50 (search ${ms(r.search.p50)}, context ${ms(r.context.p50)}), ${r.n.toLocaleString('en-US')}`, ratio(worst), 'ragPglite', worst);
}
}

if (runs('load')) {
const { benchLoad, LOAD_CONFIG } = await import('./load.js');
console.log(`\n(g) Under load: ${LOAD_CONFIG.clients} concurrent clients (reads, writes, uploads) for ${LOAD_CONFIG.seconds} s through the HTTP door on 127.0.0.1`);
const load = await benchLoad(LOAD_CONFIG);
console.log(`  ${load.requests} requests; p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, max ${ms(load.max)}; errors ${load.errors}; writes read back ${load.writes}, lost ${load.lost}`);
for (const [kind, k] of Object.entries(load.kinds)) console.log(`  ${kind.padEnd(7)} n=${k.n} p50 ${ms(k.p50)} p99 ${ms(k.p99)} max ${ms(k.max)}`);
if (load.errorSamples.length) console.log(`  error samples: ${load.errorSamples.join(' | ')}`);
row(`Load p99, ${LOAD_CONFIG.clients} clients × ${LOAD_CONFIG.seconds} s (HTTP)`, ms(load.p99), 'loadP99', load.p99);
row(`Load max, ${LOAD_CONFIG.clients} clients × ${LOAD_CONFIG.seconds} s (HTTP)`, ms(load.max), 'loadMax', load.max);
row('Load errors + lost writes', `${load.errors} + ${load.lost} (of ${load.writes} writes)`, 'loadClean', load.errors + load.lost);
// Not a target: the server's CPU per request and event-loop use, comparable between runs where wall
// latencies are not (a closed loop of 100 clients waits ~100 × CPU per request whatever the order).
row('Load server CPU per request (event loop busy)', `${load.serverCpuMsPerRequest.toFixed(2)} ms (${Math.round(load.serverEventLoopUtilization * 100)} %)`);
// The rest of a client's latency is waiting to be read: 100 clients that never pause keep the server's
// queue full (Little's law: mean latency ≈ clients / throughput).
row('Load server time per request, parsed to answered: p50 / p99 / max', `${ms(load.serverTime.p50)} / ${ms(load.serverTime.p99)} / ${ms(load.serverTime.max)}`);
}

if (runs('startup')) {
const { benchStartup, startupBuild, STARTUP_CONFIG } = await import('./startup.js');
console.log(`\n(h) Start-up in fresh processes, ${STARTUP_CONFIG.rounds} alternating rounds (PGlite ${STARTUP_CONFIG.pgliteRounds}), medians`);
const boot = await benchStartup(STARTUP_CONFIG);
console.log(spreadLine('first createEmulator() incl. import', boot.sqliteTotal) + tag('startupFirst', boot.sqliteTotal.median));
show('  of which', `import dist ${ms(boot.sqliteImport.median)} + create ${ms(boot.sqliteCreate.median)} (default driver, default scenario)`);
show('  dist', startupBuild());
console.log(spreadLine('serve to first answer', boot.serve) + tag('startupServe', boot.serve.median));
console.log(spreadLine('bare node:http to first answer', boot.bare));
console.log(spreadLine('PGlite first create (after import)', boot.pgliteCreate) + tag('startupPglite', boot.pgliteCreate.median));
row(`First createEmulator() in a fresh process, incl. import (median of ${boot.sqliteTotal.n})`, ms(boot.sqliteTotal.median), 'startupFirst', boot.sqliteTotal.median);
row(`serve to first answer, process start included (median of ${boot.serve.n})`, ms(boot.serve.median), 'startupServe', boot.serve.median);
row('Bare node:http server to first answer (same measure)', ms(boot.bare.median));
row(`PGlite first create in a fresh process (median of ${boot.pgliteCreate.n})`, ms(boot.pgliteCreate.median), 'startupPglite', boot.pgliteCreate.median);
}

if (runs('transcripts')) {
const { benchTranscriptCurves } = await import('./curves-transcripts.js');
console.log('\n(i) Transcript curves: 1k to 1M transcripts (PGlite to 100k), reset/restore after a few writes, RSS per transcript');
await benchTranscriptCurves(undefined, (measure, result, target, status) => rows.push({ measure, result, target, status }));
}

if (runs('worlds')) {
const { benchWorlds, WORLDS_CONFIG } = await import('./worlds.js');
console.log(`\n(j) Worlds: ${WORLDS_CONFIG.worlds} created in one emulator (SQLite, default scenario), ${WORLDS_CONFIG.opened} of them opened by a request`);
const w = await benchWorlds(WORLDS_CONFIG);
console.log(spreadLine('create (POST /__emulator/worlds)', w.create) + tag('worldCreate', w.create.median));
console.log(spreadLine('open (first request on a world)', w.open));
show('RSS per created world', `${w.rssCreated.toFixed(3)} MB`, 'worldRss', w.rssCreated);
show('RSS per opened world', `${w.rssOpened.toFixed(2)} MB`, 'worldRss', w.rssOpened);
show(`request on world #${WORLDS_CONFIG.worlds}`, `first ${ms(w.lastFirstMs)} (opens it), next ${ms(w.lastNextMs)}`, 'worldLastOk', w.lastOk ? 1 : 0);
show('delete, per world', ms(w.deletePerWorld));
row(`World create, POST /__emulator/worlds (median of ${w.create.n})`, ms(w.create.median), 'worldCreate', w.create.median);
row(`World open, first request on a world (median of ${w.open.n})`, ms(w.open.median));
row(`RSS per created world (${WORLDS_CONFIG.worlds} worlds)`, `${w.rssCreated.toFixed(3)} MB`, 'worldRss', w.rssCreated);
row(`RSS per opened world (${WORLDS_CONFIG.opened} worlds)`, `${w.rssOpened.toFixed(2)} MB`, 'worldRss', w.rssOpened);
row(`Request on world #${WORLDS_CONFIG.worlds} (first, then next)`, `${ms(w.lastFirstMs)}, ${ms(w.lastNextMs)}`, 'worldLastOk', w.lastOk ? 1 : 0);
}

const misses = rows.filter((r) => r.status === 'MISS');
console.log(`\nTotal bench time ${((performance.now() - wallStart) / 1000).toFixed(1)} s. ${misses.length ? `MISSES: ${misses.map((r) => r.measure).join('; ')}` : 'All targets met.'}`);
console.log(`\n### Benchmark (Node ${process.version}, ${cpus().length} CPUs)\n`);
console.log(markdownTable(rows));
