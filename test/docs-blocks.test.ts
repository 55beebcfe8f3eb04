// Docs that run: every TypeScript block of README.md and docs/*.md is compiled under the project's
// strict options (one program for all) and run: a script block top to bottom, a block that
// imports vitest as a suite of its own. A block marked `<!-- not-run: reason -->` (a browser page,
// a fragment) is only compiled; `<!-- prelude: serve -->` gives a block what a running
// `service-emulator serve` gives a client at http://127.0.0.1:4010 (answered here through MSW).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/index.js';
import { createHandlers } from '../src/adapters/msw.js';
import { ROOT, brokenLinks, extractBlocks, typeCheck, writeBlocks, type DocBlock } from './support/docs-blocks.js';
import { setDocsContext } from './support/docs-context.js';

const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const blocks: DocBlock[] = DOCS.flatMap((doc) => extractBlocks(doc));
const DIR = join(ROOT, '.tmp', 'docs-blocks');
const written = writeBlocks(blocks, DIR);

/** `./api.js` of the openapi-fetch block: what `npx openapi-typescript …/openapi.json -o api.d.ts` writes. */
async function writeApiTypes(): Promise<void> {
  const emulator = await createEmulator({ scenario: 'empty' });
  try {
    writeFileSync(join(DIR, 'api.d.ts'), astToString(await openapiTS(emulator.openApi() as unknown as OpenAPI3)));
  } finally {
    await emulator.close();
  }
}

/** Runs a script block with what `serve` would give it, in-process behind MSW at the default address. */
async function withServe(run: () => Promise<unknown>): Promise<void> {
  const emulator = await createEmulator({ scenario: 'default', clock: 'real' });
  const server = setupServer(...createHandlers(emulator));
  server.listen({ onUnhandledRequest: 'bypass' });
  try {
    const key = emulator.handles.workspaces[0]?.apiKeys.find((k) => k.id === 'key_full')?.secret;
    if (!key) throw new Error('the default scenario has no key_full');
    setDocsContext({ KEY: key, accessToken: (await emulator.issueToken('user_alice')).accessToken });
    await run();
  } finally {
    server.close();
    await emulator.close();
  }
}

describe('docs blocks', () => {
  it('finds the blocks, each with a known marker and exported imports', () => {
    expect(blocks.filter((b) => b.doc === 'README.md').length).toBeGreaterThanOrEqual(2);
    expect(blocks.length).toBeGreaterThan(10);
    expect(written).toEqual([]);
  });

  it('the README links every page of docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(DOCS.filter((doc) => doc !== 'README.md' && !readme.includes(`](${doc})`))).toEqual([]);
  });

  it('links only to pages and headings that exist', () => {
    expect(brokenLinks(DOCS)).toEqual([]);
  });

  it('compiles every block under strict', async () => {
    await writeApiTypes();
    expect(typeCheck(blocks)).toEqual([]);
  }, 120_000); // about 10 s of CPU; more on a machine shared with other work
});

for (const block of blocks) {
  const name = `${block.doc}:${block.line}`;
  if (block.notRun !== undefined) continue;
  if (block.kind === 'vitest') {
    describe(`${name} (its own tests)`, async () => {
      await import(block.file);
    });
  } else {
    it(`${name} runs`, async () => {
      if (block.prelude === 'serve') await withServe(() => import(block.file));
      else await import(block.file);
    });
  }
}
