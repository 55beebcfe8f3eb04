// loadNativePackage: the same exports import() gives (its default, for these CommonJS packages).
import { describe, expect, it } from 'vitest';
import { loadNativePackage } from './load-native.js';

describe('loadNativePackage', () => {
  it.each(['better-sqlite3', 'hnswlib-node'] as const)('loads %s as the module import() gives', async (name) => {
    const imported = (await import(name)) as { default?: unknown };
    expect(await loadNativePackage(name)).toBe(imported.default ?? imported);
  });
});
