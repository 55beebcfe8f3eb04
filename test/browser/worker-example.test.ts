// The browser example end to end in real headless Chromium: the emulator runs inside the page on
// PGlite with exact vector search, MSW's service worker answers the page's fetches, and what the
// page gets equals, byte for byte, what the same calls get from the emulator in Node.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExample, type ExampleBuild } from '../../examples/browser-worker/build.js';
import { serveStatic, type StaticServer } from '../../examples/browser-worker/serve.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, artifactPath, launchChromium, type HeadlessChromium } from '../support/chromium.js';

const SERVICE = 'http://127.0.0.1:4010';
const QUERY = 'How do I get a refund for an invoice?';
/** A page boots PGlite and loads a scenario (IndexedDB: twice); slow CI machines get room. */
const PAGE_TIMEOUT_MS = 120_000;

if (!HAS_CHROMIUM) console.warn(`[browser example] skipped: ${NO_CHROMIUM_REASON}`);

/** Calls made from inside the page, through the service worker; answers as raw text. */
async function pageCalls(page: Page, key: string, calls: { path: string; body?: unknown }[]): Promise<{ status: number; text: string }[]> {
  return page.evaluate(
    async ({ base, key, calls }) =>
      Promise.all(
        calls.map(async ({ path, body }) => {
          const res = await fetch(`${base}${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            ...(body !== undefined && { body: JSON.stringify(body) }),
          });
          return { status: res.status, text: await res.text() };
        }),
      ),
    { base: SERVICE, key, calls },
  );
}

async function nodeCalls(emulator: Emulator, key: string, calls: { path: string; body?: unknown }[]): Promise<{ status: number; text: string }[]> {
  const out = [];
  for (const { path, body } of calls) {
    const res = await emulator.fetch(
      new Request(`${SERVICE}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
    out.push({ status: res.status, text: await res.text() });
  }
  return out;
}

async function openExample(chromium: HeadlessChromium, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url);
  await page.waitForFunction(() => ['ready', 'failed'].includes(document.getElementById('status')?.dataset.state ?? ''), null, { timeout: 60_000 });
  return { page, errors };
}

describe.skipIf(!HAS_CHROMIUM)('browser worker example in headless Chromium', () => {
  let built: ExampleBuild;
  let server: StaticServer;
  let chromium: HeadlessChromium;

  beforeAll(async () => {
    built = await buildExample();
    server = await serveStatic(built.outDir);
    chromium = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  it('bundles the emulator for the browser without native modules or Node-only code paths loaded', () => {
    const inputs = Object.keys(built.metafile.inputs);
    expect(inputs.some((path) => path.includes('src/adapters/browser.ts'))).toBe(true);
    expect(inputs.some((path) => path.includes('@electric-sql/pglite'))).toBe(true);
    // Native modules stay outside the bundle; the Node-only modules are split into chunks that
    // load only when chosen (the page below proves they never are).
    expect(inputs.filter((path) => /node_modules\/(better-sqlite3|hnswlib-node)\//.test(path))).toEqual([]);
    const main = readFileSync(join(built.outDir, 'main.js'), 'utf8');
    expect([...main.matchAll(/^import[^;]*?from\s*"([^"]+)";/gm)].map((m) => m[1] ?? "").filter((spec) => !spec.startsWith('./'))).toEqual([]);
    for (const asset of ['mockServiceWorker.js', 'pglite.wasm', 'pglite.data', 'scenarios.json']) expect(existsSync(join(built.outDir, asset))).toBe(true);
  });

  it('lists transcripts and answers a RAG context query through the service worker, as Node answers them', async () => {
    const { page, errors } = await openExample(chromium, `${server.url}/`);
    try {
      expect(await page.getAttribute('#status', 'data-state')).toBe('ready');
      expect(errors).toEqual([]);
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(scripts.some((name) => name.includes('pglite-storage'))).toBe(true);
      expect(scripts.filter((name) => /sqlite-storage-|builtin-|hnsw/.test(name.replace('pglite-storage', '')))).toEqual([]);

      const node = await createEmulator({ scenario: 'default', vectorSearch: 'exact', onInternalError: (err) => console.error(err) });
      try {
        const key = node.handles.workspaces[0]!.apiKeys[0]!.secret!;
        // What the page shows: the scenario's transcripts and the retrieved chunks, in the service's order.
        const transcripts = (await (await node.fetch(new Request(`${SERVICE}/api/v1/transcripts?limit=50`, { headers: { 'x-api-key': key } }))).json()) as {
          transcripts: { _id: string; title: string }[];
        };
        expect(transcripts.transcripts.length).toBeGreaterThan(0);
        expect(await page.$$eval('#transcripts li', (items) => items.map((li) => li.getAttribute('data-id')))).toEqual(transcripts.transcripts.map((t) => t._id));
        expect(await page.$$eval('#transcripts li', (items) => items.map((li) => li.textContent))).toEqual(transcripts.transcripts.map((t) => t.title));

        const context = (await (await node.fetch(new Request(`${SERVICE}/api/v1/rag/context`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ collectionId: 'vec_docs', query: QUERY, topK: 3 }),
        }))).json()) as { chunks: { fileId: string; content: string }[] };
        expect(context.chunks).toHaveLength(3);
        expect(await page.$$eval('#rag-results li', (items) => items.map((li) => li.getAttribute('data-file')))).toEqual(context.chunks.map((c) => c.fileId));
        expect(await page.$$eval('#rag-results li p', (items) => items.map((p) => p.textContent))).toEqual(context.chunks.map((c) => c.content));

        // Byte for byte: PGlite in the page, SQLite in Node; every file, the PDF and DOCX included,
        // parsed, chunked, embedded and full-text ranked alike.
        const calls = [
          { path: '/api/v1/transcripts?limit=50' },
          { path: '/api/v1/rag/files?collectionId=vec_docs' },
          { path: '/api/v1/rag/context', body: { collectionId: 'vec_docs', query: 'desktop sync conflicted copies', topK: 5 } },
          { path: '/api/v1/rag/search?q=invoice' },
        ];
        const inPage = await pageCalls(page, key, calls);
        expect(inPage.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        expect(JSON.parse(inPage[3]!.text).results.length).toBeGreaterThan(1);
        expect(inPage).toEqual(await nodeCalls(node, key, calls));
      } finally {
        await node.close();
      }

      // A new question through the page's form.
      await page.fill('#rag-query', 'Why does the API answer 429?');
      await page.click('#rag-form button');
      await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('429'));
      expect(await page.$$eval('#rag-results li', (items) => items.length)).toBe(3);

      // The control API answers through the worker too: the page's scenarios, by name.
      const control = await page.evaluate(async (base) => {
        const listed = (await (await fetch(`${base}/__emulator/scenarios`)).json()) as { current: string; data: { name: string }[] };
        const loaded = await fetch(`${base}/__emulator/scenario`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'indexing-in-progress' }) });
        const after = (await (await fetch(`${base}/__emulator/scenarios`)).json()) as { current: string };
        return { current: listed.current, names: listed.data.map((s) => s.name), loaded: loaded.status, after: after.current };
      }, SERVICE);
      expect(control).toEqual({ current: 'default', names: ['default', 'empty', 'indexing-in-progress', 'stale-terms'], loaded: 200, after: 'indexing-in-progress' });
      await page.screenshot({ path: artifactPath('browser-worker-example.png'), fullPage: true });
    } finally {
      await page.close();
    }
  }, PAGE_TIMEOUT_MS);

  it('keeps state in IndexedDB across reloads with ?persist=NAME, and starts afresh in memory without it', async () => {
    const { page } = await openExample(chromium, `${server.url}/?persist=example-test`);
    try {
      const key = await page.evaluate(() => (window as unknown as { example: { emulator: { handles: { workspaces: { apiKeys: { secret: string }[] }[] } } } }).example.emulator.handles.workspaces[0]!.apiKeys[0]!.secret);
      const before = await page.$$eval('#transcripts li', (items) => items.length);
      const [created] = await pageCalls(page, key, [{ path: '/api/v1/transcripts', body: { title: 'Written before the reload', messages: [{ role: 'user', content: 'still here?' }] } }]);
      expect(created!.status).toBe(201);

      await page.reload();
      await page.waitForFunction(() => document.getElementById('status')?.dataset.state === 'ready', null, { timeout: 60_000 });
      const titles = await page.$$eval('#transcripts li', (items) => items.map((li) => li.textContent));
      expect(titles).toHaveLength(before + 1);
      expect(titles).toContain('Written before the reload');

      const { page: fresh } = await openExample(chromium, `${server.url}/`);
      expect(await fresh.$$eval('#transcripts li', (items) => items.map((li) => li.textContent))).not.toContain('Written before the reload');
      await fresh.close();
    } finally {
      await page.close();
    }
  }, PAGE_TIMEOUT_MS);
});
