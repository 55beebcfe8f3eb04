// The parallel run of test/worlds/parallel.test.ts: these example files, four thread workers, one
// shared server (SERVICE_EMULATOR_URL), each file in its own world through the vitest helper.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.example.ts'],
    pool: 'threads',
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
