// Builds the browser example into dist/: the page bundled by esbuild (the emulator included, its
// native drivers left out), MSW's service worker script, PGlite's wasm files, and the built-in
// scenarios with their fixtures inlined. Run: npx tsx examples/browser-worker/build.ts
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { SCENARIO_DIR, readScenarioFile } from '../../src/scenarios/builtin.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
export const OUT_DIR = join(HERE, 'dist');

/** The built-in scenarios the page can load; `large` stays out (it is for performance work). */
export const BROWSER_SCENARIOS = ['default', 'empty', 'indexing-in-progress', 'stale-terms'];

/** Node built-ins that PGlite and the Node-only modules import behind runtime checks. */
const NODE_ONLY = ['node:*', 'fs', 'fs/promises', 'path', 'url', 'util', 'zlib', 'stream', 'stream/promises', 'crypto', 'module', 'os'];
const NATIVE = ['better-sqlite3', 'hnswlib-node'];

/** `service-emulator/x` from this checkout's sources, through the package's own export map. */
const selfReference: Plugin = {
  name: 'service-emulator-sources',
  setup(b) {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> };
    b.onResolve({ filter: /^service-emulator(\/.*)?$/ }, (args) => {
      const entry = pkg.exports[args.path === 'service-emulator' ? '.' : `.${args.path.slice('service-emulator'.length)}`];
      if (!entry) return { errors: [{ text: `service-emulator does not export ${args.path}` }] };
      return { path: join(ROOT, entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')) };
    });
  },
};

export interface ExampleBuild {
  outDir: string;
  metafile: Metafile;
}

export async function buildExample(outDir = OUT_DIR): Promise<ExampleBuild> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: { main: join(HERE, 'src', 'main.ts') },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: true,
    metafile: true,
    logLevel: 'error',
    external: [...NODE_ONLY, ...NATIVE],
    plugins: [selfReference],
  });

  const require = createRequire(import.meta.url);
  const pglite = dirname(require.resolve('@electric-sql/pglite'));
  for (const file of ['pglite.wasm', 'pglite.data', 'initdb.wasm']) copyFileSync(join(pglite, file), join(outDir, file));
  copyFileSync(join(dirname(require.resolve('msw/package.json')), 'lib', 'mockServiceWorker.js'), join(outDir, 'mockServiceWorker.js'));
  copyFileSync(join(HERE, 'index.html'), join(outDir, 'index.html'));

  const scenarios: Record<string, unknown> = {};
  for (const name of BROWSER_SCENARIOS) scenarios[name] = await readScenarioFile(`${SCENARIO_DIR}${name}.json`);
  writeFileSync(join(outDir, 'scenarios.json'), JSON.stringify(scenarios));
  return { outDir, metafile: result.metafile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { outDir } = await buildExample();
  console.log(`built ${outDir}; serve it with: npx tsx examples/browser-worker/serve.ts`);
}
