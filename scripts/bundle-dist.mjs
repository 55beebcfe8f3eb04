// Build step (npm run build, last): bundles the Node entry points of dist/ with esbuild so a first
// import reads a few files instead of ~450 (zod, jose and hono are bundled in; what loads native
// code or WASM stays external). tsc's per-module files stay beside it for the .d.ts and deep imports.
// The emulator itself (index, server, CLI) is one code-cached script (scripts/bundle-core.mjs); the
// MSW and test entries are ESM chunks that take createEmulator from dist/index.js.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { NODE_BUNDLE, bundleCore, makeCodeCache, writeCoreEntries } from './bundle-core.mjs';
import { prepareScenarios } from './prepare-scenarios.mjs';
import { bundleBrowser } from './bundle-browser.mjs';
import { fileURLToPath } from 'node:url';
import { relative, sep } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  // A tree without esbuild keeps tsc's output as it is: slower to import, same behaviour.
  console.log('bundle skipped: esbuild is not installed (dist/ stays one file per module)');
  process.exit(0);
}

/**
 * The public Node entry points (package.json "exports" and "bin") bundled as ESM at their own
 * paths; index, adapters/node-server and cli/main are the core's (bundle-core.mjs).
 */
const ENTRIES = ['adapters/msw', 'testing/vitest', 'testing/harness'];
/** The only modules of ours these entries may hold: the emulator is the core's, one copy per process. */
const ESM_OWN = new Set(['src/adapters/msw.ts', 'src/testing/vitest.ts', 'src/testing/harness.ts', 'src/testing/remote-world.ts']);
/** Placeholder for dist/index.js in the ESM outputs, made relative once their places are known. */
const CORE_INDEX = '__service_emulator_core_index__';

/**
 * Bundled in: pure JS whose many small files cost a first import most. Everything else stays an
 * import: native modules and WASM (they find files beside themselves), peer dependencies (msw and
 * vitest must be the user's own copies), and the parsers, tokenizer and faker, loaded on first use.
 */
const BUNDLED = new Set(['zod', 'jose', 'hono', 'stemmer', '@noble/hashes', '@noble/curves', 'htmlparser2']);

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = [
  ...Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies }).filter((name) => !BUNDLED.has(name)),
  'esbuild',
].flatMap((name) => [name, `${name}/*`]);

const CHUNKS = 'chunks';
await rm(new URL(`../dist/${CHUNKS}`, import.meta.url), { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, `src/${e}.ts`])),
  outdir: 'dist',
  chunkNames: `${CHUNKS}/[name]-[hash]`,
  ...NODE_BUNDLE,
  splitting: true,
  format: 'esm',
  external,
  // CommonJS bundled into ESM asks for `require` at run time.
  banner: { js: "import { createRequire as __seCreateRequire } from 'node:module'; const require = __seCreateRequire(import.meta.url);" },
  plugins: [
    {
      name: 'core-index',
      setup(build) {
        // The harness creates its emulators through the public entry, never a second copy.
        build.onResolve({ filter: /\/emulator\/create-emulator\.js$/ }, () => ({ path: CORE_INDEX, external: true }));
      },
    },
  ],
});
for (const [out, meta] of Object.entries(result.metafile.outputs)) {
  const own = Object.keys(meta.inputs).filter((input) => input.startsWith('src/') && !ESM_OWN.has(input));
  if (own.length > 0) throw new Error(`${out} holds ${own.join(', ')}: the emulator's modules belong to the core (import them through dist/index.js)`);
  if (!out.endsWith('.js')) continue;
  const text = await readFile(out, 'utf8');
  if (!text.includes(CORE_INDEX)) continue;
  const depth = relative('dist', out).split(sep).length - 1;
  await writeFile(out, text.replaceAll(CORE_INDEX, depth === 0 ? './index.js' : `${'../'.repeat(depth)}index.js`));
}

// The `browser` condition's build of service-emulator/browser (scripts/bundle-browser.mjs).
const browser = await bundleBrowser(esbuild);

const core = await bundleCore(esbuild, external);
const scenarios = await prepareScenarios(core.buildId);
if (scenarios.skipped.length > 0) console.log(`prepared scenarios: ${scenarios.skipped.join(', ')} left to zod (not plain JSON once parsed)`);
await writeCoreEntries(makeCodeCache());

/**
 * Modules that find files through `import.meta.url` (scenarios/, fixtures/, dist/prepared-parses.json, dist/pglite-image.bin)
 * were written one folder below dist/. Their code must land in an output one folder below dist/ too
 * (a chunk, or an entry such as cli/main.js), where the same relative URL points at the same file.
 */
const URL_RELATIVE = ['src/scenarios/builtin.ts', 'src/scenarios/prepared-parses.ts', 'src/scenarios/prepared-scenarios.ts', 'src/storage/pglite-image.ts', 'src/storage/installed-version.ts', 'src/emulator/parse-worker.ts'];
for (const [out, meta] of Object.entries({ ...result.metafile.outputs, ...core.metafile.outputs })) {
  if (!out.endsWith('.js')) continue;
  const depth = relative('dist', out).split(sep).length - 1;
  for (const input of URL_RELATIVE) {
    if (meta.inputs[input] && depth !== 1) throw new Error(`${input} was bundled into ${out}, where its import.meta.url paths would miss`);
  }
}

const outputs = Object.keys(result.metafile.outputs).filter((o) => o.endsWith('.js')).length;
console.log(`bundled ${ENTRIES.length} entry points into ${outputs} files and the core (3 entry points, ${core.imports} external dynamic imports) with its code cache, the browser build (${browser.imports.length} package imports left to the page's bundler), and ${scenarios.prepared} prepared scenarios, in ${Math.round(performance.now() - started)} ms`);
