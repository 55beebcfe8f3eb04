// (f) Transcript curves: list (first, middle, last page), get and create from 1k to 1M transcripts,
// reset/restore after a few writes on a large world, and RSS per transcript.
// Run alone with `node --expose-gc bench/curves-transcripts.js` (after `npm run build`).
import { pathToFileURL } from 'node:url';
import { createEmulator } from '../dist/index.js';
import { BASE_URL, LIST_PATH, apiKeyOf, highLimitScenario } from './shared.js';
import { gc, median, ms, ratio, timeAsync, verdict } from './stats.js';

export const CURVE_CONFIG = {
  sqlite: { sizes: [1_000, 10_000, 100_000, 1_000_000], iterations: 150 },
  // PGlite stops at 100k: seeding 1M rows into PGlite takes minutes, not seconds.
  pglite: { sizes: [1_000, 10_000, 100_000], iterations: 40 },
  limit: 20,
  reset: { sqlite: { size: 25_000, iterations: 60 }, pglite: { size: 3_000, iterations: 20 } },
};

const TARGETS = {
  growth: { op: '<=', limit: 2, show: '≤ 2× 1k' },
  p50: { op: '<=', limit: 5, show: '≤ 5 ms' },
  vsSqlite: { op: '<=', limit: 3, show: '≤ 3× SQLite' },
  resetSqlite: { op: '<=', limit: 2, show: '≤ 2 ms' },
  resetPglite: { op: '<=', limit: 10, show: '≤ 10 ms' },
  rss: { op: '<=', limit: 2048, show: '≤ 2 KB' },
};

const COLUMNS = ['id', 'seq', 'workspace_id', 'title', 'metadata', 'created_at', 'updated_at', 'message_count', 'last_message_at'];
const MSG_COLUMNS = ['transcript_id', 'position', 'role', 'content', 'timestamp'];

/** Rows straight into storage (1M HTTP requests would take the whole bench): one message each. */
async function seed(emulator, from, to) {
  const storage = emulator.here.storage;
  const ws = emulator.handles.workspaces[0].id;
  const seqRow = await storage.get('SELECT COALESCE(MAX(seq), 0) AS n FROM transcripts');
  let seq = Number(seqRow.n);
  const base = Date.parse('2026-01-01T00:00:00Z');
  const batch = 500;
  await storage.transaction(async () => {
    for (let start = from; start < to; start += batch) {
      const end = Math.min(to, start + batch);
      const tParams = [];
      const mParams = [];
      for (let i = start; i < end; i++) {
        const id = `b${i.toString(16).padStart(23, '0')}`;
        // Activity times interleave with creation order, so the list order is not the insert order.
        const at = base - ((i * 7919) % to) * 1000;
        tParams.push(id, ++seq, ws, `Bench transcript ${i}`, '{}', at, at, 1, at);
        mParams.push(id, 0, 'user', JSON.stringify(`Question number ${i} about an order`), at);
      }
      const marks = (cols, n) => Array.from({ length: n }, () => `(${cols.map(() => '?').join(', ')})`).join(', ');
      await storage.run(`INSERT INTO transcripts (${COLUMNS.join(', ')}) VALUES ${marks(COLUMNS, end - start)}`, tParams);
      await storage.run(`INSERT INTO transcript_messages (${MSG_COLUMNS.join(', ')}) VALUES ${marks(MSG_COLUMNS, end - start)}`, mParams);
    }
    // Written around the store: its list-order index is rebuilt on next use (forgetTranscriptOrder).
    await storage.run("DELETE FROM meta WHERE key = 'transcripts.order'");
  });
}

const call = async (emulator, key, path, init = {}) => {
  const res = await emulator.fetch(new Request(BASE_URL + path, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
};

async function p50(iterations, fn) {
  const times = [];
  for (let i = 0; i < iterations; i++) times.push((await timeAsync(() => fn(i))).ms);
  return median(times);
}

function rssNow() {
  gc();
  gc();
  return process.memoryUsage().rss;
}

/** One driver's curve: p50 per operation at each size, and RSS growth per transcript. */
async function curve(storage, { sizes, iterations }, limit) {
  const emulator = await createEmulator({ storage, scenario: await highLimitScenario() });
  const key = apiKeyOf(emulator);
  const points = [];
  let seeded = 0;
  let rssBase;
  try {
    for (const size of sizes) {
      const seedMs = (await timeAsync(() => seed(emulator, seeded, size))).ms;
      seeded = size;
      const rss = rssNow();
      rssBase ??= { rss, size };
      const first = await call(emulator, key, `${LIST_PATH}?limit=${limit}`);
      const total = JSON.parse(first).total;
      const pages = Math.ceil(total / limit);
      const ids = Array.from({ length: iterations }, (_, i) => `b${((i * 104729) % size).toString(16).padStart(23, '0')}`);
      const point = { size, seedMs, rss, total };
      point.listFirst = await p50(iterations, () => call(emulator, key, `${LIST_PATH}?limit=${limit}&page=1`));
      point.listMiddle = await p50(iterations, (i) => call(emulator, key, `${LIST_PATH}?limit=${limit}&page=${Math.ceil(pages / 2) + (i % 3)}`));
      point.listLast = await p50(iterations, () => call(emulator, key, `${LIST_PATH}?limit=${limit}&page=${pages}`));
      point.get = await p50(iterations, (i) => call(emulator, key, `${LIST_PATH}/${ids[i]}`));
      point.create = await p50(iterations, (i) =>
        call(emulator, key, LIST_PATH, { method: 'POST', body: JSON.stringify({ title: `bench ${i}`, messages: [{ role: 'user', content: 'hi' }] }) }),
      );
      points.push(point);
    }
    const last = points.at(-1);
    const rssPerTranscript = last.size > rssBase.size ? (last.rss - rssBase.rss) / (last.size - rssBase.size) : NaN;
    return { points, rssPerTranscript };
  } finally {
    await emulator.close();
  }
}

/** A few writes, then `restore(snapshot)` and `reset()`, on a world of `size` seeded transcripts. */
async function resetRestore(storage, { size, iterations }) {
  const start = await createEmulator({ storage, scenario: await highLimitScenario() });
  await seed(start, 0, size);
  const state = await start.exportState();
  await start.close();
  // Imported, so the seeded rows are the state reset returns to.
  const emulator = await createEmulator({ storage, scenario: await highLimitScenario() });
  await emulator.importState(state);
  const key = apiKeyOf(emulator);
  const writes = (i) => Promise.all([0, 1, 2].map((j) => call(emulator, key, LIST_PATH, { method: 'POST', body: JSON.stringify({ title: `w ${i} ${j}` }) })));
  try {
    const before = JSON.parse(await call(emulator, key, `${LIST_PATH}?limit=1`)).total;
    const snapshot = await emulator.snapshot();
    const restores = [];
    const resets = [];
    // Each in its own run: going back to the snapshot most recently taken or restored is the cheap path.
    for (let i = 0; i < iterations; i++) {
      await writes(i);
      restores.push((await timeAsync(() => emulator.restore(snapshot))).ms);
    }
    await emulator.reset();
    for (let i = 0; i < iterations; i++) {
      await writes(i);
      resets.push((await timeAsync(() => emulator.reset())).ms);
    }
    const after = JSON.parse(await call(emulator, key, `${LIST_PATH}?limit=1`)).total;
    if (after !== before) throw new Error(`${storage}: reset left ${after} transcripts, expected ${before}`);
    return { restore: median(restores), reset: median(resets) };
  } finally {
    await emulator.close();
  }
}

const OPS = ['listFirst', 'listMiddle', 'listLast', 'get', 'create'];

/** Runs every curve; `row(measure, result, target, status)` collects README rows. */
export async function benchTranscriptCurves(config = CURVE_CONFIG, row = () => {}) {
  const curves = {};
  const drivers = config.drivers ?? ['sqlite', 'pglite'];
  for (const storage of drivers) {
    const name = storage === 'sqlite' ? 'SQLite' : 'PGlite';
    const c = await curve(storage, config[storage], config.limit);
    curves[storage] = c;
    const base = c.points[0];
    console.log(`  ${name}: p50 per request (ratio to 1k), limit ${config.limit}`);
    console.log(`    ${'transcripts'.padEnd(12)}${OPS.map((op) => op.padStart(22)).join('')}   seed`);
    for (const p of c.points) {
      const cells = OPS.map((op) => `${ms(p[op])} (${ratio(p[op] / base[op])})`.padStart(22));
      console.log(`    ${p.size.toLocaleString('en-US').padEnd(12)}${cells.join('')}   ${ms(p.seedMs)}`);
    }
    // PGlite against SQLite at each size both reached: the ≤ 3× target, per figure.
    const sqlitePoints = storage === 'pglite' ? curves.sqlite?.points ?? [] : [];
    if (sqlitePoints.length > 0) console.log(`    PGlite / SQLite p50 at the same size [target ${TARGETS.vsSqlite.show}]`);
    for (const p of c.points) {
      const sq = sqlitePoints.find((s) => s.size === p.size);
      if (!sq) continue;
      const cells = OPS.map((op) => `${ratio(p[op] / sq[op])} ${verdict(p[op] / sq[op], TARGETS.vsSqlite)}`.padStart(22));
      console.log(`    ${p.size.toLocaleString('en-US').padEnd(12)}${cells.join('')}`);
      for (const op of OPS) {
        row(`PGlite / SQLite ${op} at ${p.size.toLocaleString('en-US')} transcripts`, `${ratio(p[op] / sq[op])} (${ms(p[op])} / ${ms(sq[op])})`, TARGETS.vsSqlite.show, verdict(p[op] / sq[op], TARGETS.vsSqlite));
      }
    }
    const top = c.points.at(-1);
    for (const op of OPS) {
      const growth = top[op] / base[op];
      const ok = verdict(growth, TARGETS.growth) === 'PASS' && verdict(top[op], TARGETS.p50) === 'PASS' ? 'PASS' : 'MISS';
      let vs = '';
      if (storage === 'pglite') {
        const sq = curves.sqlite?.points.find((p) => p.size === top.size);
        if (sq) vs = `, ${ratio(top[op] / sq[op])} SQLite ${verdict(top[op] / sq[op], TARGETS.vsSqlite)}`;
      }
      console.log(`    ${op.padEnd(11)} ${top.size.toLocaleString('en-US')}: ${ms(top[op])}, ${ratio(growth)} of 1k [target ≤ 2× and ≤ 5 ms: ${ok}]${vs}`);
      row(`${name} ${op} at ${top.size.toLocaleString('en-US')} transcripts (× 1k)`, `${ms(top[op])} (${ratio(growth)})`, '≤ 2× 1k, ≤ 5 ms', ok);
    }
    const kb = c.rssPerTranscript;
    console.log(`    RSS growth ${Math.round(kb)} B per transcript [target ≤ 2 KB: ${verdict(kb, TARGETS.rss)}]`);
    row(`${name} RSS per transcript (1k → ${top.size.toLocaleString('en-US')})`, `${Math.round(kb)} B`, TARGETS.rss.show, verdict(kb, TARGETS.rss));
  }
  for (const storage of drivers) {
    const name = storage === 'sqlite' ? 'SQLite' : 'PGlite';
    const cfg = config.reset[storage];
    const target = storage === 'sqlite' ? TARGETS.resetSqlite : TARGETS.resetPglite;
    const r = await resetRestore(storage, cfg);
    const label = `${name} at ${cfg.size.toLocaleString('en-US')} transcripts, 3 creates before each`;
    console.log(`  ${label}: restore ${ms(r.restore)} [${verdict(r.restore, target)}], reset ${ms(r.reset)} [${verdict(r.reset, target)}] (target ${target.show})`);
    row(`restore() ${name}, ${cfg.size.toLocaleString('en-US')} transcripts + 3 writes`, ms(r.restore), target.show, verdict(r.restore, target));
    row(`reset() ${name}, ${cfg.size.toLocaleString('en-US')} transcripts + 3 writes`, ms(r.reset), target.show, verdict(r.reset, target));
  }
  return curves;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const quick = process.argv.includes('--quick');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const config = quick
    ? { ...CURVE_CONFIG, sqlite: { sizes: [1_000, 10_000, 100_000], iterations: 100 }, pglite: { sizes: [1_000, 10_000], iterations: 30 } }
    : { ...CURVE_CONFIG };
  if (only) config.drivers = [only];
  console.log(`(f) transcript curves${quick ? ' (quick)' : ''}`);
  await benchTranscriptCurves(config);
  console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
