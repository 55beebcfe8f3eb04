// The dependency structure (docs/architecture.md), checked on the import statements of src/ (tests
// beside modules excluded): areas reach each other only through a public entry, storage and core
// never import an area, and the src/ folders import one another without a circle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Every module of src/ (not its tests) with the src-relative paths it imports (types included). */
function modules(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        const text = readFileSync(path, 'utf8');
        const targets: string[] = [];
        for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)|(?:^|\n)\s*import\s+'(\.{1,2}\/[^']+)'/g)) {
          const spec = (m[1] ?? m[2] ?? m[3]) as string;
          targets.push(relative(SRC, resolve(dirname(path), spec)).split(sep).join('/').replace(/\.js$/, '.ts'));
        }
        out.set(relative(SRC, path).split(sep).join('/'), targets);
      }
    }
  };
  walk(SRC);
  return out;
}

const MODULES = modules();
/** The area a module belongs to (src/areas/<area>/...); the list's own files at src/areas/ belong to none. */
const areaOf = (file: string): string | undefined => (file.startsWith('areas/') && file.split('/').length > 2 ? file.split('/')[1] : undefined);
/** The folder a module belongs to: src/<folder>, or the file itself at the top of src. */
const folderOf = (file: string): string => file.split('/')[0] as string;

/** The cycles of a graph (one per strongly connected component of more than one node), Tarjan's way. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

function graphOf(node: (file: string) => string | undefined): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of MODULES) {
    const from = node(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = node(target);
      if (to === undefined || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/**
 * Areas that still import one another in a circle (each through public entries). Known debt, listed
 * in docs/architecture.md: this list may only shrink; a new circle, or a larger one, fails.
 */
const KNOWN_AREA_CIRCLES = [
  ['api-keys', 'embed-auth', 'tiers'],
  ['chat', 'chat-cta', 'x402'],
  ['rag-files', 'rag-search', 'rag-targets'],
];

describe('architecture', () => {
  it('finds the modules it checks', () => {
    expect(MODULES.size).toBeGreaterThan(100);
    expect(MODULES.get('areas/chat/send.ts')).toContain('core/errors.ts');
  });

  it('lets an area import another area only through its public entry (public.ts)', () => {
    const bad: string[] = [];
    for (const [file, targets] of MODULES) {
      if (!file.startsWith('areas/')) continue;
      const from = areaOf(file);
      for (const target of targets) {
        const to = areaOf(target);
        if (to === undefined || to === from) continue;
        const rest = target.slice(`areas/${to}/`.length);
        // The list's files (src/areas/*.ts) mount each area's definition (index.ts) and gather the
        // tables of the areas the world still builds itself (tables.ts).
        const allowed = rest === 'public.ts' || (from === undefined && (rest === 'index.ts' || rest === 'tables.ts'));
        if (!allowed) bad.push(`${file} -> ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps storage and core free of areas (and of the emulator that mounts them)', () => {
    const bad: string[] = [];
    for (const [file, targets] of MODULES) {
      if (!file.startsWith('storage/') && !file.startsWith('core/')) continue;
      for (const target of targets) if (target.startsWith('areas/') || target.startsWith('emulator/')) bad.push(`${file} -> ${target}`);
    }
    expect(bad).toEqual([]);
  });

  it('has no import circle among the folders of src/', () => {
    expect(cycles(graphOf(folderOf))).toEqual([]);
  });

  it('has no import circle among areas beyond the known ones', () => {
    const found = cycles(graphOf(areaOf));
    const unknown = found.filter((scc) => !KNOWN_AREA_CIRCLES.some((known) => scc.every((a) => known.includes(a))));
    expect(unknown).toEqual([]);
  });
});
