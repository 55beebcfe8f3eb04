// What the dashboard reads, through every door on every driver: the scenario list, the RAG pipeline
// view (GET /__emulator/rag/files) as the clock moves, the page itself, and none of it journaled.
import { describe, expect, it } from 'vitest';
import type { RagFileState } from '../../src/index.js';
import { listBuiltinScenarios } from '../../src/scenarios/builtin.js';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { ragClient } from '../support/rag.js';

interface ScenarioList {
  current: string;
  data: { name: string; description: string }[];
  hasMore: boolean;
  total: number;
}
interface FileStateList {
  data: RagFileState[];
  hasMore: boolean;
  total: number;
}

/** The indexing-in-progress scenario: 500 ms a stage, vectors visible 15 s after completion. */
const T0 = '2026-01-01T09:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

describe.each(MATRIX)('dashboard control endpoints: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: 'indexing-in-progress' });

  const getJson = async <T>(path: string): Promise<T> => {
    const res = await door.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    return (await res.json()) as T;
  };
  const files = () => getJson<FileStateList>('/__emulator/rag/files');
  /** fileId → [state, chunksCount, searchableAt] */
  const summary = async () => Object.fromEntries((await files()).data.map((f) => [f.fileId, [f.state, f.chunksCount, f.searchableAt]]));

  it('GET /__emulator/scenarios lists every built-in with its description and names the loaded one', async () => {
    const builtins = await listBuiltinScenarios();
    const list = await getJson<ScenarioList>('/__emulator/scenarios');
    expect(list).toEqual({ current: 'indexing-in-progress', data: builtins, hasMore: false, total: builtins.length });
    expect(list.data.map((s) => s.name)).toEqual(expect.arrayContaining(['default', 'empty', 'indexing-in-progress', 'stale-terms', 'revoked-key']));
    expect(list.data.find((s) => s.name === 'indexing-in-progress')!.description).toMatch(/file in every state/);

    expect((await door.fetch('/__emulator/scenario', json({ name: 'empty' }))).status).toBe(200);
    expect((await getJson<ScenarioList>('/__emulator/scenarios')).current).toBe('empty');
    // A whole document keeps its own name, which no built-in has.
    const doc = { name: 'inline-doc', seed: 3, now: T0, users: [{ id: 'u1', email: 'u1@example.com' }], workspaces: [] };
    expect((await door.fetch('/__emulator/scenario', json(doc))).status).toBe(200);
    const after = await getJson<ScenarioList>('/__emulator/scenarios');
    expect(after.current).toBe('inline-doc');
    expect(after.data).toEqual(builtins);
    expect(await door.emulator.scenarios()).toEqual({ current: 'inline-doc', available: builtins });
  });

  it('GET /__emulator/rag/files shows every file of the scenario where it stands in the pipeline', async () => {
    const list = await files();
    expect(list.total).toBe(5);
    expect(list.hasMore).toBe(false);
    expect(list.data.map((f) => [f.fileId, f.status, f.state])).toEqual([
      ['file_pending', 'pending', 'pending'],
      ['file_processing', 'processing', 'processing'],
      ['file_completed', 'completed', 'completed'],
      ['file_searchable', 'completed', 'searchable'],
      ['file_error', 'error', 'error'],
    ]);
    expect(list.data[0]).toEqual({
      workspaceId: 'ws_indexing',
      targetId: 'vec_docs',
      targetTitle: 'Help Center',
      fileId: 'file_pending',
      title: 'Billing, invoices and refunds',
      originalName: 'billing-and-refunds.txt',
      status: 'pending',
      state: 'pending',
      chunksCount: null,
      error: null,
      searchableAt: null,
      updatedAt: T0,
    });
    const completed = list.data[2]!;
    expect(completed.chunksCount).toBeGreaterThan(0);
    expect(completed.searchableAt).toBe(at(15_000));
    expect(list.data[3]!.searchableAt).toBe(T0);
    expect(list.data[4]!.error).toBe('Could not read PDF: no text layer (scanned image)');
    expect(await door.emulator.ragFiles()).toEqual(list.data);
  });

  it('follows the clock: stages every 500 ms, searchable 15 s after completion, all of it after a flush', async () => {
    const chunks = (await files()).data.find((f) => f.fileId === 'file_completed')!.chunksCount;
    await door.fetch('/__emulator/clock', json({ advanceMs: 1000 }));
    let now = await summary();
    expect(now.file_pending).toEqual(['chunking', null, null]);
    expect(now.file_processing).toEqual(['embedding', null, null]);
    await door.fetch('/__emulator/clock', json({ advanceMs: 500 }));
    expect((await summary()).file_processing).toEqual(['completed', expect.any(Number), at(1500 + 15_000)]);

    await door.fetch('/__emulator/clock', json({ advanceMs: 13_500 }));
    now = await summary();
    expect(now.file_completed).toEqual(['searchable', chunks, at(15_000)]);
    expect(now.file_pending).toEqual(['completed', expect.any(Number), at(2000 + 15_000)]);
    expect(now.file_processing![0]).toBe('completed');

    const flushed = (await (await door.fetch('/__emulator/jobs/flush', { method: 'POST' })).json()) as { now: number; ran: number };
    expect(flushed.now).toBe(Date.parse(at(17_000)));
    now = await summary();
    expect(now).toEqual({
      file_pending: ['searchable', expect.any(Number), at(17_000)],
      file_processing: ['searchable', expect.any(Number), at(16_500)],
      file_completed: ['searchable', chunks, at(15_000)],
      file_searchable: ['searchable', expect.any(Number), T0],
      file_error: ['error', null, null],
    });
  });

  it('shows a file uploaded through the API, and every workspace of the default scenario', async () => {
    await door.emulator.loadScenario('default');
    const before = await files();
    expect(new Set(before.data.map((f) => f.workspaceId))).toEqual(new Set(['ws_acme', 'ws_globex']));
    expect(before.data.every((f) => f.state === 'searchable')).toBe(true);
    const rag = ragClient(door, () => door.key('key_full'));
    const { status, body } = await rag.uploadText('lighthouse.md', 'A lighthouse keeper trims the lamp wick every evening.');
    expect(status).toBe(202);
    const id = (body as { _id: string }[])[0]!._id;
    const after = await files();
    expect(after.total).toBe(before.total + 1);
    expect(after.data.find((f) => f.fileId === id)).toMatchObject({ workspaceId: 'ws_acme', originalName: 'lighthouse.md', state: 'pending', searchableAt: null });
  });

  it('GET /__emulator/ui answers the self-contained dashboard page', async () => {
    const res = await door.fetch('/__emulator/ui');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    for (const id of ['clock-iso', 'advance-1h', 'jobs-flush', 'scenario-select', 'scenario-load', 'journal-rows', 'fault-form', 'rag-rows']) {
      expect(html).toContain(`id="${id}"`);
    }
    // Nothing is fetched from elsewhere: no external scripts, styles or absolute URLs.
    expect(html).not.toMatch(/<script[^>]+src=|https?:\/\//);
    expect([...html.matchAll(/<link[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="icon" href="data:,">']);
  });

  it('control calls, the page and its polling are not journaled', async () => {
    await door.fetch('/api/v1/transcripts');
    for (const path of ['/__emulator/ui', '/__emulator/scenarios', '/__emulator/rag/files', '/__emulator/clock', '/__emulator/faults', '/__emulator/requests']) {
      expect((await door.fetch(path)).status).toBe(200);
    }
    const journal = await getJson<{ data: { path: string }[]; total: number }>('/__emulator/requests');
    expect(journal.data.map((e) => e.path)).toEqual(['/api/v1/transcripts']);
  });
});
