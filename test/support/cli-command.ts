// The node arguments that run the service-emulator command in the tests: the built bin (dist/, as a
// user runs it) when the build is newer than every source it is made from, else src/ through tsx.
// A tsx start transpiles the command's ~450 modules: 3-5 s on a busy 2-core machine against ~1 s for
// the built bin, and the command tests start it ~60 times. `npm ci` builds dist/ (prepare), so CI
// always runs the bin; an edit under src/ without a rebuild falls back to tsx, never to a stale bin.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist/cli/main.js');
/** What the build reads: a change in any of them makes dist/ stale. */
const SOURCES = ['src', 'scenarios', 'fixtures', 'scripts', 'package.json', 'tsconfig.build.json'];

function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function builtBinIsCurrent(): boolean {
  if (!existsSync(BIN)) return false;
  const built = statSync(BIN).mtimeMs;
  return SOURCES.every((source) => newestChange(join(ROOT, source)) <= built);
}

/** True when the tests run dist/cli/main.js; false when they run src/cli/main.ts under tsx. */
export const RUNS_BUILT_BIN = builtBinIsCurrent();

/** Arguments to `process.execPath` before the command's own: `[...CLI, 'serve', '--port', '0']`. */
export const CLI: readonly string[] = RUNS_BUILT_BIN ? [BIN] : ['--import', 'tsx', join(ROOT, 'src/cli/main.ts')];
