// Node only: primes the parse memos from dist/prepared-parses.json, written by the build
// (scripts/prepare-parses.mjs), when the parsing libraries installed here are the versions that
// wrote it. Absent or stale (a source checkout, an upgraded library), files are parsed as usual.
import { fileURLToPath } from 'node:url';
import { PARSER_PACKAGES, primeParseMemos, type PreparedParses } from '../areas/rag-files/parsing/parse-memos.js';
import { installedVersion } from '../storage/installed-version.js';
import { readTextFile } from '../native/read-text-file.js';

/** dist/scenarios/ → dist/prepared-parses.json; from src/ (tests) there is none. */
export const PREPARED_PARSES_FILE = fileURLToPath(new URL('../prepared-parses.json', import.meta.url));

let primed: Promise<void> | undefined;

/** Once per process; never fails (the memos then fill as files are parsed). */
export function primePreparedParses(): Promise<void> {
  primed ??= (async () => {
    const text = readTextFile(PREPARED_PARSES_FILE);
    if (text === undefined) return;
    const prepared = JSON.parse(text) as PreparedParses;
    // The packages' versions (each a small file read at once).
    const installed = await Promise.all(PARSER_PACKAGES.map((name) => installedVersion(name)));
    if (PARSER_PACKAGES.some((name, i) => prepared.versions[name] !== installed[i])) return;
    primeParseMemos(prepared);
  })().catch(() => undefined);
  return primed;
}
