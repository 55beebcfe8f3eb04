// Without better-sqlite3 and hnswlib-node (simulated with SERVICE_EMULATOR_DISABLE_NATIVE) the
// emulator runs on PGlite with exact vector search, says so once, and answers RAG context queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { keyOf } from './support/doors.js';

describe('native modules missing', () => {
  const saved = process.env.SERVICE_EMULATOR_DISABLE_NATIVE;
  const notices: string[] = [];
  let emulator: Emulator;

  beforeAll(async () => {
    process.env.SERVICE_EMULATOR_DISABLE_NATIVE = 'better-sqlite3,hnswlib-node';
    emulator = await createEmulator({ onNotice: (line) => notices.push(line) });
  });
  afterAll(async () => {
    await emulator?.close();
    if (saved === undefined) delete process.env.SERVICE_EMULATOR_DISABLE_NATIVE;
    else process.env.SERVICE_EMULATOR_DISABLE_NATIVE = saved;
  });

  it('says once what it uses instead', () => {
    expect(notices).toEqual([
      'service-emulator: better-sqlite3 is not installed (or did not build): storage is PGlite',
      'service-emulator: hnswlib-node is not installed (or did not build): vector search is exact',
    ]);
  });

  it('reports PGlite storage in health', async () => {
    const health = (await (await emulator.fetch(new Request('http://x/__emulator/health'))).json()) as { storage: string };
    expect(health.storage).toBe('pglite');
  });

  it('answers a RAG context query through the exact index', async () => {
    const res = await emulator.fetch(
      new Request('http://x/api/v1/rag/context', {
        method: 'POST',
        headers: { 'x-api-key': keyOf(emulator, 'key_rag'), 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'how do I reset my forgotten password', groupId: 'grp_support', topK: 3 }),
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { chunks: { fileId: string }[] };
    expect(body.chunks[0]!.fileId).toBe('file_security');
    // The index the world built for the query is the exact one.
    expect([...(emulator as unknown as { here: { vectorIndexes: { entries: Map<string, { index: { kind: string } }> } } }).here.vectorIndexes.entries.values()].map((e) => e.index.kind)).toContain('exact');
  });

  it('refuses an explicit sqlite request in one clear line', async () => {
    await expect(createEmulator({ storage: 'sqlite', scenario: 'empty' })).rejects.toThrow(/^storage "sqlite" needs better-sqlite3, which is not installed or did not build here/);
  });
});
