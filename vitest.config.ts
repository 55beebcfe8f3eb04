// Vitest: `vitest run` is the whole suite (CI, `npm test`); `vitest run --mode quick`
// (`npm run test:quick`) is the fast loop: every area through one door on one driver, no browser.
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/longest-first-sequencer.js';

/**
 * Suites left out of the quick loop: a real browser, runners or servers spawned per test (jest,
 * node --test, serve --data killed and restarted), tsc over generated types, and the cross-driver
 * determinism runs (both drivers by design), the command-line tests, the shared PostgreSQL
 * engine's and the scale runs.
 */
const SLOW = [
  'test/browser/**',
  'test/examples/runners.test.ts',
  'test/interop/openapi-tools.interop.test.ts',
  'test/persistence.test.ts',
  'test/determinism.test.ts',
  // Spawn the command ~35 times (a tsx start each), or a whole emulator per test; not areas of the service.
  'test/cli.test.ts',
  'test/cli-exec.test.ts',
  'test/cli-conform.test.ts',
  // A throwaway PostgreSQL cluster and serve processes on it (the shared engine), and the scale runs.
  'test/postgres/**',
  'test/scale/**',
  // One TypeScript program over the docs' blocks (about 8 s of CPU), then each block run.
  'test/docs-blocks.test.ts',
  // Five vitest runs of four workers each against one shared server (worlds).
  'test/worlds/parallel.test.ts',
];

export default defineConfig(({ mode }) => ({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Both runs share one module graph per worker (no per-file isolation): suites start from their
    // own scenario and close their doors, so nothing leaks between files, and PGlite's WASM and the
    // parsers load once per worker instead of once per file (the full suite: 290 s against 695 s).
    isolate: false,
    ...(mode === 'quick' && { exclude: ['**/node_modules/**', ...SLOW], env: { EMULATOR_MATRIX: 'quick' } }),
    // Nothing leaves the machine: the process's fetch reaches loopback and reserved test names only.
    setupFiles: ['test/support/loopback-only-fetch.ts'],
    pool: 'forks',
    // Both cores of the CI machine (vitest would take one here): about 15 % off the full suite.
    maxWorkers: 2,
    // Longest files first (a fresh clone has no cached durations): both workers end together.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
