// Built-in scenarios (Node only): documents in `scenarios/`, with `{"$fixture": "path"}` references
// to shared sample content in `fixtures/` resolved before validation. A scenario file and its
// fixtures (a few kilobytes each) are read at once: through node:fs/promises each was four trips
// through the thread pool, in three rounds one after another, on the way to a first emulator.
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmulatorError, validationError } from '../core/errors.js';
import { parseScenario } from './validate.js';
import type { Scenario } from './schema.js';

export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));

const NAME = /^[a-z0-9][a-z0-9-]*$/;

async function readFixture(path: string): Promise<unknown> {
  if (path.includes('..') || path.startsWith('/')) throw validationError(`Fixture path "${path}" must stay inside fixtures/`);
  let text: string;
  try {
    text = readFileSync(FIXTURE_DIR + path, 'utf8');
  } catch {
    throw validationError(`Fixture "${path}" not found`, [{ path: '$fixture', message: `No file fixtures/${path}` }]);
  }
  return extname(path) === '.json' ? (JSON.parse(text) as unknown) : text;
}

/**
 * Replaces every `{"$fixture": "path"}` object with the fixture's content (JSON parsed, else text).
 * Other keys beside `$fixture` are laid over a JSON object fixture, so `{"id": "x", "$fixture": ...}` works.
 */
export async function resolveFixtures(value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map(resolveFixtures));
  if (value === null || typeof value !== 'object') return value;
  const { $fixture, ...rest } = value as Record<string, unknown>;
  if (typeof $fixture === 'string') {
    const content = await resolveFixtures(await readFixture($fixture));
    if (Object.keys(rest).length === 0) return content;
    if (content === null || typeof content !== 'object' || Array.isArray(content)) {
      throw validationError(`Fixture "${$fixture}" is not an object, so no fields can be laid over it`);
    }
    return { ...content, ...(await resolveFixtures(rest) as Record<string, unknown>) };
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) out[key] = await resolveFixtures(inner);
  return out;
}

export async function listBuiltinScenarios(): Promise<{ name: string; description: string }[]> {
  const files = (await readdir(SCENARIO_DIR)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => {
      const doc = JSON.parse(await readFile(SCENARIO_DIR + file, 'utf8')) as { description?: string };
      return { name: file.slice(0, -'.json'.length), description: doc.description ?? '' };
    }),
  );
}

/** A file's bytes, or undefined when it cannot be read. */
function readBytes(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

const TEXT_FIXTURES = new Set(['.txt', '.md', '.markdown', '.html', '.htm', '.csv', '.json']);

/**
 * Reads the `fixture` of every RAG file (`workspaces[].rag.targets[].files[]`) into `content`
 * (text files) or `contentBase64` (PDF, DOCX and other binaries), and names the file after it.
 */
export async function resolveRagFixtures(doc: unknown): Promise<unknown> {
  const workspaces = (doc as { workspaces?: unknown })?.workspaces;
  if (!Array.isArray(workspaces)) return doc;
  const pending: { file: Record<string, unknown>; path: string }[] = [];
  for (const ws of workspaces) {
    const targets = (ws as { rag?: { targets?: unknown } })?.rag?.targets;
    if (!Array.isArray(targets)) continue;
    for (const target of targets) {
      const files = (target as { files?: unknown })?.files;
      if (!Array.isArray(files)) continue;
      for (const file of files as Record<string, unknown>[]) {
        const path = file?.fixture;
        if (typeof path !== 'string' || file.content !== undefined || file.contentBase64 !== undefined) continue;
        pending.push({ file, path });
      }
    }
  }
  // Taken in document order: the first bad path or missing file, in that order, is the error.
  for (const { file, path } of pending) {
    if (path.includes('..') || path.startsWith('/')) throw validationError(`Fixture path "${path}" must stay inside fixtures/`);
    const bytes = readBytes(FIXTURE_DIR + path);
    if (bytes === undefined) throw validationError(`Fixture "${path}" not found`, [{ path: 'fixture', message: `No file fixtures/${path}` }]);
    if (TEXT_FIXTURES.has(extname(path).toLowerCase())) file.content = bytes.toString('utf8');
    else file.contentBase64 = bytes.toString('base64');
    file.filename ??= basename(path);
    delete file.fixture;
  }
  return doc;
}

/** Reads a scenario file (built-in or the user's), fixtures resolved, not yet validated. */
export async function readScenarioFile(path: string): Promise<unknown> {
  const text = readFileSync(path, 'utf8');
  try {
    return await resolveRagFixtures(await resolveFixtures(JSON.parse(text) as unknown));
  } catch (err) {
    if (err instanceof SyntaxError) throw validationError(`Scenario file is not valid JSON: ${err.message}`);
    throw err;
  }
}

export async function resolveBuiltinScenario(name: string): Promise<Scenario> {
  const available = (await listBuiltinScenarios()).map((s) => s.name);
  if (!NAME.test(name) || !available.includes(name)) {
    throw new EmulatorError('NOT_FOUND', `Scenario "${name}" not found`, { available });
  }
  return parseScenario(await readScenarioFile(`${SCENARIO_DIR}${name}.json`));
}
