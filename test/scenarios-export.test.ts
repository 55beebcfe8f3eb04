// `service-emulator/scenarios` as the build writes it (scripts/build-scenarios-export.mjs): every
// built-in document with its fixtures inlined, the same bytes on a rebuild, and a resolver and
// lister that give createEmulator the same world as the built-in scenarios read from disk.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario, ScenarioInput, ScenarioSummary } from '../src/index.js';
import { SCENARIO_DIR, readScenarioFile } from '../src/scenarios/builtin.js';

const dist = (path: string) => new URL(`../dist/${path}`, import.meta.url);
const built = existsSync(dist('builtin-scenarios/index.js')) && existsSync(dist('chunks/core-script.cache'));
const NAMES = readdirSync(SCENARIO_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

/** What dist/builtin-scenarios/index.d.ts declares (not imported: dist/ may be unbuilt when this compiles). */
interface ExportModule {
  scenarios: Record<string, ScenarioInput>;
  scenarioNames: readonly string[];
  resolveScenario(name: string): Promise<Scenario>;
  listScenarios(): Promise<ScenarioSummary[]>;
}

describe.skipIf(!built)('the scenarios export in dist/', () => {
  it('holds every built-in scenario, fixtures inlined, as readScenarioFile resolves them', async () => {
    const mod = (await import(dist('builtin-scenarios/index.js').href)) as ExportModule;
    expect([...mod.scenarioNames]).toEqual(NAMES);
    for (const name of NAMES) expect(mod.scenarios[name]).toEqual(await readScenarioFile(`${SCENARIO_DIR}${name}.json`));
    expect(JSON.stringify(mod.scenarios)).not.toContain('$fixture');
    expect(JSON.parse(readFileSync(dist('builtin-scenarios/scenarios.json'), 'utf8'))).toEqual(mod.scenarios);
    expect(await mod.listScenarios()).toEqual(NAMES.map((name) => ({ name, description: (mod.scenarios[name] as { description?: string }).description ?? '' })));
  });

  it('is rebuilt byte for byte', async () => {
    const files = ['index.js', 'index.d.ts', 'scenarios.json'];
    const before = files.map((f) => readFileSync(dist(`builtin-scenarios/${f}`)));
    const { buildScenariosExport } = (await import('../scripts/build-scenarios-export.mjs' as string)) as { buildScenariosExport: () => Promise<unknown> };
    await buildScenariosExport();
    expect(files.map((f) => readFileSync(dist(`builtin-scenarios/${f}`)))).toEqual(before);
  });

  it('gives createEmulator({ resolveScenario, listScenarios }) the built-in worlds; an unknown name is a 404', async () => {
    const { createEmulator } = (await import(dist('index.js').href)) as typeof import('../src/index.js');
    const mod = (await import(dist('builtin-scenarios/index.js').href)) as ExportModule;
    const state = async (options: Parameters<typeof createEmulator>[0]) => {
      const emulator = await createEmulator({ ...options, onNotice() {} });
      try {
        const listed = (await (await emulator.fetch(new Request('http://x.test/__emulator/scenarios'))).json()) as { data: { name: string }[] };
        const missing = await emulator.fetch(new Request('http://x.test/__emulator/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"no-such"}' }));
        return { listed: listed.data.map((s) => s.name), missing: missing.status, state: JSON.stringify({ handles: emulator.handles, state: await emulator.exportState() }) };
      } finally {
        await emulator.close();
      }
    };
    const fromExport = await state({ scenario: 'default', resolveScenario: mod.resolveScenario, listScenarios: mod.listScenarios });
    expect(fromExport.listed).toEqual(NAMES);
    expect(fromExport.missing).toBe(404);
    expect(fromExport.state).toBe((await state({ scenario: 'default' })).state);
    await expect(mod.resolveScenario('no-such')).rejects.toMatchObject({ name: 'EmulatorError', code: 'NOT_FOUND' });
  }, 60_000);
});
