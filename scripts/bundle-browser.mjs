// Build step helper (scripts/bundle-dist.mjs): the browser build of `service-emulator/browser`,
// picked by the `browser` export condition (esbuild --platform=browser, Vite). Our own modules and
// PGlite are bundled into dist/browser/browser.js with every Node built-in and native driver swapped
// for a stub that throws only when called (those code paths never run in a page); PGlite's wasm and
// data files are copied beside it, where its `new URL('./pglite.wasm', import.meta.url)` finds them
// (Vite emits them as assets). The other packages stay bare imports for the consumer's bundler
// (one copy of msw, zod, hono...). A consumer's build then needs no externals list.
import { copyFile, readFile } from 'node:fs/promises';
import { createRequire, builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BROWSER_OUT = 'dist/browser/browser.js';

/** Loaded only on Node code paths (the browser emulator always runs PGlite with exact search). */
const NATIVE = new Set(['better-sqlite3', 'hnswlib-node']);
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/**
 * Bundled in, not left to the consumer: PGlite's own chunks `import("node:module")` behind a Node
 * check, which its package.json `browser` map does not cover, so every browser bundler stops on it.
 */
const BUNDLED = /^@electric-sql\/pglite(\/|$)/;
/** What PGlite fetches beside its module. */
export const PGLITE_ASSETS = ['pglite.wasm', 'pglite.data', 'initdb.wasm'];
/**
 * Our modules that find Node files through `import.meta.url` (never loaded in a page): a constant
 * there keeps bundlers (Vite) from taking `new URL('../x', import.meta.url)` for a page asset.
 */
const NODE_FILE_MODULES = /[\\/]src[\\/](scenarios[\\/](builtin|prepared-parses|prepared-scenarios)|storage[\\/](pglite-image|installed-version)|emulator[\\/]parse-worker)\.ts$/;

/**
 * A CommonJS stub: named imports of it are property reads at the call site (esbuild checks no names
 * against CommonJS), and each one is a function that says what is missing when something calls it.
 */
function stubSource(name) {
  return `const fail = (what) => () => { throw new Error(${JSON.stringify(`${name} is not available in the browser`)} + (what ? ' (' + what + ')' : '')); };
module.exports = new Proxy(fail(''), { get: (_, key) => (key === '__esModule' ? false : typeof key === 'string' ? fail(key) : undefined) });`;
}

const stubs = {
  name: 'browser-stubs',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (NODE_BUILTINS.has(args.path) || NATIVE.has(args.path)) return { path: args.path, namespace: 'browser-stub' };
      if (BUNDLED.test(args.path)) return undefined;
      // Every other package stays the consumer's import (its bundler applies the browser conditions).
      return { path: args.path, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'browser-stub' }, (args) => ({ contents: stubSource(args.path), loader: 'js' }));
    build.onLoad({ filter: NODE_FILE_MODULES }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify('file:///service-emulator/node-only.js')),
      loader: 'ts',
    }));
  },
};

/** Bundles src/adapters/browser.ts into dist/browser/browser.js; throws if a Node built-in would load eagerly. */
export async function bundleBrowser(esbuild) {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['src/adapters/browser.ts'],
    outfile: BROWSER_OUT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: true,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [stubs],
  });
  // Bare imports left for the consumer: none of them may be Node-only.
  const bare = result.metafile.outputs[BROWSER_OUT].imports.filter((i) => i.external).map((i) => i.path);
  const bad = bare.filter((spec) => NODE_BUILTINS.has(spec) || NATIVE.has(spec));
  if (bad.length > 0) throw new Error(`${BROWSER_OUT} imports ${bad.join(', ')}`);
  const pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (const file of PGLITE_ASSETS) await copyFile(join(pglite, file), join(ROOT, dirname(BROWSER_OUT), file));
  return { metafile: result.metafile, imports: [...new Set(bare)].sort() };
}
