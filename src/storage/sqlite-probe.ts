// Whether better-sqlite3 can serve as the SQLite driver here: imported only when asked, so an
// install without it (npm install --omit=optional, no compiler) still loads the emulator.
import { firstNativeFile } from '../native/load-native.js';
import { nativeDisabled } from '../native/native-modules.js';

let sqliteProbe: Promise<boolean> | undefined;

/**
 * Where better-sqlite3's `bindings` lookup finds the compiled addon first (build/, build/Debug/,
 * then build/Release/); found here once, it is named to every database opened, which then skips
 * that lookup (~4 ms of a fresh process: it reads a stack trace and tries each place in turn).
 */
const ADDON_PLACES = ['build', 'build/Debug', 'build/Release'].map((dir) => `better-sqlite3/${dir}/better_sqlite3.node`);
let addon: string | undefined;

/** Options for better-sqlite3's `Database`: the addon's path once the probe found it in its usual place, else none. */
export function sqliteAddon(): { nativeBinding?: string } {
  return addon === undefined ? {} : { nativeBinding: addon };
}

/** True when better-sqlite3 imports and its compiled binding opens a database. */
export function betterSqliteLoads(): Promise<boolean> {
  if (nativeDisabled('better-sqlite3')) return Promise.resolve(false);
  // The package imports without its binding; only opening a database proves the build is there.
  // Through the driver's module: the same Database class it opens with (the built core holds
  // better-sqlite3's JavaScript, and requiring the package too would load its files again).
  sqliteProbe ??= import('./sqlite/sqlite-storage.js').then(
    async ({ BetterSqliteDatabase: Database }) => {
      addon = await firstNativeFile(ADDON_PLACES, ADDON_PLACES[2] as string);
      try {
        new Database(':memory:', sqliteAddon()).close();
        return true;
      } catch {
        return false;
      }
    },
    () => false,
  );
  return sqliteProbe;
}
