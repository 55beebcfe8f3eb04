// Under the real clock a context query scans the vectors the graph has not taken in yet (the tail)
// instead of inserting them first: right after an upload turns queryable, the answer (contents and
// scores) is the one the manual clock gives, where the query finishes the graph first.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/index.js';
import { ONE_FILE_SECRET as SECRET, oneFileScenario } from './support/one-file-scenario.js';

const topics = ['password reset links', 'refunds for a double charge', 'single sign-on for owners', 'exports of monthly reports', 'seats on the team plan'];
const section = (i: number) => `# Section ${i}\n\n${topics[i % topics.length]} note ${i} ${topics[(i * 3 + 1) % topics.length]}`;
const scenario = oneFileScenario({
  name: 'rag-tail',
  seed: 11,
  // No simulated stage or consistency delays: under the real clock they would pass in real time.
  settings: { indexing: { stageMs: 0, consistencyMs: [0, 0] }, rateLimits: { rag: { perMinute: 100_000 } } },
  file: { title: 'first', filename: 'first.md', content: Array.from({ length: 40 }, (_, i) => section(i)).join('\n\n') },
});
const queries = ['double charge refund', 'reset my password', 'team plan seats note 7', 'monthly report exports'];

async function run(clock: 'manual' | 'real') {
  const emulator = await createEmulator({ scenario, clock });
  const api = (path: string, init: RequestInit = {}) =>
    emulator.fetch(new Request(`http://emulator${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-api-key': SECRET } }));
  const context = async (query: string) => {
    const res = await api('/api/v1/rag/context', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, collectionId: 'target_a', topK: 8 }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { chunks: { content: string; score?: number; similarity?: number }[] };
    return body.chunks.map((c) => [c.content, c.score ?? c.similarity]);
  };
  await context('warm'); // the graph holds the first file
  const form = new FormData();
  form.set('title', 'second');
  form.set('description', 'tail');
  form.set('ragVectorId', 'target_a');
  form.set('chunkingTool', 'chapter-aware');
  form.set('file', new File([Array.from({ length: 60 }, (_, i) => section(100 + i)).join('\n\n')], 'second.md', { type: 'text/markdown' }));
  const uploaded = await api('/api/v1/rag/files', { method: 'POST', body: form });
  expect(uploaded.status).toBe(202);
  // The upload answers with the list of files it created.
  const [file] = (await uploaded.json()) as { _id: string }[];
  if (clock === 'manual') await emulator.flushJobs();
  else {
    // The definitive readiness check a client polls: the file's chunks are queryable.
    const until = performance.now() + 20_000;
    const queryable = async () => ((await (await api(`/api/v1/rag/files/${file!._id}/vectorize-status`)).json()) as { queryable: boolean }).queryable;
    while (!(await queryable()) && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  }
  const out = [];
  for (const q of queries) out.push(await context(q));
  await emulator.close();
  return out;
}

describe('RAG context under the real clock (graph ∪ exact tail)', () => {
  it('answers right after ingest with the manual clock’s contents and scores', async () => {
    const manual = await run('manual');
    const real = await run('real');
    // The second file (sections 100–159) is in the answers: its vectors are the tail.
    expect(manual[0]!.some((hit) => /note 1\d\d /.test(String(hit[0])))).toBe(true);
    expect(real).toEqual(manual);
  });

  it('right after a load under the real clock (vectors left to background slices), context answers as under the manual clock', async () => {
    const first = async (clock: 'manual' | 'real') => {
      const emulator = await createEmulator({ clock });
      const key = String(emulator.handles.workspaces[0]!.apiKeys[0]!.secret);
      const answers = [];
      for (const query of ['how do I get a refund', 'reset my password', 'data retention']) {
        const res = await emulator.fetch(
          new Request('http://emulator/api/v1/rag/context', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ query, collectionId: 'vec_docs', topK: 5 }) }),
        );
        expect(res.status).toBe(200);
        answers.push(((await res.json()) as { chunks: { content: string; score: number }[] }).chunks.map((c) => [c.content, c.score]));
      }
      await emulator.close();
      return answers;
    };
    const manual = await first('manual');
    expect(manual.flat().length).toBeGreaterThan(0);
    expect(await first('real')).toEqual(manual);
  });
});
