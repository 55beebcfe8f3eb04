// The built-in RAG scenarios load and start where they say: every indexing state, and ghost references.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';

async function call(emulator: Emulator, method: string, path: string) {
  const key = emulator.handles.workspaces[0]!.apiKeys[0]!.secret!;
  const res = await emulator.fetch(new Request(`http://x${path}`, { method, headers: { 'x-api-key': key } }));
  return (await res.json()) as any;
}

describe('indexing-in-progress', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ scenario: 'indexing-in-progress' });
  });
  afterAll(() => emulator.close());

  it('has a file in every state, and indexing finishes as the clock moves', async () => {
    const states = async () =>
      Object.fromEntries(((await call(emulator, 'GET', '/api/v1/rag/files')) as { _id: string; status: string; queryable: boolean }[]).map((f) => [f._id, [f.status, f.queryable]]));
    expect(await states()).toEqual({
      file_pending: ['pending', false],
      file_processing: ['processing', false],
      file_completed: ['completed', false],
      file_searchable: ['completed', true],
      file_error: ['error', false],
    });
    await emulator.clock.advance(15_000);
    expect((await states()).file_completed).toEqual(['completed', true]);
    await emulator.flushJobs();
    expect(await states()).toMatchObject({ file_pending: ['completed', true], file_processing: ['completed', true] });
  });
});

describe('ghost-refs', () => {
  it('prunes the three ghost references', async () => {
    const emulator = await createEmulator({ scenario: 'ghost-refs' });
    expect(await call(emulator, 'POST', '/api/v1/rag/targets/vec_docs/prune-ghost-refs')).toEqual({
      collectionId: 'vec_docs',
      pruned: 3,
      fileIds: ['file_deleted_1', 'file_deleted_2', 'file_deleted_3'],
    });
    await emulator.close();
  });
});
