// Build step (npm run build, after tsc): loads each built-in scenario that holds RAG files once and
// writes what the parse memos then hold (extracted text and chunks, by exact input) to
// dist/prepared-parses.json, with the parser versions, so a first emulator need not load parsers.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createEmulator } from '../dist/index.js';
import { dumpParseMemos, PARSER_PACKAGES } from '../dist/areas/rag-files/parsing/parse-memos.js';
import { PREPARED_PARSES_FILE } from '../dist/scenarios/prepared-parses.js';
import { installedVersion } from '../dist/storage/installed-version.js';
import { SCENARIO_DIR } from '../dist/scenarios/builtin.js';
import { betterSqliteLoads } from '../dist/storage/sqlite-probe.js';

const started = performance.now();
// Made afresh from what the parsers give now, never from an earlier build's file.
await rm(PREPARED_PARSES_FILE, { force: true });
if (!(await betterSqliteLoads())) {
  // Three PGlite boots would cost the install more than parsing costs a first emulator.
  console.log('prepared parses skipped: better-sqlite3 does not load here (files are parsed on first use)');
  process.exit(0);
}
const names = [];
for (const file of (await readdir(SCENARIO_DIR)).filter((f) => f.endsWith('.json')).sort()) {
  if ((await readFile(SCENARIO_DIR + file, 'utf8')).includes('"rag"')) names.push(file.slice(0, -'.json'.length));
}
// Exact search: nothing native is needed to place files; any driver gives the same rows.
for (const scenario of names) await (await createEmulator({ scenario, vectorSearch: 'exact', onNotice: () => {} })).close();
const versions = {};
for (const name of PARSER_PACKAGES) versions[name] = await installedVersion(name);
const prepared = dumpParseMemos(versions);
await writeFile(PREPARED_PARSES_FILE, JSON.stringify(prepared));
console.log(
  `prepared ${prepared.texts.length} texts and ${prepared.chunks.length} chunkings of ${names.join(', ')} ` +
    `in ${Math.round(performance.now() - started)} ms → dist/prepared-parses.json`,
);
