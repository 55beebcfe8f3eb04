// Build step helper (scripts/bundle-dist.mjs): the code-cached core. The modules behind
// `service-emulator`, `service-emulator/server` and the CLI are bundled into one script that a small
// ESM loader compiles with a V8 code cache made at build time, so a fresh process neither parses
// 1.5 MB of JavaScript nor compiles the functions a first create and a first answer run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Outputs, relative to dist/. The script sits one folder below dist/, like every chunk (see URL_RELATIVE). */
/** The esbuild options every Node bundle of dist shares (the core script here, the ESM entries in bundle-dist.mjs). */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};

export const CORE_SCRIPT = 'chunks/core-script.js';
export const CORE_CACHE = 'chunks/core-script.cache';
export const CORE_LOADER = 'chunks/core.js';

/**
 * What the script exports: each public module as a loader, so a module's code runs only when an
 * entry asks for it (`service-emulator --help` evaluates no schema, as before).
 */
const CORE_ENTRY = `
export const loadIndex = () => import('./src/index.ts');
export const loadServer = () => import('./src/adapters/node-server.ts');
export const runCli = () => import('./src/cli/main.ts');
`;

/**
 * The loader. The script runs as a function in this context with the CommonJS arguments plus
 * `import.meta.url` (the script's own URL: relative paths to scenarios/ and dist/ files hold) and
 * `import()` (dynamic imports of externals go through this ESM module, resolved from here). A
 * cache that is missing or that V8 rejects (another Node version or V8 flags) only costs speed.
 */
const LOADER = `// The code-cached core (scripts/bundle-core.mjs): compiles ./core-script.js with its V8 code cache.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const url = new URL('./core-script.js', import.meta.url);
const filename = fileURLToPath(url);
// The script is ASCII (the build checks it): read as latin1 it is the same string, copied byte for
// byte without the UTF-8 decoder's pass (~2-3 ms less at every start).
const source = readFileSync(filename, 'latin1');
// A vm.Script runs in Node's main context; a test runner that loads modules in a context of its own
// (Jest's vm modules, Vitest's vmThreads) gets the script evaluated in that context, uncached.
const foreign = vm.runInThisContext('globalThis') !== globalThis;
let cachedData;
try {
  if (!foreign) cachedData = readFileSync(new URL('./core-script.cache', import.meta.url));
} catch {}
export const script = foreign ? undefined : new vm.Script(source, { filename, ...(cachedData && { cachedData }) });
const run = script ? script.runInThisContext() : (0, eval)(\`\${source}\\n//# sourceURL=\${url.href}\`);
const module = { exports: {} };
run(module.exports, createRequire(url), module, filename, fileURLToPath(new URL('.', url)), url.href, (specifier) => import(specifier));
export const core = module.exports;
`;

/**
 * `import(` of one string or one name, not a method named import (`x.import(`, `import(a){`).
 * A miss leaves an import() that fails at its first call; a false match is a syntax error the
 * code-cache step (which compiles and runs the script) stops the build on.
 */
const DYNAMIC_IMPORT = /(?<![.\w$])import\((?=(?:"[^"\\\n]*"|[A-Za-z_$][\w$]*)\)(?!\s*\{))/g;

/** What the bundle holds until its own hash is known; 64 characters, like a sha-256 in hex. */
const BUILD_ID_PLACEHOLDER = 'service-emulator-build-id'.padEnd(64, '-');

/**
 * The core script must be ASCII: one character beyond it makes Node read the 2 MB file into a
 * two-byte string, ~10 ms more at every start (docs/performance-startup.md). esbuild escapes strings
 * itself; what it cannot escape is a regular expression's or a `String.raw` template's characters.
 */
function assertAscii(script) {
  const found = [...script.matchAll(/[^\x00-\x7f]/g)];
  if (found.length === 0) return;
  const where = found.slice(0, 5).map((m) => JSON.stringify(script.slice(Math.max(0, m.index - 40), m.index + 10)));
  throw new Error(`core-script.js holds ${found.length} non-ASCII characters; write them as \\u escapes in the sources (a regular expression, a String.raw template's JavaScript string):\n  ${where.join('\n  ')}`);
}

/**
 * better-sqlite3's JavaScript goes into the core when the build has it installed (its dozen
 * CommonJS files cost a fresh process ~11 ms to resolve, read and compile; in the core they come
 * from the code cache). Its addon stays a file: named by path when the probe found it
 * (src/storage/sqlite-probe.ts), else looked up by `bindings`, which would look beside the calling
 * file (the core script, in our package); this shim hands it better-sqlite3's own folder, where it
 * looked before.
 */
const BUNDLED_IN_CORE = ['better-sqlite3'].filter(installedHere);

/** Whether a package is installed for the build (an `npm ci --omit=optional` leaves the native ones out: they stay external). */
function installedHere(name) {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
const BINDINGS_SHIM = `const { dirname } = require('path');
module.exports = (name) => {
  const root = dirname(require.resolve('better-sqlite3/package.json'));
  // bindings is better-sqlite3's dependency, not ours: found from its folder (a strict layout such
  // as pnpm's does not hoist it beside our package).
  return require(require.resolve('bindings', { paths: [root] }))({ bindings: name, module_root: root });
};`;
const bindingsShim = {
  name: 'better-sqlite3-bindings',
  setup(build) {
    build.onResolve({ filter: /^bindings$/ }, (args) =>
      args.namespace === 'bindings-shim' ? { path: 'bindings', external: true } : { path: 'bindings', namespace: 'bindings-shim' },
    );
    build.onLoad({ filter: /.*/, namespace: 'bindings-shim' }, () => ({ contents: BINDINGS_SHIM, loader: 'js', resolveDir: ROOT }));
  },
};

/** Bundles the core script (CommonJS body wrapped in a function) and writes the loader. */
export async function bundleCore(esbuild, external) {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    stdin: { contents: CORE_ENTRY, resolveDir: ROOT, sourcefile: 'core-entry.js', loader: 'js' },
    outfile: `dist/${CORE_SCRIPT}`,
    ...NODE_BUNDLE,
    format: 'cjs',
    external: external.filter((name) => !BUNDLED_IN_CORE.includes(name)),
    plugins: [bindingsShim],
    define: { 'import.meta.url': '__seImportMetaUrl', __SERVICE_EMULATOR_BUILD_ID__: JSON.stringify(BUILD_ID_PLACEHOLDER) },
  });
  const path = new URL(`../dist/${CORE_SCRIPT}`, import.meta.url);
  const output = await readFile(path, 'utf8');
  // The build id is the output's own hash (as long as the placeholder: source map columns hold).
  const buildId = createHash('sha256').update(output).digest('hex');
  const body = output.replaceAll(JSON.stringify(BUILD_ID_PLACEHOLDER), JSON.stringify(buildId));
  // Dynamic imports left in the output are of externals (bundled modules became lazy inits): a
  // vm script has no module loader of its own, so they go through the loader's import().
  const imports = body.match(DYNAMIC_IMPORT)?.length ?? 0;
  const wrapped = `(function (exports, require, module, __filename, __dirname, __seImportMetaUrl, __seImport) {\n${body.replace(DYNAMIC_IMPORT, '__seImport(')}\n})`;
  assertAscii(wrapped);
  await writeFile(path, wrapped);
  // The wrapper's first line moves every generated line down by one.
  const mapPath = new URL(`../dist/${CORE_SCRIPT}.map`, import.meta.url);
  const map = JSON.parse(await readFile(mapPath, 'utf8'));
  map.mappings = `;${map.mappings}`;
  await writeFile(mapPath, JSON.stringify(map));
  await writeFile(new URL(`../dist/${CORE_LOADER}`, import.meta.url), LOADER);
  await rm(new URL(`../dist/${CORE_CACHE}`, import.meta.url), { force: true });
  return { metafile: result.metafile, imports, buildId };
}

/**
 * Runs what a first create and a first answer run (in a child process, without a cache), then
 * writes the script's code cache, which then holds those functions compiled. Also answers the
 * export names of the two public modules, for their entry files.
 */
export function makeCodeCache() {
  const child = spawnSync(process.execPath, [fileURLToPath(new URL('./warm-code-cache.mjs', import.meta.url))], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, SERVICE_EMULATOR_DISABLE_NATIVE: '' } });
  if (child.status !== 0) throw new Error(`code cache: ${child.stderr || child.stdout}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1));
}

const HEADER = '// Generated by scripts/bundle-core.mjs: the public module, served by the code-cached core (docs/performance-startup.md).\n';

/** An entry file that re-exports one public module of the core under its own names. */
function reexport(loaderPath, loaderName, names) {
  const lines = [`${HEADER}import { core } from '${loaderPath}';`, `const m = await core.${loaderName}();`];
  for (const name of names) lines.push(`export const ${name} = m.${name};`);
  return `${lines.join('\n')}\n`;
}

/** dist/index.js, dist/adapters/node-server.js and dist/cli/main.js over the core. */
export async function writeCoreEntries(names) {
  const out = (p) => new URL(`../dist/${p}`, import.meta.url);
  await writeFile(out('index.js'), reexport(`./${CORE_LOADER}`, 'loadIndex', names.index));
  await writeFile(out('adapters/node-server.js'), reexport(`../${CORE_LOADER}`, 'loadServer', names.server));
  await writeFile(out('cli/main.js'), `#!/usr/bin/env node\n${HEADER}import { core } from '../${CORE_LOADER}';\nawait core.runCli();\n`);
}
