// loadNativePackage: the same exports import() gives (its default, for these CommonJS packages).
import { describe, expect, it } from 'vitest';
import { loadNativePackage } from './load-native.js';

describe('loadNativePackage', () => {
  // Where a package is installed but not built (npm run test:install), both refuse it.
  it.each(['better-sqlite3', 'hnswlib-node'] as const)('loads %s as the module import() gives, or refuses it where import() does', async (name) => {
    const imported = await import(name).then(
      (mod: { default?: unknown }) => mod.default ?? mod,
      () => 'refused',
    );
    expect(await loadNativePackage(name).catch(() => 'refused')).toBe(imported);
  });

  // require's refusal (MODULE_NOT_FOUND), not import()'s (ERR_MODULE_NOT_FOUND): import() would load
  // cjs-module-lexer in a fresh process only to fail the same way (test/startup-build.test.ts).
  it('refuses a package require cannot load with require\'s error, not import()\'s', async () => {
    await expect(loadNativePackage('no-such-native-package' as never)).rejects.toMatchObject({ code: 'MODULE_NOT_FOUND' });
  });
});
