// Child process for the load bench: the emulator on 127.0.0.1 with a real clock (RAG indexing jobs
// run as they fall due), limits raised so the load measures answers rather than 429s.
import { startServer } from '../dist/adapters/node-server.js';
import { createEmulator } from '../dist/index.js';
import { highLimitScenario } from './shared.js';
import { subscribe } from 'node:diagnostics_channel';

// The server's own time per request, from the parsed request to its last byte handed to the socket
// (Node's http diagnostics channels): what is left of the clients' latency is waiting to be read.
const started = new WeakMap();
const serverTimes = [];
let collecting = true;
subscribe('http.server.request.start', ({ response }) => started.set(response, performance.now()));
subscribe('http.server.response.finish', ({ response }) => {
  const at = started.get(response);
  if (at !== undefined && collecting) serverTimes.push(performance.now() - at);
});

async function start() {
  const doc = await highLimitScenario();
  const huge = { perMinute: 100_000_000 };
  doc.settings = {
    ...doc.settings,
    rateLimits: { ...(doc.settings?.rateLimits ?? {}), transcripts: huge, rag: huge },
    uploads: { perKeyPerMinute: 100_000_000, keys: {}, tiers: { free: 100_000_000, basic: 100_000_000, premium: 100_000_000, enterprise: 100_000_000 } },
    indexing: { stageMs: 20, consistencyMs: [50, 200] },
  };
  const emulator = await createEmulator({ scenario: doc, clock: 'real' });
  const server = await startServer(emulator, { port: 0, host: '127.0.0.1' });
  const key = emulator.handles.workspaces[0].apiKeys.find((k) => k.id === 'key_full').secret;
  return { port: server.port, key };
}

let cpuAtStart;
let eluAtStart;
start().then(
  (info) => {
    cpuAtStart = process.cpuUsage();
    eluAtStart = performance.eventLoopUtilization();
    process.send(info);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('disconnect', () => process.exit(0));
// The server's own CPU time and event-loop use, asked for after the run: CPU ms per request is
// comparable between runs on a busy machine where wall-time latencies are not.
process.on('message', (msg) => {
  if (msg !== 'stats') return;
  collecting = false;
  const cpu = process.cpuUsage(cpuAtStart);
  const times = serverTimes.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  process.send({
    stats: {
      cpuMs: (cpu.user + cpu.system) / 1000,
      eventLoopUtilization: performance.eventLoopUtilization(eluAtStart).utilization,
      serverTime: { n: times.length, p50: at(0.5), p99: at(0.99), max: times[times.length - 1] },
    },
  });
});
// A clean exit on SIGTERM, so --cpu-prof (BENCH_LOAD_NODE_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
