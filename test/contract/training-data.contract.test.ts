// Training data through every door on every driver: generation as a job on the emulator clock
// (queued -> running with progress -> succeeded | failed), downloads, export into a RAG target that
// really indexes, deletion, bad input that writes nothing, scopes, roles and tenants.
import { describe, expect, it } from 'vitest';
import { TrainingDataSetSchema } from '../../src/types/model-lifecycle.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, MODEL_NOW, OTHER_KEY, RAG_ONLY_KEY, READ_KEY, modelScenario } from '../support/model-scenario.js';
import { useDoor } from '../support/use-door.js';

const full = { key: FULL_KEY };
const owner = { user: 'u_owner', headers: { 'x-workspace-id': 'ws_acme' } };
const viewer = { user: 'u_viewer' };

describe.each(MATRIX)('training-data: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: modelScenario });
  const { call } = door;
  const advance = async (advanceMs: number) => {
    const res = await door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
    expect(res.status).toBe(200);
  };
  const generate = async (body: unknown, as: object = full) => call('POST', '/api/v1/training-data/generate', as, body);

  it('generates pairs from a RAG file: queued, then running, then succeeded, moved by the clock', async () => {
    const res = await generate({ fileIds: ['file_guide'], title: 'Guide pairs' });
    expect(res.status).toBe(202);
    const set = TrainingDataSetSchema.parse(res.body);
    expect(set).toMatchObject({
      _id: set.id,
      title: 'Guide pairs',
      workspaceId: 'ws_acme',
      status: 'queued',
      progress: 0,
      pairCount: 0,
      maxPairs: 50,
      sources: [{ type: 'ragFile', id: 'file_guide', title: 'Admin guide' }],
      createdAt: MODEL_NOW,
    });
    await advance(1000);
    expect((await call('GET', `/api/v1/training-data/${set.id}/status`, full)).body).toEqual({ _id: set.id, status: 'running', progress: 0, pairCount: 0 });
    await advance(2000);
    const done = (await call('GET', `/api/v1/training-data/${set.id}`, full)).body;
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, startedAt: '2026-03-02T08:00:01.000Z', completedAt: '2026-03-02T08:00:03.000Z' });
    expect(done.pairCount).toBe(12);
    const pairs = (await call('GET', `/api/v1/training-data/${set.id}/pairs?limit=2`, full)).body;
    expect(pairs).toMatchObject({ hasMore: true, total: 12 });
    expect(pairs.data[0]).toMatchObject({ answer: 'Workspace owners can invite members from the settings page at any time.', source: { type: 'ragFile', id: 'file_guide' } });
    expect(pairs.data[0].question).toMatch(/\?$/);
    const list = (await call('GET', '/api/v1/training-data', owner)).body;
    expect(list).toMatchObject({ total: 1, hasMore: false, data: [{ _id: set.id, status: 'succeeded' }] });
  });

  it('reads a whole RAG target and transcripts one source per step, progress rising, pairs from conversations', async () => {
    const set = (await generate({ ragVectorId: 'vec_guide', transcriptIds: ['tr_support'], maxPairs: 200 })).body;
    expect(set.sources.map((s: { id: string }) => s.id)).toEqual(['file_guide', 'file_short', 'tr_support']);
    await advance(3000);
    expect((await call('GET', `/api/v1/training-data/${set._id}`, full)).body).toMatchObject({ status: 'running', progress: 33, pairCount: 12 });
    await advance(2000);
    expect((await call('GET', `/api/v1/training-data/${set._id}`, full)).body).toMatchObject({ status: 'running', progress: 66, pairCount: 12 });
    await advance(2000);
    const done = (await call('GET', `/api/v1/training-data/${set._id}`, full)).body;
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, pairCount: 14 });
    const pairs = (await call('GET', `/api/v1/training-data/${set._id}/pairs?limit=100`, full)).body.data;
    expect(pairs.slice(-2)).toEqual([
      { question: 'How long do refunds take?', answer: 'Refunds reach your card within five business days.', source: { type: 'transcript', id: 'tr_support', title: 'Refund chat' } },
      { question: 'Can I cancel an annual plan?', answer: 'Yes, annual plans can be cancelled for a prorated refund.', source: { type: 'transcript', id: 'tr_support', title: 'Refund chat' } },
    ]);
  });

  it('fails with a reason when the sources give no pairs', async () => {
    const set = (await generate({ fileIds: ['file_short'] })).body;
    await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    expect((await call('GET', `/api/v1/training-data/${set._id}/status`, full)).body).toMatchObject({ status: 'failed', pairCount: 0, error: 'No question/answer pairs could be derived from the sources' });
  });

  it('downloads JSON Lines and CSV with a content type and a file name; not before it succeeded', async () => {
    const set = (await generate({ transcriptIds: ['tr_support'], title: 'Refunds' })).body;
    const early = await call('GET', `/api/v1/training-data/${set._id}/export`, full);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'CONFLICT', details: { status: 'queued' } });
    await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    const jsonl = await door.fetch(`/api/v1/training-data/${set._id}/export?format=jsonl`, { headers: { 'x-api-key': FULL_KEY } });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
    expect(jsonl.headers.get('content-disposition')).toBe(`attachment; filename="refunds-${set._id}.jsonl"`);
    const lines = (await jsonl.text()).split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0] as string)).toEqual({
      messages: [
        { role: 'user', content: 'How long do refunds take?' },
        { role: 'assistant', content: 'Refunds reach your card within five business days.' },
      ],
    });
    const csv = await door.fetch(`/api/v1/training-data/${set._id}/export?format=csv`, { headers: { authorization: `Bearer ${FULL_KEY}` } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="refunds-${set._id}.csv"`);
    expect(await csv.text()).toBe(
      'question,answer,source\r\nHow long do refunds take?,Refunds reach your card within five business days.,transcript:tr_support\r\n' +
        'Can I cancel an annual plan?,"Yes, annual plans can be cancelled for a prorated refund.",transcript:tr_support\r\n',
    );
  });

  it('exports into a RAG target that indexes the pairs until they are searchable', async () => {
    const set = (await generate({ transcriptIds: ['tr_support'], title: 'Refund answers' })).body;
    await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    const res = await call('POST', `/api/v1/training-data/${set._id}/export-to-rag`, full, { ragVectorId: 'vec_export' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ trainingDataId: set._id, ragVectorId: 'vec_export', title: 'Refund answers', status: 'pending' });
    const fileId = res.body.fileId as string;
    expect((await call('GET', `/api/v1/rag/files/${fileId}`, full)).body).toMatchObject({ _id: fileId, status: expect.stringMatching(/pending|processing/) });
    await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    const hits = (await call('GET', '/api/v1/rag/search?q=prorated%20refund&collectionId=vec_export', full)).body;
    expect(hits.total).toBeGreaterThan(0);
    expect(hits.results[0]).toMatchObject({ chunk: { fileId, vectorId: 'vec_export' } });
    const unknown = await call('POST', `/api/v1/training-data/${set._id}/export-to-rag`, full, { ragVectorId: 'vec_nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.issues).toEqual([{ path: 'body.ragVectorId', message: 'Not a RAG target of this workspace' }]);
  });

  it('deletes a set (a running generation stops)', async () => {
    const set = (await generate({ fileIds: ['file_guide'] })).body;
    await advance(1000);
    const res = await call('DELETE', `/api/v1/training-data/${set._id}`, full);
    expect(res.body).toEqual({ _id: set._id, deleted: true });
    await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    expect((await call('GET', `/api/v1/training-data/${set._id}`, full)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/training-data/${set._id}`, full)).status).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'body.fileIds'],
      [{ fileIds: [] }, 'body.fileIds'],
      [{ fileIds: ['file_nope'] }, 'body.fileIds[0]'],
      [{ transcriptIds: ['tr_support', 'tr_nope'] }, 'body.transcriptIds[1]'],
      [{ ragVectorId: 'vec_export' }, 'body.ragVectorId'],
      [{ fileIds: ['file_guide'], maxPairs: 0 }, 'body.maxPairs'],
      [{ fileIds: ['file_guide'], colour: 'red' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await generate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(path);
    }
    const bad = await call('GET', '/api/v1/training-data/x/export?format=xml', full);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toContain('query.format');
    expect((await call('GET', '/api/v1/training-data', full)).body).toEqual({ data: [], hasMore: false, total: 0 });
    const flushed = await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    expect((await flushed.json()).ran).toBe(0);
  });

  it('holds keys to their scopes, members to their roles, and every caller to its workspace', async () => {
    const set = (await generate({ fileIds: ['file_guide'] })).body;
    expect((await call('GET', '/api/v1/training-data', { key: READ_KEY })).status).toBe(200);
    expect((await generate({ fileIds: ['file_guide'] }, { key: READ_KEY })).status).toBe(403);
    expect((await call('GET', '/api/v1/training-data', { key: RAG_ONLY_KEY })).status).toBe(403);
    expect((await call('GET', `/api/v1/training-data/${set._id}`, viewer)).status).toBe(200);
    expect((await generate({ fileIds: ['file_guide'] }, viewer)).status).toBe(403);
    expect((await call('GET', `/api/v1/training-data/${set._id}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/training-data/${set._id}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call('GET', `/api/v1/training-data/${set._id}`, { user: 'u_owner', headers: { 'x-workspace-id': 'ws_globex' } })).status).toBe(404);
    expect((await call('GET', '/api/v1/training-data')).status).toBe(401);
    // Another workspace's file is not a source of this one.
    const foreign = await generate({ fileIds: ['file_guide'] }, { key: OTHER_KEY });
    expect(foreign.status).toBe(400);
  });
});
