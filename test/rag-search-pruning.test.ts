// Full-text search through the route, on both drivers, against exhaustive BM25: every chunk of the
// scope (read back through the chunks route) scored term by term in query order, every hit sorted.
// The search prunes (MaxScore: chunks that cannot enter the top list are never scored); this proves
// the answer is still the exhaustive one to the last bit, for every scope the route has (workspace,
// collectionId, fileId), stop words, repeated terms, one-term, many-term and no-hit queries, and
// limits from 1 past the number of hits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { SeededRandom } from '../src/seed/random.js';
import { rankCounters } from '../src/areas/rag-search/full-text.js';
import { analyseChunk, referenceRank, type AnalysedChunk } from './support/bm25-reference.js';
import { SQLITE_LOADS } from './support/doors.js';

const SECRET = `svc_${'P7r8U9n0E1'.repeat(9).slice(0, 87)}`;

/** Files of sections drawn from topics, words every section shares, stop words and word forms. */
function corpus() {
  const random = new SeededRandom(913);
  const syllables = ['ka', 'to', 'mi', 'ra', 'ne', 'lo', 'su', 'vi', 'de', 'po'];
  const word = () => Array.from({ length: 2 + random.int(2) }, () => syllables[random.int(syllables.length)]).join('');
  const topics = Array.from({ length: 24 }, () => Array.from({ length: 15 }, word));
  const common = [...Array.from({ length: 12 }, word), 'backup', 'backups', 'running', 'runs', 'the', 'of', 'and'];
  const pick = (list: readonly string[]) => list[random.int(list.length)] as string;
  const section = () => {
    const main = topics[random.int(topics.length)] as string[];
    const length = random.int(6) === 0 ? 2 : 8 + random.int(50);
    return Array.from({ length }, () => (random.int(10) < 6 ? pick(main) : pick(common))).join(' ');
  };
  const file = (target: number, f: number, sections: number) => ({
    id: `file_${target}_${f}`,
    title: `notes ${target}.${f}`,
    filename: `notes-${target}-${f}.md`,
    content: Array.from({ length: sections }, (_, i) => `# Part ${i}\n\n${section()}`).join('\n\n'),
    state: 'searchable' as const,
  });
  const targets = [0, 1].map((target) => ({
    id: `target_${target}`,
    title: `T${target}`,
    chunkingTool: 'chapter-aware' as const,
    chunkSize: 2048,
    chunkOverlap: 0,
    files: Array.from({ length: 4 }, (_, f) => file(target, f, 20 + ((f * 37 + target * 11) % 90))),
  }));
  const queries: string[] = ['the of and', 'zyzzyva', 'part', 'backup backups backup', 'running the backup'];
  for (let i = 0; i < 60; i++) {
    const topic = topics[random.int(topics.length)] as string[];
    const words = Array.from({ length: 1 + (i % 8) }, () => (random.int(4) === 0 ? pick(common) : pick(topic)));
    if (i % 5 === 0) words.push(words[0] as string);
    if (i % 7 === 0) words.push('part');
    if (i % 9 === 0) words.push('zyzzyva');
    queries.push(words.join(' '));
  }
  const scenario = {
    name: 'rag-search-pruning',
    seed: 5,
    now: '2026-01-01T00:00:00.000Z',
    settings: { rateLimits: { rag: { perMinute: 1_000_000 } } },
    users: [{ id: 'user_owner', email: 'owner@example.com', name: 'Owner' }],
    workspaces: [{ id: 'ws_p', name: 'P', slug: 'p', ownerId: 'user_owner', apiKeys: [{ id: 'key_p', name: 'p', secret: SECRET }], rag: { targets } }],
  };
  return { scenario, queries, files: targets.flatMap((t) => t.files.map((f) => ({ id: f.id, targetId: t.id }))) };
}

// SQLite where better-sqlite3 loads (not on an install without a compiler: npm run test:install).
describe.each(SQLITE_LOADS ? (['sqlite', 'pglite'] as const) : (['pglite'] as const))('full-text search against exhaustive BM25: %s', (storage) => {
  const { scenario, queries, files } = corpus();
  let emulator: Emulator;
  const get = async (path: string) => {
    const res = await emulator.fetch(new Request(`http://emulator${path}`, { headers: { 'x-api-key': SECRET } }));
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  /** Each file's chunks by position, analysed, in file order. */
  const chunksOf = new Map<string, AnalysedChunk[]>();

  beforeAll(async () => {
    emulator = await createEmulator({ scenario, storage });
    for (const file of files) {
      const chunks: AnalysedChunk[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await get(`/api/v1/rag/files/${file.id}/chunks?limit=100&offset=${offset}`)) as { chunks: { _id: string; content: string }[]; pagination: { hasMore: boolean } };
        for (const chunk of page.chunks) {
          chunks.push(analyseChunk(chunk._id, chunk.content));
        }
        if (!page.pagination.hasMore) break;
      }
      chunksOf.set(file.id, chunks);
    }
  }, 60_000);
  afterAll(() => emulator.close());

  it('answers every query in every scope at every limit with the exhaustive hits, scores and order', async () => {
    const scopes: { query: string; chunks: AnalysedChunk[] }[] = [
      { query: '', chunks: files.flatMap((f) => chunksOf.get(f.id)!) },
      ...['target_0', 'target_1'].map((target) => ({ query: `&collectionId=${target}`, chunks: files.filter((f) => f.targetId === target).flatMap((f) => chunksOf.get(f.id)!) })),
      ...['file_0_1', 'file_1_3'].map((id) => ({ query: `&fileId=${id}`, chunks: chunksOf.get(id)! })),
    ];
    expect(scopes[0]!.chunks.length).toBeGreaterThan(400);
    const skipped = rankCounters.chunksSkipped;
    const limits = [1, 2, 10, 100, undefined];
    let compared = 0;
    let differences = 0;
    for (const [i, q] of queries.entries()) {
      for (const scope of scopes) {
        const limit = limits[(i + compared) % limits.length];
        const body = (await get(`/api/v1/rag/search?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}${scope.query}`)) as { results: { chunkId: string; score: number }[] };
        const actual = body.results.map(({ chunkId, score }) => ({ chunkId, score }));
        if (JSON.stringify(actual) !== JSON.stringify(referenceRank(scope.chunks, q, limit ?? 10))) differences++;
        compared++;
      }
    }
    expect(differences).toBe(0);
    // topK stands for limit when limit is absent.
    const byTopK = (await get(`/api/v1/rag/search?q=backup&topK=3`)) as { results: { chunkId: string; score: number }[] };
    expect(byTopK.results.map(({ chunkId, score }) => ({ chunkId, score }))).toEqual(referenceRank(scopes[0]!.chunks, 'backup', 3));
    // Stop words alone and unknown words find nothing; the pruned path was taken and changed nothing.
    expect(referenceRank(scopes[0]!.chunks, 'the of and', 10)).toEqual([]);
    expect(referenceRank(scopes[0]!.chunks, 'zyzzyva', 10)).toEqual([]);
    expect(rankCounters.chunksSkipped).toBeGreaterThan(skipped + 1000);
  }, 120_000);
});
