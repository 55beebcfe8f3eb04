// Build step helper (scripts/bundle-dist.mjs, after the core is bundled): parses each built-in
// scenario once and writes dist/prepared-scenarios.json (src/scenarios/prepared-scenarios.ts), keyed
// by the hash of each resolved document and stamped with the core's build id, so the bundle made
// in this same build skips zod's parse of an unchanged built-in scenario. It also holds the embedding
// of each chunk text those scenarios place (little-endian float32, base64) and its full-text terms,
// so that bundle's first emulator runs neither the cold embedding function nor the stemmer over its
// scenario's chunks.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';

export async function prepareScenarios(buildId) {
  // The area list's scenario sections are registered by the world module, as at run time.
  await import('../dist/emulator/world.js');
  const { SCENARIO_DIR, readScenarioFile } = await import('../dist/scenarios/builtin.js');
  const { parseScenario } = await import('../dist/scenarios/validate.js');
  const { PREPARED_SCENARIOS_FILE, documentHash } = await import('../dist/scenarios/prepared-scenarios.js');
  await rm(PREPARED_SCENARIOS_FILE, { force: true });
  const scenarios = {};
  const skipped = [];
  for (const file of (await readdir(SCENARIO_DIR)).filter((f) => f.endsWith('.json')).sort()) {
    const doc = await readScenarioFile(SCENARIO_DIR + file);
    const parsed = parseScenario(doc);
    const text = JSON.stringify(parsed);
    // Only what JSON carries whole (no Date, no undefined member, no class) can be answered from text.
    if (!isDeepStrictEqual(JSON.parse(text), parsed)) {
      skipped.push(file);
      continue;
    }
    scenarios[file.slice(0, -'.json'.length)] = { input: documentHash(doc), parsed: text };
  }
  const { embeddings, terms } = await chunkAnalyses(SCENARIO_DIR);
  await writeFile(PREPARED_SCENARIOS_FILE, JSON.stringify({ buildId, scenarios, embeddings, terms }));
  return { prepared: Object.keys(scenarios).length, skipped, embeddings: Object.keys(embeddings).length };
}

/** The embedding and the full-text terms of every chunk text a built-in scenario with RAG files places, by text. */
async function chunkAnalyses(dir) {
  const { createEmulator } = await import('../dist/emulator/create-emulator.js');
  const { embed } = await import('../dist/vector/embedding.js');
  const { textTerms } = await import('../dist/areas/rag-search/full-text.js');
  const embeddings = Object.create(null);
  const terms = Object.create(null);
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    if (!(await readFile(dir + file, 'utf8')).includes('"rag"')) continue;
    // Exact search: nothing native is needed to place the chunks.
    const emulator = await createEmulator({ scenario: file.slice(0, -'.json'.length), vectorSearch: 'exact', onNotice: () => {} });
    try {
      for (const { content } of (await emulator.exportState()).tables.rag_chunks ?? []) {
        if (typeof content !== 'string' || Object.hasOwn(embeddings, content)) continue;
        const vector = embed(content);
        const bytes = Buffer.alloc(vector.length * 4);
        vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
        embeddings[content] = bytes.toString('base64');
        terms[content] = textTerms(content);
      }
    } finally {
      await emulator.close();
    }
  }
  return { embeddings, terms };
}
