// Node only: the built-in scenarios as the build parsed them (dist/prepared-scenarios.json, written by
// scripts/prepare-scenarios.mjs), so a first emulator skips zod's parse of its scenario. Used only by
// the bundle that same build made (a build id compiled into it), only for a document whose text
// (fixtures resolved) hashes as it did then, and only while the scenario sections registered are
// the built-in areas' own; anything else resolves and parses as usual.
import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import { fileURLToPath } from 'node:url';
import { primeTextTerms } from '../areas/rag-search/full-text.js';
import { primeEmbeddings } from '../vector/embedding.js';
import { readTextFile } from '../native/read-text-file.js';
import { SCENARIO_DIR, readScenarioFile } from './builtin.js';
import type { Scenario } from './schema.js';
import type { ScenarioResolver } from './validate.js';

/** Replaced by the bundle step (scripts/bundle-core.mjs); absent in tsc's output and under tests from src/. */
declare const __SERVICE_EMULATOR_BUILD_ID__: string | undefined;

/** dist/scenarios/ or dist/chunks/ → dist/prepared-scenarios.json. */
export const PREPARED_SCENARIOS_FILE = fileURLToPath(new URL('../prepared-scenarios.json', import.meta.url));

export interface PreparedScenarios {
  buildId: string;
  /** By name: the sha-256 of the resolved document's JSON text, and the parsed scenario as JSON text. */
  scenarios: Record<string, { input: string; parsed: string }>;
  /** By chunk text: its embedding (little-endian float32, base64), as `embed` gave it in that build. */
  embeddings?: Record<string, string>;
  /** By chunk text: its full-text terms, as `textTerms` gave them in that build. */
  terms?: Record<string, string[]>;
}

/** The build's embeddings for `embed` to answer with (a big-endian machine computes them instead). */
function primePreparedEmbeddings(embeddings: Record<string, string> | undefined): void {
  if (embeddings === undefined || endianness() !== 'LE') return;
  const vectors = new Map<string, Float32Array>();
  for (const text in embeddings) {
    // Copied out of the decoded bytes: a Float32Array needs its own aligned buffer.
    vectors.set(text, new Float32Array(new Uint8Array(Buffer.from(embeddings[text] as string, 'base64')).buffer));
  }
  primeEmbeddings(vectors);
}

/** The build's full-text terms for `textTerms` to answer with. */
function primePreparedTerms(terms: Record<string, string[]> | undefined): void {
  if (terms === undefined) return;
  primeTextTerms(new Map(Object.entries(terms)));
}

/** The key a document is prepared under. */
export function documentHash(doc: unknown): string {
  return createHash('sha256').update(JSON.stringify(doc)).digest('hex');
}

async function readPrepared(): Promise<PreparedScenarios | undefined> {
  const buildId = typeof __SERVICE_EMULATOR_BUILD_ID__ === 'string' ? __SERVICE_EMULATOR_BUILD_ID__ : undefined;
  if (buildId === undefined) return undefined;
  const text = readTextFile(PREPARED_SCENARIOS_FILE);
  if (text === undefined) return undefined;
  const prepared = JSON.parse(text) as PreparedScenarios;
  return prepared.buildId === buildId ? prepared : undefined;
}

/**
 * `resolve`, answering a built-in name from the prepared parse when it still holds. A fresh copy
 * each time: callers may change the scenario (a seed override).
 */
export async function withPreparedScenarios(resolve: ScenarioResolver, builtinSections: () => boolean): Promise<ScenarioResolver> {
  const prepared = await readPrepared().catch(() => undefined);
  if (!prepared) return resolve;
  primePreparedEmbeddings(prepared.embeddings);
  primePreparedTerms(prepared.terms);
  return async (name) => {
    const entry = Object.hasOwn(prepared.scenarios, name) ? prepared.scenarios[name] : undefined;
    if (!entry || !builtinSections()) return resolve(name);
    const doc = await readScenarioFile(`${SCENARIO_DIR}${name}.json`).catch(() => undefined);
    if (doc === undefined || documentHash(doc) !== entry.input) return resolve(name);
    return JSON.parse(entry.parsed) as Scenario;
  };
}
