// Background jobs under the real clock: due jobs run as background turns of their own, on a timer,
// with no request to carry them (before, a due job ran inside the next request's turn). Under the
// manual clock nothing runs until the clock is moved. Timings are never asserted (the bench does).
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { SCENARIO_DIR, readScenarioFile } from '../src/scenarios/builtin.js';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const BASE = 'http://emulator.test';

async function start(clock: 'real' | 'manual'): Promise<{ key: string }> {
  const doc = (await readScenarioFile(`${SCENARIO_DIR}default.json`)) as { name: string; settings?: Record<string, unknown> };
  doc.settings = { ...doc.settings, indexing: { stageMs: 5, consistencyMs: [5, 5] } };
  emulator = await createEmulator({ scenario: doc, clock });
  const key = emulator.handles.workspaces[0]!.apiKeys.find((k) => k.id === 'key_full')!.secret as string;
  return { key };
}

async function upload(key: string): Promise<string> {
  const form = new FormData();
  form.set('title', 'background note');
  form.set('description', 'background');
  form.set('chunkingTool', 'default');
  form.set('ragVectorId', 'vec_docs');
  form.set('file', new File(['# Note\n\nA note about the background pump and refund policy.'], 'note.md', { type: 'text/markdown' }));
  const res = await emulator!.fetch(new Request(`${BASE}/api/v1/rag/files`, { method: 'POST', headers: { 'x-api-key': key }, body: form }));
  expect(res.status).toBe(202);
  return ((await res.json()) as { _id: string }[])[0]!._id;
}

async function status(key: string, id: string): Promise<string> {
  const res = await emulator!.fetch(new Request(`${BASE}/api/v1/rag/files/${id}`, { headers: { 'x-api-key': key } }));
  return ((await res.json()) as { status: string }).status;
}

const wall = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs', () => {
  it('real clock: an upload indexes to completed with no request to carry its jobs', async () => {
    const { key } = await start('real');
    const id = await upload(key);
    // No request at all meanwhile (an export runs no jobs): only the pump's timers move the file along.
    const stored = async () => (await emulator!.exportState()).tables.rag_files!.find((row) => row.id === id)!.status;
    for (let i = 0; i < 200 && (await stored()) !== 'completed'; i++) await wall(20);
    expect(await stored()).toBe('completed');
    expect(emulator!.requests.count()).toBe(1);
  });

  it('real clock: jobs run between requests, and every request is answered', async () => {
    const { key } = await start('real');
    const ids = await Promise.all(Array.from({ length: 5 }, () => upload(key)));
    const reads = await Promise.all(Array.from({ length: 40 }, () => emulator!.fetch(new Request(`${BASE}/api/v1/transcripts?limit=5`, { headers: { 'x-api-key': key } }))));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    for (let i = 0; i < 200 && (await Promise.all(ids.map((id) => status(key, id)))).some((s) => s !== 'completed'); i++) await wall(20);
    expect(await Promise.all(ids.map((id) => status(key, id)))).toEqual(ids.map(() => 'completed'));
  });

  it('manual clock: jobs wait for the clock, then run in order', async () => {
    const { key } = await start('manual');
    const id = await upload(key);
    await wall(60);
    expect(await status(key, id)).toBe('pending');
    await emulator!.clock.advance(5);
    expect(await status(key, id)).toBe('processing');
    await emulator!.clock.advance(100);
    expect(await status(key, id)).toBe('completed');
  });
});
