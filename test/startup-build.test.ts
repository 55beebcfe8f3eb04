// The built package's code-cached core (scripts/bundle-core.mjs, docs/performance-startup.md):
// its entries export what the sources export, the cache is accepted in a fresh process, the MSW
// harness shares the one emulator copy, and each built-in scenario (answered from the build's prepared
// parse in dist/) gives the same handles and state as from src/ (parsed by zod).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = (path: string) => new URL(`../dist/${path}`, import.meta.url);
const built = existsSync(dist('chunks/core-script.cache'));

const SCENARIOS = readdirSync(new URL('../scenarios/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

/** Names a module exports at run time (types have none). */
const names = (mod: object) => Object.keys(mod).sort();

describe.skipIf(!built)('the code-cached core in dist/', () => {
  it('dist/index.js and dist/adapters/node-server.js export the names their sources export', async () => {
    expect(names(await import(dist('index.js').href))).toEqual(names(await import('../src/index.js')));
    expect(names(await import(dist('adapters/node-server.js').href))).toEqual(names(await import('../src/adapters/node-server.js')));
  });

  it('a fresh process compiles the core from its code cache (V8 accepts it)', () => {
    const code = `const { script } = await import(${JSON.stringify(dist('chunks/core.js').href)}); console.log(String(script.cachedDataRejected));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('false');
  });

  it('the testing harness creates its emulators with the same classes as dist/index.js (one copy per process)', async () => {
    const index = (await import(dist('index.js').href)) as typeof import('../src/index.js');
    const { createTestEmulator } = (await import(dist('testing/harness.js').href)) as typeof import('../src/testing/harness.js');
    const env = createTestEmulator({ scenario: 'empty', baseUrl: 'https://startup.test' });
    await env.start();
    try {
      expect(env.emulator).toBeInstanceOf(index.Emulator);
    } finally {
      await env.stop();
    }
  });

  // Built-in scenarios come from dist/prepared-scenarios.json in the bundle, from zod under src/.
  it.each(SCENARIOS)('the %s scenario created from dist/ exports the same state as from src/', async (scenario) => {
    const fromDist = (await import(dist('index.js').href)) as typeof import('../src/index.js');
    const fromSrc = await import('../src/index.js');
    const state = async (create: typeof fromSrc.createEmulator) => {
      const emulator = await create({ scenario, onNotice() {} });
      try {
        return JSON.stringify({ handles: emulator.handles, state: await emulator.exportState() });
      } finally {
        await emulator.close();
      }
    };
    expect(await state(fromDist.createEmulator)).toBe(await state(fromSrc.createEmulator));
  });
});
