// Loads an optional native package (better-sqlite3, hnswlib-node: both CommonJS) through Node's
// require when this runtime has one. import() of a CommonJS package first translates it into an ES
// module (cjs-module-lexer parses its exports): ~13 ms of a fresh process for better-sqlite3, for
// the same exports. Elsewhere (a browser, a runtime without node:module) it is import() as before.
import type { NativeModule } from './native-modules.js';

/** A name, not a literal: neither tsc nor a browser bundler goes looking for it. */
const NODE_MODULE = 'node:module';

type NodeModule = { createRequire?: (from: string) => (id: string) => unknown };

/** The package's exports (as import() would give them, or their `default`); rejects when it cannot load. */
export async function loadNativePackage(name: NativeModule): Promise<unknown> {
  const nodeModule = (await import(NODE_MODULE).catch(() => undefined)) as NodeModule | undefined;
  if (typeof nodeModule?.createRequire === 'function') {
    try {
      return nodeModule.createRequire(import.meta.url)(name);
    } catch {
      // Not installed or not loadable here: import() says so the way it always did.
    }
  }
  return import(name) as Promise<unknown>;
}
