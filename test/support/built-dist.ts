// Whether dist/ holds the current build: its command bin is newer than every source it is built
// from. Tests that start many processes use the built package then (as a user runs it; a tsx start
// or a worker's transform of src/ costs seconds each on a busy 2-core machine). `npm ci` builds
// dist/ (prepare), so CI always runs it; an edit under src/ without a rebuild falls back to src/,
// never to a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
/** Written by the build's last step (the core bundle), after tsc's per-module output. */
const BIN = join(REPO_ROOT, 'dist/cli/main.js');
/** What the build reads: a change in any of them makes dist/ stale. */
const SOURCES = ['src', 'scenarios', 'fixtures', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function distIsCurrent(): boolean {
  if (!existsSync(BIN)) return false;
  const built = statSync(BIN).mtimeMs;
  return SOURCES.every((source) => newestChange(join(REPO_ROOT, source)) <= built);
}

/** True when dist/ was built after the last change to anything it is built from. */
export const DIST_IS_CURRENT = distIsCurrent();
