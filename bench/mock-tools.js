// Child servers the HTTP door is compared with: json-server (a devDependency), and Prism and
// Mockoon fed the emulator's own OpenAPI document, used from BENCH_TOOLS when installed there.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './shared.js';

const JSON_SERVER_BIN = join(ROOT, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function spawnAndWait(name, command, args, probe, headers) {
  const port = await freePort();
  const full = args.map((a) => (a === '$PORT' ? String(port) : a));
  const child = spawn(command, full, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + probe, { headers })).ok) return { child, url, command: [command, ...full].join(' ').replace(ROOT, '') };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`${name} did not start`);
}

export function startJsonServer(dbFile) {
  return spawnAndWait('json-server', process.execPath, [JSON_SERVER_BIN, '--port', '$PORT', '--host', '127.0.0.1', '--quiet', '--id', '_id', dbFile], '/transcripts', {});
}

/** Where Prism and Mockoon are, or why they are skipped. */
export function toolPaths(env = process.env) {
  const dir = env.BENCH_TOOLS;
  if (!dir) return { reason: 'BENCH_TOOLS not set (npm install --prefix /tmp/benchtools @stoplight/prism-cli @mockoon/cli; BENCH_TOOLS=/tmp/benchtools)' };
  const prism = join(dir, 'node_modules', '.bin', 'prism');
  const mockoon = join(dir, 'node_modules', '.bin', 'mockoon-cli');
  return {
    prism: existsSync(prism) ? prism : undefined,
    mockoon: existsSync(mockoon) ? mockoon : undefined,
    reason: `not found under ${dir}/node_modules/.bin`,
  };
}

export function startPrism(bin, openApiFile, probe, headers) {
  return spawnAndWait('prism', bin, ['mock', '-h', '127.0.0.1', '-p', '$PORT', openApiFile], probe, headers);
}

export function startMockoon(bin, openApiFile, probe, headers) {
  return spawnAndWait('mockoon', bin, ['start', '-d', openApiFile, '-p', '$PORT', '-l', '127.0.0.1', '-X'], probe, headers);
}
