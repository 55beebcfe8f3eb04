// The built package's code-cached core (scripts/bundle-core.mjs, docs/performance-startup.md):
// its entries export what the sources export, the cache is accepted in a fresh process, the MSW
// harness shares the one emulator copy, and each built-in scenario (answered from the build's prepared
// parse in dist/) gives the same handles and state as from src/ (parsed by zod).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEEDS_SQLITE, SQLITE_LOADS } from './support/doors.js';

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

  // Reading the global Request or Response loads Node's fetch implementation (~70 ms): `serve`'s
  // first answers come from the light request and answer classes, which link to them only when asked.
  // The native packages load through require, not import() (which translates CommonJS with cjs-module-lexer).
  // Needs the build's prepared parses, made only where better-sqlite3 loads (scripts/prepare-parses.mjs):
  // without them the default scenario's DOCX is parsed by mammoth, a CommonJS package, through import().
  it.skipIf(!SQLITE_LOADS)(`a fresh process serves its first answers without loading Node's fetch implementation or the CommonJS export lexer${NEEDS_SQLITE}`, () => {
    const code = `
      const { createEmulator } = await import(${JSON.stringify(dist('index.js').href)});
      const { startServer } = await import(${JSON.stringify(dist('adapters/node-server.js').href)});
      const { get } = await import('node:http');
      const emulator = await createEmulator({ clock: 'real', onNotice() {} });
      const server = await startServer(emulator, { port: 0 });
      const answer = (path) => new Promise((resolve, reject) => get(server.url + path, (res) => { let text = ''; res.on('data', (d) => (text += d)); res.on('end', () => resolve(res.statusCode + ' ' + Object.keys(JSON.parse(text))[0])); }).on('error', reject));
      const answers = [await answer('/__emulator/health'), await answer('/api/v1/nothing-here')];
      const loaded = process.moduleLoadList.some((m) => m.includes('undici') || m.includes('cjs-module-lexer'));
      await server.close();
      await emulator.close();
      console.log(JSON.stringify({ answers, loaded }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ answers: ['200 status', '404 error'], loaded: false });
  });

  it("dist/prepared-scenarios.json holds each chunk's embedding as the embedding function gives it", async () => {
    const { readFile } = await import('node:fs/promises');
    const { embed } = await import('../src/vector/embedding.js');
    const { embeddings } = JSON.parse(await readFile(dist('prepared-scenarios.json'), 'utf8')) as { embeddings: Record<string, string> };
    const texts = Object.keys(embeddings);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      const vector = embed(text);
      expect(embeddings[text]).toBe(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64'));
    }
  });

  it("dist/prepared-scenarios.json holds each chunk's full-text terms as the analyser gives them", async () => {
    const { readFile } = await import('node:fs/promises');
    const { textTerms } = await import('../src/areas/rag-search/full-text.js');
    const { embeddings, terms } = JSON.parse(await readFile(dist('prepared-scenarios.json'), 'utf8')) as { embeddings: Record<string, string>; terms: Record<string, string[]> };
    expect(Object.keys(terms).sort()).toEqual(Object.keys(embeddings).sort());
    for (const text of Object.keys(terms)) expect(terms[text]).toEqual(textTerms(text));
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
