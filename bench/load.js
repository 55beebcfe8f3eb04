// Under load: 100 concurrent clients mixing reads, writes and uploads for 60 s against the emulator's
// HTTP door on 127.0.0.1 (a child process; the clients run here). Each client waits for its answer
// before sending again, so at most 100 requests are in flight. After the run every acknowledged
// write is read back: a missing one is a lost write. BENCH_LOAD_SECONDS shortens the run,
// BENCH_LOAD_CLIENTS changes the number of clients, BENCH_LOAD_NODE_ARGS passes node flags to the
// server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). The server reports its CPU time per request.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './shared.js';
import { median, quantile } from './stats.js';

export const LOAD_CONFIG = { clients: Number(process.env.BENCH_LOAD_CLIENTS ?? 100), seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 60) };

const CHILD = join(ROOT, 'bench', 'load-server-child.js');
const TOPICS = ['password reset', 'refund charged twice', 'sync conflict', 'rate limit 429', 'backup retention'];

function startServer() {
  const child = fork(CHILD, [], { execArgv: process.env.BENCH_LOAD_NODE_ARGS ? process.env.BENCH_LOAD_NODE_ARGS.split(' ') : [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', ({ port, key }) => resolve({ child, base: `http://127.0.0.1:${port}`, key }));
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
  });
}

/** One client's next request, by a fixed rotation: half reads, a third writes, the rest uploads. */
function nextRequest(client, n, state, base, key) {
  const headers = { 'x-api-key': key };
  const json = (body) => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const topic = TOPICS[(client + n) % TOPICS.length];
  const mine = state.transcripts[client];
  switch ((client * 7 + n) % 20) {
    case 0:
    case 1:
    case 2:
      return { kind: 'read', url: `${base}/api/v1/transcripts?limit=10`, init: { headers } };
    case 3:
    case 4:
      return mine.length ? { kind: 'read', url: `${base}/api/v1/transcripts/${mine[mine.length - 1]}`, init: { headers } } : { kind: 'read', url: `${base}/api/v1/transcripts?limit=5`, init: { headers } };
    case 5:
    case 6:
      return { kind: 'read', url: `${base}/api/v1/rag/search?q=${encodeURIComponent(topic)}&limit=5`, init: { headers } };
    case 7:
    case 8:
    case 9:
      return { kind: 'read', url: `${base}/api/v1/rag/context`, init: json({ query: `how do I handle ${topic}`, collectionId: 'vec_docs', topK: 5 }) };
    case 10:
    case 11:
    case 12:
    case 13:
      return { kind: 'create', url: `${base}/api/v1/transcripts`, init: json({ title: `load ${client}.${n}`, messages: [{ role: 'user', content: `about ${topic}` }] }) };
    case 14:
    case 15:
    case 16:
      return mine.length
        ? { kind: 'append', url: `${base}/api/v1/transcripts/${mine[mine.length - 1]}/messages`, init: json({ role: 'assistant', content: `answer ${n}` }) }
        : { kind: 'create', url: `${base}/api/v1/transcripts`, init: json({ title: `load ${client}.${n}` }) };
    default: {
      const form = new FormData();
      form.set('title', `load-${client}-${n}`);
      form.set('description', 'load bench');
      form.set('chunkingTool', 'default');
      form.set('ragVectorId', 'vec_docs');
      form.set('file', new File([`# Note ${client}.${n}\n\nA short note about ${topic}, written by client ${client}.`], `load-${client}-${n}.md`, { type: 'text/markdown' }));
      return { kind: 'upload', url: `${base}/api/v1/rag/files`, init: { method: 'POST', headers, body: form } };
    }
  }
}

export async function benchLoad(config = LOAD_CONFIG) {
  const { child, base, key } = await startServer();
  const state = { transcripts: Array.from({ length: config.clients }, () => []), uploads: [] };
  const times = [];
  const byKind = {};
  let errors = 0;
  const errorSamples = [];
  const begin = performance.now();
  const end = begin + config.seconds * 1000;
  const trace = [];
  const loop = async (client) => {
    for (let n = 0; performance.now() < end; n++) {
      const req = nextRequest(client, n, state, base, key);
      const start = performance.now();
      try {
        const res = await fetch(req.url, req.init);
        const body = await res.text();
        const ms = performance.now() - start;
        times.push(ms);
        if (process.env.BENCH_LOAD_TRACE) trace.push([start - begin, ms, req.kind, req.url.slice(base.length)]);
        (byKind[req.kind] ??= []).push(ms);
        if (res.status >= 300) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`${req.kind} ${res.status} ${body.slice(0, 120)}`);
          continue;
        }
        if (req.kind === 'create') state.transcripts[client].push(JSON.parse(body)._id);
        if (req.kind === 'upload') state.uploads.push(JSON.parse(body)[0]?._id);
      } catch (err) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`${req.kind} ${err.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: config.clients }, (_, c) => loop(c)));
  const server = await new Promise((resolve) => {
    child.on('message', (msg) => msg?.stats && resolve(msg.stats));
    child.send('stats');
  });
  // Every acknowledged write read back, ten at a time.
  const checks = [
    ...state.transcripts.flat().map((id) => `${base}/api/v1/transcripts/${id}`),
    ...state.uploads.filter(Boolean).map((id) => `${base}/api/v1/rag/files/${id}`),
  ];
  let lost = 0;
  for (let i = 0; i < checks.length; i += 10) {
    const statuses = await Promise.all(checks.slice(i, i + 10).map(async (url) => (await fetch(url, { headers: { 'x-api-key': key } })).status));
    lost += statuses.filter((s) => s !== 200).length;
  }
  child.kill('SIGTERM');
  if (process.env.BENCH_LOAD_TRACE) (await import('node:fs')).writeFileSync(process.env.BENCH_LOAD_TRACE, JSON.stringify(trace));
  const kinds = Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, { n: v.length, p50: median(v), p99: quantile(v, 0.99), max: Math.max(...v) }]));
  return {
    requests: times.length,
    seconds: config.seconds,
    p50: median(times),
    p99: quantile(times, 0.99),
    max: Math.max(...times),
    errors,
    errorSamples,
    writes: checks.length,
    unreadableUploads: state.uploads.filter((id) => !id).length,
    lost,
    kinds,
    serverCpuMsPerRequest: server.cpuMs / times.length,
    serverEventLoopUtilization: server.eventLoopUtilization,
    serverTime: server.serverTime,
  };
}

// Run alone: `node bench/load.js` (after npm run build).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLoad(), null, 2));
}
