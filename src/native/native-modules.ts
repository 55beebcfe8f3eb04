// The two optional native modules (better-sqlite3, hnswlib-node): whether a user turned them off,
// and the one notice a process gets when the emulator falls back (PGlite storage, exact search).
// A leaf module (no imports) so storage/ and vector/ can ask without reaching up into emulator/.

export type NativeModule = 'better-sqlite3' | 'hnswlib-node';

/**
 * `SERVICE_EMULATOR_DISABLE_NATIVE=better-sqlite3,hnswlib-node` makes the emulator act as if those
 * modules were missing: how the tests (and a user who wants to check the fallback) take that path
 * on a machine where they did build. Read through globalThis so a browser bundle needs no `process`.
 */
export function nativeDisabled(name: NativeModule): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const list = env?.SERVICE_EMULATOR_DISABLE_NATIVE ?? '';
  return list.split(',').some((entry) => entry.trim() === name || entry.trim() === 'all');
}

export const FALLBACK_NOTICE: Record<NativeModule, string> = {
  'better-sqlite3': 'better-sqlite3 is not installed (or did not build): storage is PGlite',
  'hnswlib-node': 'hnswlib-node is not installed (or did not build): vector search is exact',
};

const told = new Set<NativeModule>();

/**
 * Says that a native module is missing and what the emulator uses instead: to `onNotice` when the
 * caller gave one (each emulator it creates), else one line on stderr, once per process.
 */
export function noticeFallback(name: NativeModule, onNotice?: (message: string) => void): void {
  const message = `service-emulator: ${FALLBACK_NOTICE[name]}`;
  if (onNotice) return onNotice(message);
  if (told.has(name)) return;
  told.add(name);
  console.warn(message);
}
