// Build step helper (scripts/bundle-dist.mjs, after the core is bundled): parses each built-in
// scenario once and writes dist/prepared-scenarios.json (src/scenarios/prepared-scenarios.ts), keyed
// by the hash of each resolved document and stamped with the core's build id, so the bundle made
// in this same build skips zod's parse of an unchanged built-in scenario.
import { readdir, rm, writeFile } from 'node:fs/promises';
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
  await writeFile(PREPARED_SCENARIOS_FILE, JSON.stringify({ buildId, scenarios }));
  return { prepared: Object.keys(scenarios).length, skipped };
}
