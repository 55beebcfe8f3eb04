// The browser recipe as a user meets it: the package from `npm pack`, installed offline into a
// project outside the repository, a page that imports `service-emulator/browser` and
// `service-emulator/scenarios`, bundled by plain esbuild and by Vite with no externals list and no
// config, served on 127.0.0.1 and run in Debian's Chromium. The page's answers are the service's.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../examples/browser-worker/serve.js';
import { createEmulator } from '../../src/index.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, artifactPath, launchChromium, type HeadlessChromium } from '../support/chromium.js';
import { REPO_ROOT, installOffline, packPackage, sh, writeConsumer } from '../support/consumer-project.js';

const BIN = join(REPO_ROOT, 'node_modules', '.bin');
const APP = join(import.meta.dirname, 'consumer-app');
const SERVICE = 'http://127.0.0.1:4010';
const PGLITE_ASSETS = ['pglite.wasm', 'pglite.data', 'initdb.wasm'];
/** PGlite's boot plus the `default` scenario (its PDF and DOCX parsed) in the page: ~5 s idle, far more on a busy machine. */
const PAGE_READY_MS = 120_000;
/** `npm run build` made these; without them (a tree that never built) there is nothing to pack. */
const BUILT = ['dist/browser/browser.js', 'dist/builtin-scenarios/index.js', 'dist/index.js'].every((f) => existsSync(join(REPO_ROOT, f)));
const SKIP = !HAS_CHROMIUM ? NO_CHROMIUM_REASON : !BUILT ? 'dist/ is not built: run npm run build' : undefined;

if (SKIP) console.warn(`[consumer recipe] skipped: ${SKIP}`);

/** The `default` scenario's transcript list, from this checkout's sources. */
async function nodeTranscripts(): Promise<{ _id: string; title: string }[]> {
  const node = await createEmulator({ scenario: 'default', vectorSearch: 'exact' });
  try {
    const key = node.handles.workspaces[0]!.apiKeys[0]!.secret!;
    const res = await node.fetch(new Request(`${SERVICE}/api/v1/transcripts?limit=50`, { headers: { 'x-api-key': key } }));
    return ((await res.json()) as { transcripts: { _id: string; title: string }[] }).transcripts;
  } finally {
    await node.close();
  }
}

interface PageResults {
  key: string;
  transcripts: { status: number; body: { transcripts: { _id: string; title: string }[] } };
  listed: { status: number; body: { current: string; data: { name: string }[] } };
  files: { status: number; body: { data?: unknown[] } };
  names: string[];
  lister: { name: string; description: string }[];
  parsedName: string;
  missing: string;
}

describe.skipIf(SKIP !== undefined)('the browser recipe in a consumer project (npm pack, esbuild and Vite, Chromium)', () => {
  let dir: string;
  let chromium: HeadlessChromium;
  const servers: StaticServer[] = [];
  const builds: Record<'esbuild' | 'vite', string> = { esbuild: '', vite: '' };
  let expectedTranscripts: { _id: string; title: string }[];
  let nodeCheck: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'emulator-consumer-'));
    const tgz = await packPackage(dir);
    await writeConsumer(dir, tgz, ['msw']);
    await installOffline(dir);
    for (const file of ['index.html', 'main.js', 'node-check.mjs']) cpSync(join(APP, file), join(dir, file));

    // The two builds, the same package in Node, the browser and the expected answers, side by side.
    const esbuildOut = join(dir, 'out-esbuild');
    mkdirSync(join(dir, 'public'));
    [nodeCheck, expectedTranscripts, chromium] = await Promise.all([
      sh(process.execPath, ['node-check.mjs'], dir),
      nodeTranscripts(),
      launchChromium(),
      // Plain esbuild: the command line of docs/browser-recipe.md, then the static files beside it.
      sh(join(BIN, 'esbuild'), ['main.js', '--bundle', '--platform=browser', '--format=esm', `--outdir=${esbuildOut}`, '--log-level=error'], dir).then(() => {
        cpSync(join(dir, 'index.html'), join(esbuildOut, 'index.html'));
        cpSync(join(dir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(esbuildOut, 'mockServiceWorker.js'));
        for (const asset of PGLITE_ASSETS) cpSync(join(dir, 'node_modules', 'service-emulator', 'dist', 'browser', asset), join(esbuildOut, asset));
      }),
      // Vite with no config: the worker script in public/ (what `npx msw init public/` does).
      (async () => {
        cpSync(join(dir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(dir, 'public', 'mockServiceWorker.js'));
        await sh(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', 'out-vite', '--logLevel', 'error'], dir);
      })(),
    ]);
    builds.esbuild = esbuildOut;
    builds.vite = join(dir, 'out-vite');
  }, 300_000);

  afterAll(async () => {
    await chromium?.close();
    for (const server of servers) await server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs with its browser build, the PGlite assets beside it and the scenarios export', () => {
    const pkg = join(dir, 'node_modules', 'service-emulator');
    for (const file of ['dist/browser/browser.js', ...PGLITE_ASSETS.map((a) => `dist/browser/${a}`), 'dist/builtin-scenarios/index.js', 'dist/builtin-scenarios/index.d.ts', 'dist/builtin-scenarios/scenarios.json']) {
      expect(existsSync(join(pkg, file)), file).toBe(true);
    }
  });

  it('answers in Node through the default conditions: createEmulator with the scenarios export', async () => {
    const out = JSON.parse(nodeCheck.trim().split('\n').at(-1)!) as {
      transcripts: { transcripts: { _id: string; title: string }[] };
      listed: { current: string; data: { name: string }[] };
      missing: number;
    };
    expect(out.transcripts.transcripts.map((t) => t._id)).toEqual(expectedTranscripts.map((t) => t._id));
    expect(out.listed.current).toBe('default');
    expect(out.listed.data.map((s) => s.name)).toContain('indexing-in-progress');
    expect(out.missing).toBe(404);
  });

  it.each(['esbuild', 'vite'] as const)('runs the %s build in Chromium: the default scenario\'s transcripts, through the service worker', async (tool) => {
    const server = await serveStatic(builds[tool]);
    servers.push(server);
    const page = await chromium.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      // 127.0.0.1, not localhost: a service worker needs a secure context, which loopback is.
      await page.goto(`${server.url.replace('localhost', '127.0.0.1')}/`);
      await page.waitForFunction(() => ['ready', 'failed'].includes(document.getElementById('status')?.dataset.state ?? ''), null, { timeout: PAGE_READY_MS });
      expect(await page.textContent('#status')).toMatch(/^ready/);
      expect(errors).toEqual([]);
      const results = (await page.evaluate(() => (window as unknown as { results: unknown }).results)) as PageResults;
      expect(results.transcripts.status).toBe(200);
      expect(results.transcripts.body.transcripts.map((t) => t._id)).toEqual(expectedTranscripts.map((t) => t._id));
      expect(await page.$$eval('#transcripts li', (items) => items.map((li) => li.textContent))).toEqual(expectedTranscripts.map((t) => t.title));
      expect(results.files.status).toBe(200);
      // Every built-in scenario, loadable by name in the page, fixtures and all.
      expect(results.listed.body.current).toBe('default');
      expect(results.listed.body.data.map((s) => s.name)).toEqual(results.names);
      expect(results.names).toEqual(expect.arrayContaining(['default', 'empty', 'indexing-in-progress', 'stale-terms']));
      expect(results.lister.map((s) => s.name)).toEqual(results.names);
      expect(results.parsedName).toBe('empty');
      expect(results.missing).toBe('EmulatorError: NOT_FOUND');
      // A scenario switch through the control API, then a request on the new state.
      const after = await page.evaluate(async ({ base, key }) => {
        const load = await fetch(`${base}/__emulator/scenario`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'empty' }) });
        const list = await fetch(`${base}/__emulator/scenarios`);
        return { load: load.status, current: ((await list.json()) as { current: string }).current, oldKey: (await fetch(`${base}/api/v1/transcripts`, { headers: { 'x-api-key': key } })).status };
      }, { base: SERVICE, key: results.key });
      expect(after.load).toBe(200);
      expect(after.current).toBe('empty');
      expect(after.oldKey).toBe(401);
      await page.screenshot({ path: artifactPath(`consumer-recipe-${tool}.png`), fullPage: true });
    } finally {
      await page.close();
    }
  }, PAGE_READY_MS + 30_000);
});
