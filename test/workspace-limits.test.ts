// Workspace limits on RAG: collections and stored bytes, refused with 409 naming the limit.
import { describe, expect, it } from 'vitest';
import { createEmulator, defineScenario } from '../src/index.js';
import { json } from './support/doors.js';

const KEY = `svc_${'L'.repeat(87)}`;

describe('workspace limits', () => {
  it('refuses a RAG collection or upload past maxRagCollections or maxRagStorageBytes, and writes nothing', async () => {
    const emulator = await createEmulator({
      scenario: defineScenario({
        name: 'limits',
        users: [{ id: 'u' }],
        workspaces: [{ id: 'w', name: 'W', ownerId: 'u', limits: { maxRagCollections: 1, maxRagStorageBytes: 100 }, apiKeys: [{ id: 'k', name: 'k', secret: KEY }] }],
      }),
    });
    const call = (path: string, init: RequestInit = {}) => emulator.fetch(new Request(`http://x${path}`, init));
    const created = await call('/api/v1/rag/targets', json({ title: 'Docs', vectorIndexTool: 'default' }, { 'x-api-key': KEY }));
    expect(created.status).toBe(200);
    const second = await call('/api/v1/rag/targets', json({ title: 'More', vectorIndexTool: 'default' }, { 'x-api-key': KEY }));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Workspace limit reached: maxRagCollections', details: { limit: 'maxRagCollections', max: 1, current: 1, requested: 1 } },
    });
    const upload = (text: string) => {
      const form = new FormData();
      form.set('title', 'Note');
      form.set('description', 'A note');
      form.set('chunkingTool', 'default');
      form.set('file', new Blob([text], { type: 'text/plain' }), 'note.txt');
      return call('/api/v1/rag/files', { method: 'POST', headers: { 'x-api-key': KEY }, body: form });
    };
    expect((await upload('x'.repeat(80))).status).toBe(202);
    const over = await upload('y'.repeat(30));
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { details: unknown } }).error.details).toEqual({ limit: 'maxRagStorageBytes', max: 100, current: 80, requested: 30 });
    const list = (await (await call('/api/v1/rag/files', { headers: { 'x-api-key': KEY } })).json()) as unknown[];
    expect(list).toHaveLength(1);
    await emulator.close();
  });
});
