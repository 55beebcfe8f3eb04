// The parallel run of test/worlds/parallel.test.ts: these example files, four thread workers, one
// shared server (SERVICE_EMULATOR_URL), each file in its own world through the vitest helper.
// The helper is the built one (service-emulator/vitest, as a user imports it) when dist/ is
// current: each worker of each of the five runs otherwise transforms and loads all of src/ (about
// 12 s of a run's 19 on 2 cores, against 7 s in all with the built helper).
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { DIST_IS_CURRENT, REPO_ROOT } from '../../support/built-dist.js';

export default defineConfig({
  resolve: {
    alias: DIST_IS_CURRENT ? [{ find: /^(\.\.\/)+src\/testing\/vitest\.js$/, replacement: join(REPO_ROOT, 'dist/testing/vitest.js') }] : [],
  },
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.example.ts'],
    pool: 'threads',
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
