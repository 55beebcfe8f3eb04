// Loads an optional native package (better-sqlite3, hnswlib-node: both CommonJS) through Node's
// require when this runtime has one. import() of a CommonJS package first translates it into an ES
// module (cjs-module-lexer parses its exports): ~13 ms of a fresh process for better-sqlite3, for
// the same exports. Elsewhere (a browser, a runtime without node:module) it is import() as before.
import type { NativeModule } from './native-modules.js';

/** A name, not a literal: neither tsc nor a browser bundler goes looking for it. */
const NODE_MODULE = 'node:module';

type NodeRequire = ((id: string) => unknown) & { resolve?: (id: string) => string };
type NodeModule = { createRequire?: (from: string) => NodeRequire };

/** Node's require from here, or undefined (a browser, a runtime without node:module). */
async function nodeRequire(): Promise<NodeRequire | undefined> {
  const nodeModule = (await import(NODE_MODULE).catch(() => undefined)) as NodeModule | undefined;
  return typeof nodeModule?.createRequire === 'function' ? nodeModule.createRequire(import.meta.url) : undefined;
}

/** The package's exports (as import() would give them, or their `default`); rejects when it cannot load. */
export async function loadNativePackage(name: NativeModule): Promise<unknown> {
  const require = await nodeRequire();
  if (require) {
    try {
      return require(name);
    } catch (err) {
      // Not installed or not built: refused as require says. import() would first load
      // cjs-module-lexer to translate the package, only to fail the same way; an ES module
      // package (which require refuses) still goes that way.
      if ((err as { code?: string }).code !== 'ERR_REQUIRE_ESM') throw err;
    }
  }
  return import(name) as Promise<unknown>;
}

/**
 * The first of `paths` (files inside installed packages) that exists, as require resolves it, when
 * it is `wanted`; undefined when another comes first, none exists, or there is no require here.
 */
export async function firstNativeFile(paths: readonly string[], wanted: string): Promise<string | undefined> {
  const resolve = (await nodeRequire())?.resolve;
  if (!resolve) return undefined;
  for (const path of paths) {
    let found: string;
    try {
      found = resolve(path);
    } catch {
      continue;
    }
    return path === wanted ? found : undefined;
  }
  return undefined;
}

/** Requires a file `firstNativeFile` found (an addon, by its path); rejects where there is no require. */
export async function requireNativeFile(path: string): Promise<unknown> {
  const require = await nodeRequire();
  if (!require) throw new Error(`cannot require ${path} here`);
  return require(path);
}
