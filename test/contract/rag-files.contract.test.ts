// RAG files through every door on every driver: list (and lazy counts), upload (202), get, patch,
// delete, chunks, vectorize-status, reindex, presigned uploads, cost estimates, audio, bad input.
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FileRecordSchema } from '../../src/areas/rag-files/schema.js';
import { MATRIX, pgMatrix } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { FIXTURE_IDS, fixtureBytes, ragClient, uploadForm } from '../support/rag.js';

const FileList = z.array(FileRecordSchema);

describe.each([...MATRIX, ...pgMatrix()])('rag files: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let key: string;
  const rag = ragClient(door, () => key);

  beforeEach(() => {
    key = door.key('key_full');
  });

  it('lists the workspace files as a bare array with real chunk counts', async () => {
    const res = await rag.get('/api/v1/rag/files');
    expect(res.status).toBe(200);
    const files = FileList.parse(res.body);
    expect(files.map((f) => f._id)).toEqual(FIXTURE_IDS);
    const pdf = files.find((f) => f._id === 'file_ratelimits')!;
    expect(pdf).toMatchObject({
      title: 'API rate limits',
      originalName: 'api-rate-limits.pdf',
      fileType: 'pdf',
      mimeType: 'application/pdf',
      fileSizeBytes: fixtureBytes('api-rate-limits.pdf').length,
      status: 'completed',
      chunkingTool: 'chapter-aware',
      ragVectors: [{ _id: 'vec_docs', title: 'Help Center' }],
      collectionId: 'vec_docs',
      queryable: true,
      sourceUrl: 'https://help.acme.example/api-rate-limits',
    });
    expect(files.every((f) => typeof f.chunksCount === 'number' && f.chunksCount > 0)).toBe(true);
    const chunks = await rag.get('/api/v1/rag/files/file_ratelimits/chunks?limit=100');
    expect(chunks.body.pagination.total).toBe(pdf.chunksCount);
  });

  it('leaves chunksCount out in lazy-count mode', async () => {
    const files = FileList.parse((await rag.get('/api/v1/rag/files?lazyCount=true')).body);
    expect(files).toHaveLength(5);
    expect(files.some((f) => 'chunksCount' in f)).toBe(false);
  });

  it('filters the list by the command-line status and by target', async () => {
    expect((await rag.get('/api/v1/rag/files?status=ready')).body).toHaveLength(5);
    expect((await rag.get('/api/v1/rag/files?status=processing')).body).toEqual([]);
    expect((await rag.get('/api/v1/rag/files?ragVectorId=vec_policies')).body.map((f: { _id: string }) => f._id)).toEqual(['file_retention']);
  });

  it('uploads a file: 202 with the saved record, pending, in the first target', async () => {
    const res = await rag.uploadText('faq.md', '# FAQ\n\nOur office cat is called Miso.');
    expect(res.status).toBe(202);
    const [record] = FileList.parse(res.body);
    expect(res.body).toHaveLength(1);
    expect(record).toMatchObject({
      title: 'faq.md',
      description: 'test upload',
      originalName: 'faq.md',
      fileType: 'markdown',
      mimeType: 'text/plain',
      fileSizeBytes: 37,
      status: 'pending',
      chunkingTool: 'default',
      ragVectors: [{ _id: 'vec_docs', title: 'Help Center' }],
      queryable: false,
    });
    expect('chunksCount' in record!).toBe(false);
    expect((await rag.get(`/api/v1/rag/files/${record!._id}`)).body).toEqual(record);
    expect(await rag.fileIds()).toEqual([...FIXTURE_IDS, record!._id]);
  });

  it('uploads to each id of ragVectorIds, as a JSON array or comma-separated', async () => {
    const json = await rag.uploadText('a.txt', 'alpha', { ragVectorIds: '["vec_policies","vec_docs"]' });
    expect(json.status).toBe(202);
    expect(json.body.map((f: { collectionId: string }) => f.collectionId)).toEqual(['vec_policies', 'vec_docs']);
    const comma = await rag.uploadText('b.txt', 'beta', { ragVectorIds: 'vec_docs, vec_policies' });
    expect(comma.body.map((f: { collectionId: string }) => f.collectionId)).toEqual(['vec_docs', 'vec_policies']);
    const single = await rag.uploadText('c.txt', 'gamma', { ragVectorId: 'vec_policies' });
    expect(single.body.map((f: { collectionId: string }) => f.collectionId)).toEqual(['vec_policies']);
  });

  it('hides files of other workspaces (404) and checks permissions (403)', async () => {
    const other = await rag.get('/api/v1/rag/files/file_globex');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: { code: 'NOT_FOUND', message: 'File not found', requestId: expect.any(String) } });
    expect((await rag.uploadText('x.txt', 'x', { ragVectorId: 'vec_globex' })).status).toBe(404);
    key = door.key('key_read');
    expect((await rag.get('/api/v1/rag/files')).status).toBe(403);
    key = door.key('key_rag');
    expect((await rag.get('/api/v1/rag/files')).status).toBe(200);
    expect((await rag.uploadText('y.txt', 'y')).status).toBe(202);
    const anonymous = await door.fetch('/api/v1/rag/files');
    expect(anonymous.status).toBe(401);
  });

  it('patches a file and answers the updated record', async () => {
    const res = await rag.patch('/api/v1/rag/files/file_billing', { title: 'Billing FAQ', sourceUrl: '', fileKey: 'k/1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: 'file_billing', title: 'Billing FAQ', fileKey: 'k/1', status: 'completed' });
    expect('sourceUrl' in res.body).toBe(false);
    const bad = await rag.patch('/api/v1/rag/files/file_billing', { status: 'bogus', color: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.color', 'body.status']);
  });

  it('patching status away from completed makes the file unqueryable', async () => {
    await rag.patch('/api/v1/rag/files/file_billing', { status: 'error' });
    expect((await rag.get('/api/v1/rag/files/file_billing/vectorize-status')).body).toEqual({
      fileId: 'file_billing',
      status: 'error',
      queryable: false,
      chunksIndexed: 0,
      chunksTotal: (await rag.get('/api/v1/rag/files/file_billing')).body.chunksCount,
    });
  });

  it('deletes a file with its chunks and vectors', async () => {
    const res = await rag.del('/api/v1/rag/files/file_billing');
    expect(res.body).toEqual({ status: 'ok', _id: 'file_billing' });
    expect((await rag.get('/api/v1/rag/files/file_billing')).status).toBe(404);
    expect((await rag.del('/api/v1/rag/files/file_billing')).status).toBe(404);
    const search = await rag.get('/api/v1/rag/search?q=refund');
    expect(search.body.results.filter((r: { document: { id: string } }) => r.document.id === 'file_billing')).toEqual([]);
    const context = await rag.post('/api/v1/rag/context', { query: 'refund a duplicate charge', collectionId: 'vec_docs', topK: 10 });
    expect(context.body.chunks.some((c: { fileId: string }) => c.fileId === 'file_billing')).toBe(false);
  });

  it('pages chunks with offset (default 0) and limit (default 25, max 100)', async () => {
    const all = await rag.get('/api/v1/rag/files/file_security/chunks');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ total: 4, limit: 25, offset: 0, hasMore: false });
    expect(all.body.chunks.map((c: { index: number; heading: string }) => [c.index, c.heading])).toEqual([
      [0, 'Account security at Acme Cloud'],
      [1, 'Resetting a forgotten password'],
      [2, 'Two-factor authentication'],
      [3, 'Suspicious sign-in attempts'],
    ]);
    expect(all.body.chunks[1]).toMatchObject({ _id: 'file_security-00001', fileId: 'file_security' });
    expect(all.body.chunks[1].content.startsWith('Resetting a forgotten password\n\nIf you forgot your password')).toBe(true);
    const page = await rag.get('/api/v1/rag/files/file_security/chunks?offset=1&limit=2');
    expect(page.body.chunks.map((c: { index: number }) => c.index)).toEqual([1, 2]);
    expect(page.body.pagination).toEqual({ total: 4, limit: 2, offset: 1, hasMore: true });
    const huge = await rag.get('/api/v1/rag/files/file_security/chunks?limit=101');
    expect(huge.status).toBe(400);
    expect(huge.body.error.details.issues[0].path).toBe('query.limit');
  });

  it('reindexes a file through the pipeline again, with another chunking tool', async () => {
    const res = await rag.post('/api/v1/rag/files/file_security/reindex', { chunkingTool: 'default' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: 'file_security', status: 'pending', chunkingTool: 'default', queryable: false });
    expect((await rag.get('/api/v1/rag/files/file_security/chunks')).body.pagination.total).toBe(0);
    await door.emulator.flushJobs();
    const after = (await rag.get('/api/v1/rag/files/file_security')).body;
    expect(after).toMatchObject({ status: 'completed', chunksCount: 2, queryable: true });
    expect((await rag.post('/api/v1/rag/files/nope/reindex', {})).status).toBe(404);
  });

  it('hands out presigned URLs on the emulator that accept the bytes, then uploads by fileKey', async () => {
    const bytes = fixtureBytes('data-retention-policy.docx');
    const res = await rag.post('/api/v1/rag/presigned', [{ byteSize: bytes.length, filename: 'policy.docx' }]);
    expect(res.status).toBe(200);
    const [slot] = res.body;
    expect(slot).toMatchObject({ filename: 'policy.docx', byteSize: bytes.length, method: 'PUT', expiresAt: '2026-01-01T09:15:00.000Z' });
    expect(slot.uploadUrl).toBe(`${door.baseUrl}/api/v1/rag/presigned/${slot.uploadId}`);
    expect(slot.fileKey).toBe(`uploads/ws_acme/${slot.uploadId}/policy.docx`);
    const tooEarly = await rag.upload(uploadForm({ title: 'Policy', description: '', chunkingTool: 'default', fileKey: slot.fileKey }));
    expect(tooEarly.status).toBe(400);
    const put = await fetch(slot.uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/octet-stream' } });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ uploadId: slot.uploadId, fileKey: slot.fileKey, byteSize: bytes.length, status: 'uploaded' });
    const wrongSize = await fetch(slot.uploadUrl, { method: 'PUT', body: bytes.slice(1) });
    expect(wrongSize.status).toBe(400);
    const uploaded = await rag.upload(uploadForm({ title: 'Policy', description: 'via presigned', chunkingTool: 'chapter-aware', fileKey: slot.fileKey }));
    expect(uploaded.status).toBe(202);
    expect(uploaded.body[0]).toMatchObject({ originalName: 'policy.docx', fileType: 'docx', fileSizeBytes: bytes.length, fileKey: slot.fileKey });
    await door.emulator.flushJobs();
    const chunks = await rag.get(`/api/v1/rag/files/${uploaded.body[0]._id}/chunks`);
    expect(chunks.body.chunks[0].content.startsWith('Data retention policy')).toBe(true);
    const bad = await rag.post('/api/v1/rag/presigned', [{ byteSize: 0, filename: '../x' }]);
    expect(bad.body.error.details.issues.map((i: { path: string }) => i.path)).toEqual(['body[0].byteSize', 'body[0].filename']);
    const unknown = await fetch(`${door.baseUrl}/api/v1/rag/presigned/up_nope`, { method: 'PUT', body: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('estimates the cost of indexing without storing anything', async () => {
    const before = await door.emulator.snapshot();
    const res = await rag.post('/api/v1/rag/files/estimate-cost', { content: 'Hello world, this is a test.', chunker: 'unstructured', cleaners: 'whitespace' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dryRun: true,
      basis: 'content',
      chunkingTool: 'unstructured',
      cleaners: ['whitespace'],
      extractPublishedDate: false,
      embeddingModel: 'emulator-hashed-ngrams-256',
      chunkSize: 200,
      chunkOverlap: 20,
      estimatedTokens: 8,
      estimatedChunks: 1,
      estimatedCostUsd: 0.00200056,
      breakdown: { embeddingUsd: 0.00000056, chunkingUsd: 0.002 },
    });
    const bySize = await rag.post('/api/v1/rag/files/estimate-cost', { byteSize: 40_000 });
    expect(bySize.body).toMatchObject({ basis: 'byteSize', estimatedTokens: 10_000, estimatedChunks: 56 });
    expect((await rag.post('/api/v1/rag/files/estimate-cost', {})).status).toBe(400);
    expect((await rag.post('/api/v1/rag/files/estimate-cost', { content: 'x', cleaners: ['shout'] })).status).toBe(400);
    expect((await rag.post('/api/v1/rag/files/estimate-cost', { content: 'x', ragVectorId: 'vec_globex' })).status).toBe(404);
    const after = await door.emulator.snapshot();
    expect(after.random).toEqual(before.random);
    expect(await rag.fileIds()).toEqual(FIXTURE_IDS);
  });

  it('indexes audio by URL (its transcript) and from a presigned audio upload', async () => {
    const res = await rag.post('/api/v1/rag/files/audio', {
      audioUrl: 'https://media.acme.example/calls/onboarding-call.mp3',
      transcript: 'Welcome call. The customer asked how to invite teammates to the workspace.',
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ title: 'onboarding-call.mp3', originalName: 'onboarding-call.mp3', fileType: 'audio', status: 'pending', fileSizeBytes: 0 });
    await door.emulator.flushJobs();
    const search = await rag.get('/api/v1/rag/search?q=invite%20teammates');
    expect(search.body.results[0].document).toEqual({ id: res.body[0]._id, originalName: 'onboarding-call.mp3', fileType: 'audio' });

    const [slot] = (await rag.post('/api/v1/rag/presigned', [{ byteSize: 4, filename: 'memo.m4a', contentType: 'audio/mp4' }])).body;
    await fetch(slot.uploadUrl, { method: 'PUT', body: new Uint8Array([1, 2, 3, 4]), headers: { 'content-type': 'audio/mp4' } });
    const fromPresigned = await rag.post('/api/v1/rag/files/audio-from-presigned', { fileKey: slot.fileKey, title: 'Memo' });
    expect(fromPresigned.status).toBe(200);
    expect(fromPresigned.body[0]).toMatchObject({ title: 'Memo', fileType: 'audio', mimeType: 'audio/mp4', fileSizeBytes: 4, fileKey: slot.fileKey });

    const [text] = (await rag.post('/api/v1/rag/presigned', [{ byteSize: 2, filename: 'notes.txt' }])).body;
    await fetch(text.uploadUrl, { method: 'PUT', body: 'hi' });
    const notAudio = await rag.post('/api/v1/rag/files/audio-from-presigned', { fileKey: text.fileKey });
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.error.details.issues[0].path).toBe('body.fileKey');
  });
});
