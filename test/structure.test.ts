// Architecture rules, enforced: the core and the areas stay free of doors, Node and drivers, and
// only the clock and seed modules may touch the wall clock or Math.random.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { VERSION } from '../src/version.js';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** Every module specifier a file imports, statically or dynamically. */
function imports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** Code without comments and string contents, so prose cannot trip the rules. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, "''");
}

const FORBIDDEN_IN_CORE = [/^msw(\/|$)/, /^node:/, /^better-sqlite3$/, /^@electric-sql\/pglite/, /^hnswlib-node$/, /^pg$/, /storage\/(sqlite|pglite|postgres)\//, /adapters\//];

describe('structure', () => {
  it('finds the source files it checks', () => {
    expect(files.some((f) => f.path.startsWith('core/'))).toBe(true);
    expect(files.some((f) => f.path.startsWith('areas/'))).toBe(true);
  });

  it('keeps areas/ and core/ free of msw, node:*, storage drivers and the doors', () => {
    const offenders = files
      .filter((f) => f.path.startsWith('core/') || f.path.startsWith('areas/'))
      .flatMap((f) => imports(f.text).filter((spec) => FORBIDDEN_IN_CORE.some((rule) => rule.test(spec))).map((spec) => `${f.path} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('keeps the core from importing any area', () => {
    const offenders = files
      .filter((f) => f.path.startsWith('core/'))
      .flatMap((f) => imports(f.text).filter((spec) => spec.includes('/areas/')).map((spec) => `${f.path} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('reads the wall clock only in clock/ and draws chance only in seed/', () => {
    const offenders = files.flatMap((f) => {
      const body = code(f.text);
      const out: string[] = [];
      if (!f.path.startsWith('clock/') && /\bDate\.now\s*\(|new\s+Date\s*\(\s*\)|performance\.now\s*\(/.test(body)) out.push(`${f.path} reads the wall clock`);
      if (!f.path.startsWith('seed/') && /Math\.random\s*\(|crypto\.getRandomValues|randomUUID\s*\(|randomBytes\s*\(/.test(body)) out.push(`${f.path} draws chance outside the seed`);
      return out;
    });
    expect(offenders).toEqual([]);
  });

  it('keeps the browser-facing entries free of native modules', () => {
    const browserEntries = ['adapters/msw.ts', 'adapters/browser.ts', 'types/index.ts'];
    for (const entry of browserEntries) {
      const file = files.find((f) => f.path === entry);
      if (!file) continue;
      expect(imports(file.text).filter((s) => /better-sqlite3|hnswlib-node|^node:/.test(s))).toEqual([]);
    }
  });

  it('loads storage drivers only through dynamic import', () => {
    const staticDriverImports = files
      .filter((f) => !f.path.startsWith('storage/'))
      .flatMap((f) =>
        [...f.text.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s+['"]([^'"]+)['"]/g)]
          .map((m) => m[1]!)
          .filter((s) => /storage\/(sqlite|pglite|postgres)\/|better-sqlite3|@electric-sql\/pglite|^pg$/.test(s))
          .map((s) => `${f.path} imports ${s}`),
      );
    expect(staticDriverImports).toEqual([]);
  });

  it('starts every module with a one-line comment and keeps files under 400 lines', () => {
    const missing = files.filter((f) => !f.text.replace(/^#!.*\n/, '').startsWith('//')).map((f) => f.path);
    expect(missing).toEqual([]);
    const long = files.filter((f) => f.text.split('\n').length > 400).map((f) => f.path);
    expect(long).toEqual([]);
  });

  it('reports the version package.json declares', () => {
    expect(VERSION).toBe(pkg.version);
  });
});
