// Bad uploads through every door on every driver: each answers the envelope with the right status
// and leaves nothing behind; and the file-upload rate limiter (per key, custom per-key limits).
import { describe, expect, it } from 'vitest';
import { defineScenario } from '../../src/index.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { FIXTURE_IDS, ragClient, uploadForm } from '../support/rag.js';

const LIMITED = defineScenario({
  name: 'upload-limits',
  seed: 9,
  users: [{ id: 'user_u' }],
  workspaces: [
    {
      id: 'ws_u',
      name: 'Uploads',
      ownerId: 'user_u',
      apiKeys: [
        { id: 'key_custom', name: 'custom limit' },
        { id: 'key_default', name: 'default limit' },
      ],
      rag: { targets: [{ id: 'vec_u', title: 'U' }] },
    },
  ],
  settings: { uploads: { perKeyPerMinute: 3, keys: { key_custom: 1 } } },
});

describe.each(MATRIX)('rag bad uploads: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const rag = ragClient(door, () => door.key('key_full'));
  const FIELDS = { title: 'T', description: 'D', chunkingTool: 'default' };
  const FILE = { name: 'note.txt', content: 'hello' };

  const expectNothingSaved = async () => {
    expect(await rag.fileIds()).toEqual(FIXTURE_IDS);
    expect((await rag.get('/api/v1/rag/targets/vec_docs/events?action=file.uploaded')).body.total).toBe(0);
  };

  it('lists every missing required field at once', async () => {
    const res = await rag.upload(uploadForm({}));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.chunkingTool', 'body.description', 'body.file', 'body.title']);
    await expectNothingSaved();
  });

  it('rejects an unknown chunkingTool, a bad chunkingToolConfig, unknown cleaners and fields', async () => {
    const res = await rag.upload(uploadForm({ ...FIELDS, chunkingTool: 'magic', chunkingToolConfig: '{"chunkSize": 5}', cleaners: 'shout', color: 'red' }, FILE));
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.chunkingTool',
      'body.chunkingToolConfig.chunkSize',
      'body.cleaners',
      'body.color',
    ]);
    await expectNothingSaved();
  });

  it('rejects an empty file', async () => {
    const res = await rag.upload(uploadForm(FIELDS, { name: 'empty.txt', content: '' }));
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([{ path: 'body.file', message: 'File is empty' }]);
    await expectNothingSaved();
  });

  it('rejects a body that is not multipart/form-data', async () => {
    const res = await rag.post('/api/v1/rag/files', { ...FIELDS, file: 'hello' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Content-Type must be multipart/form-data',
      details: { issues: [{ path: 'body', message: 'Unsupported content type "application/json"' }] },
      requestId: expect.any(String),
    });
    await expectNothingSaved();
  });

  it('rejects a path-like file name', async () => {
    const res = await rag.upload(uploadForm(FIELDS, { name: '../../etc/passwd', content: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([{ path: 'body.file.name', message: 'A file name may not contain a path' }]);
    await expectNothingSaved();
  });

  it('rejects malformed ragVectorIds and an unknown target (404) without saving anything', async () => {
    const malformed = await rag.upload(uploadForm({ ...FIELDS, ragVectorIds: '["vec_docs",' }, FILE));
    expect(malformed.body.error.details.issues).toEqual([{ path: 'body.ragVectorIds', message: 'Expected comma-separated ids or a JSON array of ids' }]);
    const unknown = await rag.upload(uploadForm({ ...FIELDS, ragVectorIds: 'vec_docs,vec_nope' }, FILE));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Vector index not found', requestId: expect.any(String) } });
    await expectNothingSaved();
  });

  it('rejects a file over the 25 MiB limit', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    const res = await rag.upload(uploadForm(FIELDS, { name: 'big.txt', content: big }));
    expect(res.status).toBe(400);
    expect(res.body.error.details.maxBytes ?? res.body.error.details.issues[0].path).toBeDefined();
    await expectNothingSaved();
  });
});

describe.each(MATRIX)('rag upload rate limiter: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: LIMITED });
  let key: string;
  const rag = ragClient(door, () => key);

  it('honours a per-key custom upload limit, then the window resets', async () => {
    key = door.key('key_custom');
    expect((await rag.uploadText('a.txt', 'a')).status).toBe(202);
    const limited = await rag.uploadText('b.txt', 'b');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'File upload rate limit exceeded',
      details: { limit: 1, remaining: 0, resetAt: Date.parse('2026-01-01T00:01:00.000Z') / 1000, retryAfter: 60 },
      requestId: expect.any(String),
    });
    expect((await rag.get('/api/v1/rag/files')).body).toHaveLength(1);
    // Other RAG calls of the key are not upload-limited.
    expect((await rag.get('/api/v1/rag/targets')).status).toBe(200);
    await door.emulator.clock.advance(60_000);
    expect((await rag.uploadText('c.txt', 'c')).status).toBe(202);
  });

  it('gives other keys the per-key default', async () => {
    key = door.key('key_default');
    for (let i = 0; i < 3; i++) expect((await rag.uploadText(`${i}.txt`, 'x')).status).toBe(202);
    expect((await rag.uploadText('4.txt', 'x')).status).toBe(429);
    key = door.key('key_custom');
    expect((await rag.uploadText('other.txt', 'x')).status).toBe(202);
  });
});
