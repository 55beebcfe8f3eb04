// The TypeScript blocks of the README and docs/*.md as files: extracted with their markers, the
// package's own import names pointed at src/ (through package.json's export map, so a doc cannot
// import a path the package does not export), and type-checked in one TypeScript program; and the
// relative links between the pages, checked to lead somewhere.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..', '..');

/** A block's markers: HTML comments on the lines right above its fence (they do not render). */
const MARKER = /^<!--\s*(not-run|prelude):\s*(.*?)\s*-->$/;

/**
 * Names a prelude gives a block (`<!-- prelude: serve -->`), imported from docs-context.ts, which
 * the test fills before the block runs. `serve`: what `service-emulator serve` gives a client at
 * http://127.0.0.1:4010 (the default scenario on the real clock), answered in-process through MSW.
 */
export const PRELUDES: Record<string, string[]> = {
  serve: ['KEY', 'accessToken'],
};

export interface DocBlock {
  /** The markdown file, relative to the repository root. */
  doc: string;
  /** The line of the opening fence (1-based). */
  line: number;
  code: string;
  /** Why the block is only type-checked, when it is. */
  notRun?: string;
  prelude?: string;
  /** `vitest`: registers tests (imports vitest or service-emulator/vitest); `script`: runs top to bottom. */
  kind: 'vitest' | 'script';
  /** Where it is written (set by writeBlocks). */
  file: string;
  /** Lines added above the block's own first line (the prelude import). */
  offset: number;
}

/** Every ```ts / ```typescript block of one markdown file, in order. */
export function extractBlocks(doc: string): DocBlock[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!fence) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${doc}:${i + 1}: an unclosed code fence`);
    if (fence[1] === 'ts' || fence[1] === 'typescript') {
      const block: DocBlock = { doc, line: i + 1, code: lines.slice(i + 1, end).join('\n') + '\n', kind: 'script', file: '', offset: 0 };
      if (/\bno-run\b/.test(fence[2]!)) block.notRun = 'marked no-run';
      for (let j = i - 1; j >= 0; j--) {
        const marker = MARKER.exec(lines[j]!.trim());
        if (!marker) break;
        if (marker[1] === 'not-run') block.notRun = marker[2]!;
        else block.prelude = marker[2]!;
      }
      if (/from ['"](vitest|service-emulator\/vitest)['"]/.test(block.code)) block.kind = 'vitest';
      blocks.push(block);
    }
    i = end;
  }
  return blocks;
}

/** `service-emulator[/x]` → the source file package.json's export of it is built from. */
function exportMap(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  const map = new Map<string, string>();
  for (const [key, entry] of Object.entries(pkg.exports)) {
    const types = typeof entry === 'string' ? undefined : entry.types;
    if (!types) continue;
    const name = key === '.' ? 'service-emulator' : `service-emulator${key.slice(1)}`;
    map.set(name, join(ROOT, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')));
  }
  return map;
}

const SPECIFIER = /(from\s+|import\s*\(\s*)(['"])(service-emulator(?:\/[^'"]*)?)\2/g;

/** Writes each block to `dir` as its own module; answers the problems found on the way. */
export function writeBlocks(blocks: DocBlock[], dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const exportsOf = exportMap();
  const problems: string[] = [];
  const context = join(ROOT, 'test', 'support', 'docs-context.js');
  for (const block of blocks) {
    const where = `${block.doc}:${block.line}`;
    const code = block.code.replace(SPECIFIER, (whole, head: string, quote: string, name: string) => {
      const source = exportsOf.get(name);
      if (!source) {
        problems.push(`${where}: imports ${name}, which package.json does not export`);
        return whole;
      }
      const rel = relative(dir, source).replace(/\.ts$/, '.js');
      return `${head}${quote}${rel.startsWith('.') ? rel : `./${rel}`}${quote}`;
    });
    let head = '';
    if (block.prelude !== undefined) {
      const names = PRELUDES[block.prelude];
      if (!names) problems.push(`${where}: unknown prelude "${block.prelude}" (known: ${Object.keys(PRELUDES).join(', ')})`);
      else if (block.kind === 'vitest') problems.push(`${where}: a vitest block cannot take a prelude`);
      else head = `import { ${names.join(', ')} } from '${relative(dir, context)}';\n`;
    }
    if (block.notRun !== undefined && block.notRun.trim() === '') problems.push(`${where}: not-run needs a reason`);
    block.offset = head === '' ? 0 : 1;
    block.file = join(dir, `${block.doc.replace(/[^A-Za-z0-9]+/g, '-')}-L${block.line}.ts`);
    writeFileSync(block.file, head + code);
  }
  return problems;
}

/** Compiles every block in one program with the project's compiler options (strict and more). */
export function typeCheck(blocks: DocBlock[]): string[] {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  const program = ts.createProgram({ rootNames: blocks.map((b) => b.file), options: { ...parsed.options, noEmit: true, sourceMap: false, declaration: false } });
  const problems: string[] = [];
  for (const block of blocks) {
    const source = program.getSourceFile(block.file);
    if (!source) {
      problems.push(`${block.doc}:${block.line}: not compiled`);
      continue;
    }
    for (const d of ts.getPreEmitDiagnostics(program, source)) {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      const line = at && d.file === source ? block.line + 1 + at.line - block.offset : block.line;
      problems.push(`${block.doc}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return problems;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/`/g, '').replace(/[^\w\- ]/g, '').replace(/ /g, '-');
}

function headingsOf(doc: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(ROOT, doc), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading) out.add(anchorOf(heading[1]!));
  }
  return out;
}

/** Relative links between the docs that lead nowhere: a missing file, or a heading it lacks. */
export function brokenLinks(docs: string[]): string[] {
  const problems: string[] = [];
  for (const doc of docs) {
    // Comments do not render: a link there is an example, not a link.
    const text = readFileSync(join(ROOT, doc), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(link!)) continue;
      const [path, anchor] = link!.split('#') as [string, string | undefined];
      const target = path === '' ? doc : relative(ROOT, join(ROOT, dirname(doc), path));
      if (!existsSync(join(ROOT, target))) problems.push(`${doc}: ${link} (no such file)`);
      else if (anchor && target.endsWith('.md') && !headingsOf(target).has(anchor)) problems.push(`${doc}: ${link} (no such heading)`);
    }
  }
  return problems;
}
