// The built package's code-cached core (scripts/bundle-core.mjs, docs/performance-startup.md):
// its entries export what the sources export, the cache is accepted in a fresh process, the MSW
// harness shares the one emulator copy, and a world built from dist/ is the same bytes as one from src/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = (path: string) => new URL(`../dist/${path}`, import.meta.url);
const built = existsSync(dist('chunks/core-script.cache'));

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

  it('a world created from dist/ exports the same state as one created from src/', async () => {
    const fromDist = (await import(dist('index.js').href)) as typeof import('../src/index.js');
    const fromSrc = await import('../src/index.js');
    const state = async (create: typeof fromSrc.createEmulator) => {
      const emulator = await create({ onNotice() {} });
      try {
        return JSON.stringify(await emulator.exportState());
      } finally {
        await emulator.close();
      }
    };
    expect(await state(fromDist.createEmulator)).toBe(await state(fromSrc.createEmulator));
  });
});
