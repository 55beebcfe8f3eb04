// The indexing pipeline on the emulator clock, through every door on every driver: each step,
// the eventual-consistency window, failures, events, and scenario files placed in any state.
import { describe, expect, it } from 'vitest';
import { defineScenario } from '../../src/index.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { fixtureBytes, ragClient, uploadForm } from '../support/rag.js';

const STATES_SCENARIO = defineScenario({
  name: 'rag-states',
  seed: 11,
  now: '2026-02-01T00:00:00.000Z',
  users: [{ id: 'user_owner', email: 'owner@example.com' }],
  workspaces: [
    {
      id: 'ws_states',
      name: 'States',
      ownerId: 'user_owner',
      apiKeys: [{ id: 'key_states', name: 'states' }],
      rag: {
        lazyCounts: true,
        targets: [
          {
            id: 'vec_states',
            title: 'States',
            files: [
              { id: 'f_pending', title: 'Pending', content: 'Pending file about lighthouses.', state: 'pending' },
              { id: 'f_processing', title: 'Processing', content: 'Processing file about volcanoes.', state: 'processing' },
              { id: 'f_completed', title: 'Completed', content: 'Completed file about glaciers and ice sheets.', state: 'completed' },
              { id: 'f_searchable', title: 'Searchable', content: 'Searchable file about coral reefs.', state: 'searchable' },
              { id: 'f_error', title: 'Broken', content: 'never read', state: 'error', error: 'Simulated OCR failure' },
            ],
          },
        ],
      },
    },
  ],
  settings: { indexing: { stageMs: 1000, consistencyMs: [20_000, 20_000] } },
});

describe.each(MATRIX)('rag pipeline: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const rag = ragClient(door, () => door.key('key_full'));
  const status = async (id: string) => (await rag.get(`/api/v1/rag/files/${id}/vectorize-status`)).body;
  const contextFiles = async (query: string) =>
    ((await rag.post('/api/v1/rag/context', { query, collectionId: 'vec_docs', topK: 10 })).body.chunks as { fileId: string }[]).map((c) => c.fileId);
  const searchFiles = async (q: string) =>
    ((await rag.get(`/api/v1/rag/search?q=${encodeURIComponent(q)}`)).body.results as { document: { id: string } }[]).map((r) => r.document.id);

  it('walks pending → processing → chunking → embedding → completed, one stage per 500 ms', async () => {
    const text = '# Lighthouses\n\nA lighthouse keeper trims the lamp wick every evening before sunset.';
    const { body } = await rag.uploadText('lighthouse.md', text);
    const id = body[0]._id as string;
    const seen: unknown[] = [await status(id)];
    for (let i = 0; i < 4; i++) {
      await door.emulator.clock.advance(500);
      seen.push(await status(id));
    }
    expect(seen).toEqual([
      { fileId: id, status: 'pending', queryable: false, chunksIndexed: 0, chunksTotal: 0 },
      { fileId: id, status: 'processing', queryable: false, chunksIndexed: 0, chunksTotal: 0 },
      { fileId: id, status: 'chunking', queryable: false, chunksIndexed: 0, chunksTotal: 1 },
      { fileId: id, status: 'embedding', queryable: false, chunksIndexed: 0, chunksTotal: 1 },
      { fileId: id, status: 'completed', queryable: false, chunksIndexed: 0, chunksTotal: 1 },
    ]);
    expect((await rag.get(`/api/v1/rag/files/${id}`)).body.chunksCount).toBe(1);
  });

  it('is completed before it is searchable: full text at once, vectors after the consistency delay', async () => {
    const { body } = await rag.uploadText('lighthouse.md', 'A lighthouse keeper trims the lamp wick every evening before sunset.');
    const id = body[0]._id as string;
    await door.emulator.clock.advance(1_999);
    expect(await searchFiles('lighthouse keeper')).toEqual([]);
    await door.emulator.clock.advance(1);
    expect((await status(id)).status).toBe('completed');
    expect(await searchFiles('lighthouse keeper')).toEqual([id]);
    expect(await contextFiles('lighthouse keeper lamp')).not.toContain(id);

    const events = (await rag.get(`/api/v1/rag/targets/vec_docs/events?fileId=${id}&action=file.completed`)).body.data;
    const delay = events[0].details.searchableAfterMs as number;
    expect(delay).toBeGreaterThanOrEqual(10_000);
    expect(delay).toBeLessThanOrEqual(60_000);
    await door.emulator.clock.advance(delay - 1);
    expect(await status(id)).toEqual({ fileId: id, status: 'completed', queryable: false, chunksIndexed: 0, chunksTotal: 1 });
    expect(await contextFiles('lighthouse keeper lamp')).not.toContain(id);
    await door.emulator.clock.advance(1);
    expect(await status(id)).toEqual({ fileId: id, status: 'completed', queryable: true, chunksIndexed: 1, chunksTotal: 1 });
    expect((await contextFiles('lighthouse keeper lamp'))[0]).toBe(id);
  });

  it('draws the same consistency delay for the same seed and file, on every run', async () => {
    const delays: number[] = [];
    for (let run = 0; run < 2; run++) {
      await door.emulator.reset();
      const { body } = await rag.uploadText('same.txt', 'identical content');
      await door.emulator.clock.advance(2_000);
      const events = (await rag.get(`/api/v1/rag/targets/vec_docs/events?fileId=${body[0]._id}&action=file.completed`)).body.data;
      delays.push(events[0].details.searchableAfterMs);
    }
    expect(delays[0]).toBe(delays[1]);
  });

  it('writes an event for every step, newest first', async () => {
    const { body } = await rag.uploadText('steps.txt', 'Every step leaves a trace in the event log.');
    const id = body[0]._id as string;
    await door.emulator.flushJobs();
    const log = (await rag.get(`/api/v1/rag/targets/vec_docs/events?fileId=${id}`)).body;
    expect(log.data.map((e: { action: string }) => e.action)).toEqual([
      'file.searchable',
      'file.completed',
      'file.embedding',
      'file.chunking',
      'file.processing',
      'file.uploaded',
    ]);
    expect(log.data.at(-1)).toMatchObject({ collectionId: 'vec_docs', fileId: id, actorType: 'apiKey', actorId: 'key_full', backfill: false, at: '2026-01-01T09:00:00.000Z' });
    expect(log.data[4]).toMatchObject({ actorType: 'system', actorId: null, at: '2026-01-01T09:00:00.500Z', details: { characters: 43 } });
    expect(log.total).toBe(6);
  });

  it('ends unreadable files in status error with a readable message, never a crash', async () => {
    const corrupt = await rag.upload(uploadForm({ title: 'Broken', description: '', chunkingTool: 'default' }, { name: 'broken.pdf', content: fixtureBytes('api-rate-limits.pdf').slice(0, 300), type: 'application/pdf' }));
    const image = await rag.upload(uploadForm({ title: 'Photo', description: '', chunkingTool: 'default' }, { name: 'photo.png', content: new Uint8Array([137, 80, 78, 71]), type: 'image/png' }));
    expect(corrupt.status).toBe(202);
    expect(image.status).toBe(202);
    await door.emulator.flushJobs();
    const pdf = (await rag.get(`/api/v1/rag/files/${corrupt.body[0]._id}`)).body;
    expect(pdf.status).toBe('error');
    expect(pdf.error).toMatch(/^Could not read PDF: /);
    const png = (await rag.get(`/api/v1/rag/files/${image.body[0]._id}`)).body;
    expect(png).toMatchObject({ status: 'error', error: 'Unsupported file type: photo.png (supported: .txt, .md, .html, .pdf, .docx)', fileType: 'png' });
    expect(await status(png._id)).toEqual({ fileId: png._id, status: 'error', queryable: false, chunksIndexed: 0, chunksTotal: 0 });
    const failed = (await rag.get(`/api/v1/rag/targets/vec_docs/events?action=file.failed`)).body.data;
    expect(failed.map((e: { fileId: string }) => e.fileId)).toEqual([png._id, pdf._id]);
  });

  it('indexes PDF and DOCX uploads into chunks that search finds', async () => {
    const upload = (name: string, type: string) =>
      rag.upload(uploadForm({ title: name, description: '', chunkingTool: 'default', ragVectorId: 'vec_policies' }, { name, content: fixtureBytes(name), type }));
    const pdf = await upload('api-rate-limits.pdf', 'application/pdf');
    const docx = await upload('data-retention-policy.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    await door.emulator.flushJobs();
    const backoff = (await rag.get('/api/v1/rag/search?q=exponential%20backoff&collectionId=vec_policies')).body.results;
    expect(backoff[0].document).toEqual({ id: pdf.body[0]._id, originalName: 'api-rate-limits.pdf', fileType: 'pdf' });
    expect(backoff.some((r: { chunk: { content: string } }) => /back off exponentially with jitter/.test(r.chunk.content))).toBe(true);
    const grace = (await rag.get('/api/v1/rag/search?q=grace%20period&collectionId=vec_policies')).body.results;
    expect(new Set(grace.map((r: { document: { id: string } }) => r.document.id))).toEqual(new Set(['file_retention', docx.body[0]._id]));
  });

  it('extracts the published date and applies cleaners when asked', async () => {
    const { body } = await rag.uploadText('dated.txt', 'Release notes. Published March 4, 2025. Contact ops@acme.example or https://status.acme.example now.', {
      extractPublishedDate: 'true',
      cleaners: 'emails,urls',
    });
    await door.emulator.flushJobs();
    const file = (await rag.get(`/api/v1/rag/files/${body[0]._id}`)).body;
    expect(file.documentMetadata).toEqual({ publishedDate: '2025-03-04' });
    const chunks = (await rag.get(`/api/v1/rag/files/${body[0]._id}/chunks`)).body.chunks;
    expect(chunks[0].content).toBe('Release notes. Published March 4, 2025. Contact or now.');
  });
});

describe.each(MATRIX)('rag scenario states: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: STATES_SCENARIO });
  const rag = ragClient(door, () => door.key('key_states'));
  const state = async () =>
    Object.fromEntries(
      ((await rag.get('/api/v1/rag/files')).body as { _id: string; status: string; queryable: boolean }[]).map((f) => [f._id, `${f.status}${f.queryable ? '+q' : ''}`]),
    );

  it('starts each file in its scenario state, without waiting', async () => {
    expect(await state()).toEqual({
      f_pending: 'pending',
      f_processing: 'processing',
      f_completed: 'completed',
      f_searchable: 'completed+q',
      f_error: 'error',
    });
    const files = (await rag.get('/api/v1/rag/files')).body as Record<string, unknown>[];
    expect(files.some((f) => 'chunksCount' in f)).toBe(false);
    expect(files.find((f) => f._id === 'f_error')!.error).toBe('Simulated OCR failure');
    expect(door.emulator.handles.workspaces[0]!.ragTargets).toEqual([
      {
        id: 'vec_states',
        title: 'States',
        files: [
          { id: 'f_pending', title: 'Pending', state: 'pending' },
          { id: 'f_processing', title: 'Processing', state: 'processing' },
          { id: 'f_completed', title: 'Completed', state: 'completed' },
          { id: 'f_searchable', title: 'Searchable', state: 'searchable' },
          { id: 'f_error', title: 'Broken', state: 'error' },
        ],
      },
    ]);
  });

  it('moves the scenario files on with the clock and its settings', async () => {
    await door.emulator.clock.advance(1_000);
    expect(await state()).toMatchObject({ f_pending: 'processing', f_processing: 'chunking' });
    await door.emulator.clock.advance(3_000);
    expect(await state()).toMatchObject({ f_pending: 'completed', f_processing: 'completed', f_completed: 'completed' });
    await door.emulator.clock.advance(16_000);
    expect(await state()).toMatchObject({ f_completed: 'completed+q', f_processing: 'completed' });
    await door.emulator.clock.advance(3_000);
    expect(await state()).toMatchObject({ f_processing: 'completed+q' });
    await door.emulator.clock.advance(1_000);
    expect(await state()).toEqual({
      f_pending: 'completed+q',
      f_processing: 'completed+q',
      f_completed: 'completed+q',
      f_searchable: 'completed+q',
      f_error: 'error',
    });
  });

  it('serves vector context only from files past the consistency delay', async () => {
    const ask = async (query: string) =>
      ((await rag.post('/api/v1/rag/context', { query, collectionId: 'vec_states', topK: 1 })).body.chunks as { fileId: string }[]).map((c) => c.fileId);
    expect(await ask('glaciers and ice sheets')).not.toEqual(['f_completed']);
    expect(await ask('coral reefs')).toEqual(['f_searchable']);
    const search = (await rag.get('/api/v1/rag/search?q=glaciers')).body.results;
    expect(search.map((r: { document: { id: string } }) => r.document.id)).toEqual(['f_completed']);
    await door.emulator.clock.advance(20_000);
    expect(await ask('glaciers and ice sheets')).toEqual(['f_completed']);
  });

  it('logs scenario history as backfill, shown only when asked', async () => {
    const plain = (await rag.get('/api/v1/rag/targets/vec_states/events')).body;
    expect(plain).toEqual({ data: [], hasMore: false, total: 0 });
    const all = (await rag.get('/api/v1/rag/targets/vec_states/events?includeBackfill=true&fileId=f_searchable')).body;
    expect(all.data.map((e: { action: string; backfill: boolean }) => [e.action, e.backfill])).toEqual([
      ['file.searchable', true],
      ['file.completed', true],
      ['file.uploaded', true],
    ]);
  });
});
