// The dashboard at /__emulator/ui in real headless Chromium, against the standalone server: every
// click is checked against the emulator itself (clock, scenario, faults, journal, RAG pipeline).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { startServer, type RunningServer } from '../../src/adapters/node-server.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, artifactPath, launchChromium, type HeadlessChromium } from '../support/chromium.js';
import { keyOf } from '../support/doors.js';

const HOUR_MS = 3_600_000;
/** The page polls every second; a few polls are plenty. */
const WAIT = { timeout: 5000, interval: 50 };

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'the dashboard in headless Chromium' : `the dashboard (skipped: ${NO_CHROMIUM_REASON})`, () => {
  let emulator: Emulator;
  let server: RunningServer;
  let chromium: HeadlessChromium;
  let page: Page;
  const pageErrors: string[] = [];

  const text = (selector: string) => page.locator(selector).first().textContent();
  const ragStates = () =>
    page.$$eval('[data-testid="rag-row"]', (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-file-id'), r.getAttribute('data-state')])));
  const control = async <T>(path: string): Promise<T> => (await (await fetch(`${server.url}${path}`)).json()) as T;

  beforeAll(async () => {
    emulator = await createEmulator({ scenario: 'default', storage: 'sqlite' });
    server = await startServer(emulator, { port: 0 });
    chromium = await launchChromium();
    page = await chromium.browser.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // Failed loads are the answers the tests provoke (a 400 for the invalid rule); anything else counts.
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text());
    });
    const res = await page.goto(`${server.url}/__emulator/ui`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toBe('text/html; charset=utf-8');
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    await emulator?.close();
  });

  it('shows the emulator clock, its mode and the loaded scenario', async () => {
    await expect.poll(() => text('#clock-iso'), WAIT).toBe(emulator.clock.iso());
    expect(await text('#clock-mode')).toBe('manual');
    await expect.poll(() => text('#scenario-current'), WAIT).toBe('default');
    expect(await page.inputValue('#scenario-select')).toBe('default');
    const options = await page.$$eval('#scenario-select option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(expect.arrayContaining(['default', 'empty', 'indexing-in-progress', 'stale-terms']));
  });

  it('+1 h moves the emulator clock by exactly one hour, and the page shows the new time', async () => {
    const before = emulator.clock.now();
    await page.click('#advance-1h');
    const after = new Date(before + HOUR_MS).toISOString();
    await expect.poll(() => text('#clock-iso'), WAIT).toBe(after);
    expect(emulator.clock.now() - before).toBe(HOUR_MS);
    expect((await control<{ now: number; iso: string }>('/__emulator/clock')).now).toBe(before + HOUR_MS);
    expect(await text('#status')).toContain(after);
  });

  it('lists a request made from outside in the live journal, newest first, without its own polling', async () => {
    const key = keyOf(emulator, 'key_full');
    expect((await fetch(`${server.url}/api/v1/transcripts?limit=2`, { headers: { 'x-api-key': key } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/transcripts/tr_nope`, { headers: { 'x-api-key': key } })).status).toBe(404);
    const rows = page.locator('[data-testid="journal-row"]');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    const [newest, older] = await rows.allTextContents();
    expect(newest).toContain('/api/v1/transcripts/tr_nope');
    expect(newest).toContain('404');
    expect(older).toContain('GET');
    expect(older).toContain('/api/v1/transcripts');
    expect(older).toContain('200');
    expect(older).toContain('key_full');
    // The page has polled the control API many times by now; none of it is journaled.
    expect(emulator.requests.count()).toBe(2);
    expect(await text('#journal-count')).toBe('2 requests');
  });

  it('adds a fault rule from the form; the emulator lists it and a matching request gets its status', async () => {
    await page.selectOption('#fault-method', 'GET');
    await page.fill('#fault-path', '/api/v1/transcripts');
    await page.fill('#fault-status', '503');
    await page.fill('#fault-times', '1');
    await page.click('#fault-add');
    await expect.poll(() => page.locator('[data-testid="fault-row"]').count(), WAIT).toBe(1);
    expect(emulator.faults.list()).toEqual([{ id: 'fault_1', method: 'GET', path: '/api/v1/transcripts', status: 503, times: 1, hits: 0 }]);
    expect(await text('[data-testid="fault-row"]')).toContain('503');

    const hit = await fetch(`${server.url}/api/v1/transcripts`, { headers: { 'x-api-key': keyOf(emulator, 'key_full') } });
    expect(hit.status).toBe(503);
    expect(((await hit.json()) as { error: { details: { faultId: string } } }).error.details.faultId).toBe('fault_1');
    // Used up (times: 1): the rule is gone from the emulator and from the page.
    expect(emulator.faults.list()).toEqual([]);
    await expect.poll(() => page.locator('[data-testid="fault-row"]').count(), WAIT).toBe(0);
    await expect.poll(() => text('[data-testid="journal-row"]'), WAIT).toContain('503');
  });

  it('shows the server’s validation errors for an invalid fault rule and adds nothing', async () => {
    const bad = { path: 'no-slash', status: 200 };
    const refused = await fetch(`${server.url}/__emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bad) });
    expect(refused.status).toBe(400);
    const envelope = (await refused.json()) as { error: { code: string; message: string; details: { issues: { path: string; message: string }[] } } };
    expect(envelope.error.details.issues.length).toBeGreaterThanOrEqual(2);

    await page.fill('#fault-path', bad.path);
    await page.fill('#fault-status', String(bad.status));
    await page.click('#fault-add');
    const box = page.locator('#fault-error');
    await box.waitFor({ state: 'visible', timeout: WAIT.timeout });
    expect(await box.textContent()).toContain(`VALIDATION_ERROR: ${envelope.error.message}`);
    const shown = await page.locator('[data-testid="fault-issue"]').allTextContents();
    expect(shown).toEqual(envelope.error.details.issues.map((i) => `${i.path}: ${i.message}`));
    expect(shown.join('\n')).toContain('A path glob starts with /');
    expect(emulator.faults.list()).toEqual([]);
  });

  it('switches scenario with the select and load button: the emulator and the RAG table follow', async () => {
    await expect.poll(ragStates, WAIT).toMatchObject({ file_security: 'searchable', file_globex: 'searchable' });
    await page.selectOption('#scenario-select', 'indexing-in-progress');
    expect(await text('#scenario-description')).toContain('file in every state');
    await page.click('#scenario-load');
    await expect.poll(() => text('#scenario-current'), WAIT).toBe('indexing-in-progress');
    expect(emulator.scenario.name).toBe('indexing-in-progress');
    expect((await control<{ current: string }>('/__emulator/scenarios')).current).toBe('indexing-in-progress');
    await expect.poll(ragStates, WAIT).toEqual({
      file_pending: 'pending',
      file_processing: 'processing',
      file_completed: 'completed',
      file_searchable: 'searchable',
      file_error: 'error',
    });
    // Loading a scenario moves the clock to its `now`, and the page follows.
    await expect.poll(() => text('#clock-iso'), WAIT).toBe('2026-01-01T09:00:00.000Z');
    const completedRow = page.locator('[data-testid="rag-row"][data-file-id="file_completed"]');
    expect(await completedRow.textContent()).toContain('2026-01-01T09:00:15.000Z (in 15 s)');
    expect(await text('[data-testid="rag-row"][data-file-id="file_error"]')).toContain('Could not read PDF');
  });

  it('turns every file searchable when "flush jobs" is pressed, as the emulator says', async () => {
    expect(Object.values(await ragStates()).filter((s) => s !== 'searchable' && s !== 'error')).toHaveLength(3);
    await page.click('#jobs-flush');
    await expect.poll(ragStates, WAIT).toEqual({
      file_pending: 'searchable',
      file_processing: 'searchable',
      file_completed: 'searchable',
      file_searchable: 'searchable',
      file_error: 'error',
    });
    const files = await emulator.ragFiles();
    expect(Object.fromEntries(files.map((f) => [f.fileId, f.state]))).toEqual(await ragStates());
    expect(await text('#status')).toMatch(/^Ran \d+ jobs; clock at 2026-01-01T09:00:17\.000Z$/);
    expect(await text('#clock-iso')).toBe(emulator.clock.iso());

    // Some traffic for the screenshot, then the whole page as it looks.
    await fetch(`${server.url}/api/v1/rag/files`, { headers: { 'x-api-key': keyOf(emulator, 'key_full') } });
    await expect.poll(() => page.locator('[data-testid="journal-row"]').count(), WAIT).toBe(1);
    await page.screenshot({ path: artifactPath('dashboard.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
