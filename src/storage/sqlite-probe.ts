// Whether better-sqlite3 can serve as the SQLite driver here: imported only when asked, so an
// install without it (npm install --omit=optional, no compiler) still loads the emulator.
import { loadNativePackage } from '../native/load-native.js';
import { nativeDisabled } from '../native/native-modules.js';

let sqliteProbe: Promise<boolean> | undefined;

/** True when better-sqlite3 imports and its compiled binding opens a database. */
export function betterSqliteLoads(): Promise<boolean> {
  if (nativeDisabled('better-sqlite3')) return Promise.resolve(false);
  // The package imports without its binding; only opening a database proves the build is there.
  sqliteProbe ??= loadNativePackage('better-sqlite3').then(
    (mod) => {
      const Database = ((mod as { default?: unknown }).default ?? mod) as new (file: string) => { close(): void };
      try {
        new Database(':memory:').close();
        return true;
      } catch {
        return false;
      }
    },
    () => false,
  );
  return sqliteProbe;
}
