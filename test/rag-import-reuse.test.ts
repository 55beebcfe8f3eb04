// An import reuses the indexes it already holds only for the same content: the same state imported
// again answers as before, and a state whose chunk text was edited under the same id answers from
// the edited text (the reuse checks compare fingerprints, not ids).
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/index.js';
import { ONE_FILE_SECRET as SECRET, oneFileScenario } from './support/one-file-scenario.js';

const sections = ['Password reset links expire after an hour.', 'Refunds for a double charge take five days.', 'Single sign-on needs an owner to enable it.'];
const scenario = oneFileScenario({
  name: 'rag-import-reuse',
  seed: 7,
  file: { title: 'notes', filename: 'notes.md', content: sections.map((s, i) => `# Section ${i}\n\n${s}`).join('\n\n') },
});

type Json = Record<string, unknown>;

describe('state import and the RAG indexes', () => {
  it('answers as before for the same state, and from the edited text for an edited one', async () => {
    const emulator = await createEmulator({ scenario });
    const call = async (path: string, body?: unknown) => {
      const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      const res = await emulator.fetch(new Request(`http://emulator${path}`, { ...init, headers: { ...(init.headers as Json), 'x-api-key': SECRET } }));
      expect(res.status).toBe(200);
      return (await res.json()) as Json;
    };
    const context = (query: string) => call('/api/v1/rag/context', { query, collectionId: 'target_a', topK: 3 });
    const search = (q: string) => call(`/api/v1/rag/search?q=${encodeURIComponent(q)}&limit=3`);
    const before = [await context('double charge refund'), await search('refund')];
    const state = await emulator.exportState();
    await emulator.importState(state);
    expect([await context('double charge refund'), await search('refund')]).toEqual(before);

    const edited = structuredClone(state);
    const chunk = edited.tables.rag_chunks!.find((row) => String(row.content).includes('Refunds'))!;
    chunk.content = String(chunk.content).replace('Refunds for a double charge take five days.', 'Zanzibar quokkas hoard marmalade.');
    await emulator.importState(edited);
    const found = (await context('zanzibar quokkas marmalade')) as { chunks: { content: string }[] };
    expect(found.chunks[0]?.content).toContain('Zanzibar quokkas hoard marmalade.');
    expect(found.chunks.some((c) => c.content.includes('double charge'))).toBe(false);
    const hits = (await search('marmalade')) as { results: { chunk: { content: string } }[] };
    expect(hits.results.map((r) => r.chunk.content)).toEqual([chunk.content]);
    await emulator.close();
  });
});
