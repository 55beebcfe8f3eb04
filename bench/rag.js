// RAG benchmark: indexing throughput (chunks/s), context-retrieval latency at 10k and 100k vectors,
// HNSW recall@10 against exact search on the same data, and HNSW vs exact query speed.
import { SeededRandom } from '../dist/seed/random.js';
import { EMBEDDING_DIMENSION, embed } from '../dist/vector/embedding.js';
import { ExactIndex } from '../dist/vector/exact-index.js';
import { HnswIndex, loadHnswlib } from '../dist/vector/hnsw-index.js';
import { createEmulator } from '../dist/index.js';
import { gc, quantile, summary } from './stats.js';

export const RAG_CONFIG = { small: 10_000, large: 100_000, queries: 300, recallQueries: 100, exactQueries: 20, e2eFiles: 20 };

/**
 * A seeded synthetic vocabulary: 300 topics of 25 made-up words each, plus 60 common words. Each
 * chunk draws mostly from one topic, some from a second, some common words: a corpus with many
 * distinct topics, like a real knowledge base, rather than a few huge clusters of near-ties.
 */
function vocabulary(seed) {
  const random = new SeededRandom(seed);
  const syllables = ['ka', 'to', 'mi', 'ra', 'ne', 'lo', 'su', 'vi', 'de', 'po', 'ga', 'ri', 'zu', 'fe', 'ha', 'jo', 'ba', 'ce', 'ly', 'wo'];
  const word = () => Array.from({ length: 2 + random.int(2) }, () => syllables[random.int(syllables.length)]).join('');
  return { random, topics: Array.from({ length: 300 }, () => Array.from({ length: 25 }, word)), common: Array.from({ length: 60 }, word) };
}

export function syntheticChunks(n, seed = 42) {
  const { random, topics, common } = vocabulary(seed);
  return Array.from({ length: n }, () => {
    const main = topics[random.int(topics.length)];
    const second = topics[random.int(topics.length)];
    return Array.from({ length: 30 + random.int(40) }, () => {
      const x = random.int(10);
      return x < 6 ? main[random.int(25)] : x < 8 ? second[random.int(25)] : common[random.int(60)];
    }).join(' ');
  });
}

export function queries(n, seed = 42) {
  const { topics } = vocabulary(seed);
  const random = new SeededRandom(seed + 1);
  return Array.from({ length: n }, () => {
    const words = topics[random.int(topics.length)];
    return Array.from({ length: 3 + random.int(4) }, () => words[random.int(words.length)]).join(' ');
  });
}

function timeEach(list, fn) {
  const times = [];
  for (const item of list) {
    const start = performance.now();
    fn(item);
    times.push(performance.now() - start);
  }
  return times;
}

function build(lib, texts) {
  const hnsw = new HnswIndex(lib, EMBEDDING_DIMENSION);
  const exact = new ExactIndex();
  const start = performance.now();
  const vectors = texts.map((t) => embed(t));
  const embedMs = performance.now() - start;
  const insertStart = performance.now();
  vectors.forEach((v, label) => hnsw.add(label, v));
  const insertMs = performance.now() - insertStart;
  vectors.forEach((v, label) => exact.add(label, v));
  return { hnsw, exact, embedMs, insertMs };
}

/** Context retrieval through the whole emulator (emulator.fetch, SQLite), after indexing `chunks` chunks. */
export async function endToEnd(totalChunks, files, queryList) {
  const perFile = Math.ceil(totalChunks / files);
  const corpus = syntheticChunks(totalChunks, 42);
  const emulator = await createEmulator({ scenario: 'empty' });
  const key = emulator.handles.workspaces[0].apiKeys[0].secret;
  const api = (path, init = {}) => emulator.fetch(new Request(`http://bench${path}`, { ...init, headers: { 'x-api-key': key, ...(init.headers ?? {}) } }));
  const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const target = await (await api('/api/v1/rag/targets', json({ title: 'Bench', vectorIndexTool: 'default', chunkingTool: 'chapter-aware', chunkSize: 2048, chunkOverlap: 0 }))).json();
  const start = performance.now();
  for (let f = 0; f < files; f++) {
    // One section per chunk: chapter-aware chunking splits at every heading.
    const text = corpus.slice(f * perFile, (f + 1) * perFile).map((c, i) => `# Section ${f}.${i}\n\n${c}`).join('\n\n');
    const form = new FormData();
    form.set('title', `bench-${f}`);
    form.set('description', 'bench');
    form.set('chunkingTool', 'chapter-aware');
    form.set('ragVectorId', target._id);
    form.set('file', new File([text], `bench-${f}.md`, { type: 'text/markdown' }));
    const res = await api('/api/v1/rag/files', { method: 'POST', body: form });
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  }
  await emulator.flushJobs();
  const ask = (query) => api('/api/v1/rag/context', json({ query, collectionId: target._id, topK: 10 }));
  const first = await (await ask('warm up the index')).json();
  const indexMs = performance.now() - start;
  const targets = await (await api('/api/v1/rag/targets')).json();
  const chunks = targets.data[0].chunkCount;
  const times = [];
  for (const query of queryList) {
    const t = performance.now();
    const res = await ask(query);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  await emulator.close();
  return { chunks, indexMs, times, firstTotal: first.total };
}

export async function benchRag(config = RAG_CONFIG) {
  const lib = await loadHnswlib();
  if (!lib) throw new Error('hnswlib-node did not load');
  const qs = queries(config.queries);
  const results = {};

  gc();
  const e2e = await endToEnd(config.small, config.e2eFiles, qs);
  results.e2e = { chunks: e2e.chunks, chunksPerSec: e2e.chunks / (e2e.indexMs / 1000), latency: summary(e2e.times), p99: quantile(e2e.times, 0.99), indexMs: e2e.indexMs };

  for (const [name, n] of [['small', config.small], ['large', config.large]]) {
    gc();
    const texts = syntheticChunks(n);
    const { hnsw, exact, embedMs, insertMs } = build(lib, texts);
    const hnswTimes = timeEach(qs, (q) => hnsw.search(embed(q), 10));
    const exactTimes = timeEach(qs.slice(0, config.exactQueries), (q) => exact.search(embed(q), 10));
    let hits = 0;
    const recallQs = qs.slice(0, config.recallQueries);
    for (const q of recallQs) {
      const v = embed(q);
      const truth = new Set(exact.search(v, 10).map((h) => h.label));
      hits += hnsw.search(v, 10).filter((h) => truth.has(h.label)).length;
    }
    results[name] = {
      n,
      indexChunksPerSec: n / ((embedMs + insertMs) / 1000),
      embedMs,
      insertMs,
      hnsw: summary(hnswTimes),
      hnswP99: quantile(hnswTimes, 0.99),
      exact: summary(exactTimes),
      recall: hits / (recallQs.length * 10),
    };
  }
  return results;
}
