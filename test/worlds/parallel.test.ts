// "A parallel vitest run with 4 workers and no flakes across 5 repeats" (issue 17): one shared HTTP
// server, four thread workers running test/worlds/parallel/*.example.ts through the vitest helper,
// each file in its own world (SERVICE_EMULATOR_URL); any shared state would break their counts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { startServer, type RunningServer } from '../../src/adapters/node-server.js';
import { ONE_DRIVER } from '../support/doors.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = 'test/worlds/parallel/vitest.config.ts';
let emulator: Emulator;
let server: RunningServer;

beforeAll(async () => {
  emulator = await createEmulator({ storage: ONE_DRIVER });
  server = await startServer(emulator, { port: 0 });
});
afterAll(async () => {
  await server?.close();
  await emulator?.close();
});

/** One `vitest run` of the example files: its exit code and output. */
function runOnce(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', CONFIG, '--pool', 'threads', '--maxWorkers', '4'], {
      cwd: ROOT,
      env: { ...process.env, SERVICE_EMULATOR_URL: server.url, NO_COLOR: '1' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

it('passes five times in a row with four workers on one shared server', async () => {
  for (let repeat = 1; repeat <= 5; repeat++) {
    const { code, out } = await runOnce();
    expect(out, `repeat ${repeat}`).toMatch(/Tests\s+32 passed/);
    expect(code, `repeat ${repeat}:\n${out}`).toBe(0);
  }
  // Every file deleted its world when it ended.
  expect(emulator.worlds().map((w) => w.id)).toEqual(['default']);
}, 600_000);
