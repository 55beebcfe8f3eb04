// RAG curves: full-text search and context retrieval from 1k to 100k distinct chunks (SQLite, and
// PGlite beside it), and the first context query after a load, reset, restore and import against a
// warm one. Each world is a scenario whose files are searchable on load (chapter-aware chunking,
// one section per chunk), queried through emulator.fetch.
import { createEmulator } from '../dist/index.js';
import { SeededRandom } from '../dist/seed/random.js';
import { syntheticChunks } from './rag.js';
import { gc, median, quantile } from './stats.js';

// Node loads its fetch classes (undici) on first use in a process: the first `new Request`, the
// first one with headers and a body, the first body read. The client below does all three on every
// query; done once here, they are not carried by the first timed query of the first world.
new Request('http://bench/');
new Request('http://bench/', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, body: '{}' });
await new Response('{}').text();

const list = (text) => text.split(',').map((s) => Number(s.trim())).filter((n) => n > 0);

export const CURVES_CONFIG = {
  sizes: list(process.env.BENCH_RAG_SIZES ?? '1000,10000,100000'),
  pgliteSizes: list(process.env.BENCH_RAG_PGLITE_SIZES ?? '1000,10000'),
  perFile: 500,
  queries: Number(process.env.BENCH_RAG_QUERIES ?? 60),
  /** First-after-X measurements per kind (reset, restore, import); the median is reported. */
  firsts: Number(process.env.BENCH_RAG_FIRSTS ?? 3),
};

/**
 * Queries as users ask them, the same at every size: 2-4 words of one chunk of the corpus (topic
 * words, sometimes a common one), every third with the word every chunk holds ("section", a very
 * long postings list), every fifth with a word no chunk holds.
 */
export function realisticQueries(count, seed = 11) {
  const sample = syntheticChunks(1000, 42);
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const words = sample[random.int(sample.length)].split(' ');
    const picked = Array.from({ length: 2 + random.int(3) }, () => words[random.int(words.length)]);
    if (i % 3 === 0) picked.push('section');
    if (i % 5 === 0) picked.push('zyzzyva');
    return picked.join(' ');
  });
}

/** A scenario of `n` distinct chunks in files of `perFile` sections, all searchable once loaded. */
export function corpusScenario(n, perFile = CURVES_CONFIG.perFile) {
  const corpus = syntheticChunks(n, 42);
  const files = [];
  for (let f = 0; f * perFile < n; f++) {
    const content = corpus
      .slice(f * perFile, (f + 1) * perFile)
      .map((c, i) => `# Section ${f}.${i}\n\n${c}`)
      .join('\n\n');
    files.push({ title: `bench-${f}`, filename: `bench-${f}.md`, content, state: 'searchable' });
  }
  return {
    name: 'rag-curve',
    seed: 7,
    now: '2026-01-01T00:00:00.000Z',
    settings: { rateLimits: { rag: { perMinute: 100_000_000 }, transcripts: { perMinute: 100_000_000 } } },
    users: [{ id: 'user_owner', email: 'owner@example.com', name: 'Owner' }],
    workspaces: [
      {
        id: 'ws_bench',
        name: 'Bench',
        slug: 'bench',
        ownerId: 'user_owner',
        apiKeys: [{ id: 'key_bench', name: 'bench' }],
        rag: { targets: [{ id: 'target_bench', title: 'Bench', chunkingTool: 'chapter-aware', chunkSize: 2048, chunkOverlap: 0, files }] },
      },
    ],
  };
}

function client(emulator) {
  const key = () => emulator.handles.workspaces[0].apiKeys[0].secret;
  const call = async (path, init = {}) => {
    const res = await emulator.fetch(new Request(`http://bench${path}`, { ...init, headers: { 'x-api-key': key(), ...(init.headers ?? {}) } }));
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  const post = (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    search: (q) => call(`/api/v1/rag/search?q=${encodeURIComponent(q)}&limit=10`),
    context: (q) => post('/api/v1/rag/context', { query: q, collectionId: 'target_bench', topK: 10 }),
    /** A small write that changes the target's vector set: one more file, indexed and searchable. */
    write: async (i) => {
      const form = new FormData();
      form.set('title', `extra-${i}`);
      form.set('description', 'bench');
      form.set('chunkingTool', 'default');
      form.set('ragVectorId', 'target_bench');
      form.set('file', new File([`Extra note ${i} about kalomi tovira and rasune.`], `extra-${i}.md`, { type: 'text/markdown' }));
      await call('/api/v1/rag/files', { method: 'POST', body: form });
      await emulator.flushJobs();
    },
  };
}

async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** One world of `n` chunks on one driver: load, warm latencies, and the first query after each swap. */
async function measureSize(n, storage, config) {
  gc();
  const doc = corpusScenario(n, config.perFile);
  const qs = realisticQueries(config.queries);
  let emulator;
  const loadMs = await timed(async () => {
    emulator = await createEmulator({ scenario: doc, storage });
  });
  const api = client(emulator);
  const firstContextAfterLoad = await timed(() => api.context(qs[0]));
  const firstSearchAfterLoad = await timed(() => api.search(qs[1]));
  const searchTimes = [];
  const contextTimes = [];
  for (const q of qs) {
    searchTimes.push(await timed(() => api.search(q)));
    contextTimes.push(await timed(() => api.context(q)));
  }
  const firsts = { reset: [], restore: [], import: [], searchReset: [] };
  const snapshot = await emulator.snapshot();
  for (let i = 0; i < config.firsts; i++) {
    const q = qs[(i * 7) % qs.length];
    await api.write(i);
    await api.context(q);
    await emulator.reset();
    firsts.reset.push(await timed(() => api.context(q)));
    firsts.searchReset.push(await timed(() => api.search(q)));
    await api.write(i + 100);
    await api.context(q);
    await emulator.restore(snapshot);
    firsts.restore.push(await timed(() => api.context(q)));
  }
  const state = await emulator.exportState();
  for (let i = 0; i < Math.min(2, config.firsts); i++) {
    await emulator.importState(state);
    firsts.import.push(await timed(() => api.context(qs[i])));
  }
  await emulator.close();
  return {
    n,
    storage,
    loadMs,
    firstContextAfterLoad,
    firstSearchAfterLoad,
    search: { p50: median(searchTimes), p99: quantile(searchTimes, 0.99) },
    context: { p50: median(contextTimes), p99: quantile(contextTimes, 0.99) },
    firstAfterReset: median(firsts.reset),
    firstSearchAfterReset: median(firsts.searchReset),
    firstAfterRestore: median(firsts.restore),
    firstAfterImport: median(firsts.import),
  };
}

export async function benchCurves(config = CURVES_CONFIG) {
  const out = { sqlite: [], pglite: [] };
  for (const n of config.sizes) out.sqlite.push(await measureSize(n, 'sqlite', config));
  for (const n of config.pgliteSizes) out.pglite.push(await measureSize(n, 'pglite', config));
  return out;
}

// Run alone: `node --expose-gc bench/curves-rag.js` (after npm run build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchCurves();
  for (const [storage, rows] of Object.entries(result)) {
    for (const r of rows) {
      const f = (v) => `${v.toFixed(2)} ms`;
      console.log(
        `${storage} ${String(r.n).padStart(6)}: load ${f(r.loadMs)}; search p50 ${f(r.search.p50)} p99 ${f(r.search.p99)}; context p50 ${f(r.context.p50)} p99 ${f(r.context.p99)}; ` +
          `first context after load ${f(r.firstContextAfterLoad)}, reset ${f(r.firstAfterReset)}, restore ${f(r.firstAfterRestore)}, import ${f(r.firstAfterImport)}; ` +
          `first search after load ${f(r.firstSearchAfterLoad)}, reset ${f(r.firstSearchAfterReset)}`,
      );
    }
  }
}
