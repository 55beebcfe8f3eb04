// The RAG command-line tools (emulator-defined, CLI `rag` row) through every door on every driver:
// config, health, products, synthesize, test-retrieval, dedupe-chunks, dedupe-files and
// scan-artifacts over stored data, their bad inputs (400 naming the field, nothing changed), and an
// upload whose text holds `<|endoftext|>` (it chunks like any other text).
import { describe, expect, it } from 'vitest';
import { defineScenario } from '../../src/index.js';
import { MATRIX } from '../support/doors.js';
import { ragClient } from '../support/rag.js';
import { useDoor } from '../support/use-door.js';

const RETURNS = 'Returns are accepted within 30 days of delivery for a full refund.';
const B64 = 'QUJD'.repeat(40);

const TOOLS_SCENARIO = defineScenario({
  name: 'rag-tools',
  seed: 23,
  now: '2026-05-01T00:00:00.000Z',
  users: [{ id: 'user_owner', email: 'owner@example.com' }],
  workspaces: [
    {
      id: 'ws_tools',
      name: 'Tools',
      ownerId: 'user_owner',
      apiKeys: [
        { id: 'key_full', name: 'full' },
        { id: 'key_read', name: 'read', permissions: ['rag:read'] },
      ],
      rag: {
        targets: [
          {
            id: 'vec_shop',
            title: 'Shop',
            files: [
              { id: 'f_catalog', title: 'Catalog', content: 'Our catalog.\nAcme Anvil - $49.99 SKU: ANV-100\nRocket Skates €120.00\nBird seed 12.50 USD', state: 'searchable' },
              { id: 'f_dup_a', title: 'Returns', content: RETURNS, state: 'searchable' },
              { id: 'f_dup_b', title: 'Returns (copy)', content: RETURNS, state: 'searchable' },
              { id: 'f_near', title: 'Returns shouted', content: 'RETURNS are accepted, within 30 days of delivery -- for a full refund!', state: 'searchable' },
              {
                id: 'f_artifacts',
                title: 'Scanned manual',
                content: `ACME CONFIDENTIAL\nThe widget manual.<|endoftext|>\nACME CONFIDENTIAL\nBell\u0007 rings.\nACME CONFIDENTIAL\n${B64}`,
                state: 'searchable',
              },
            ],
          },
          { id: 'vec_broken', title: 'Broken', files: [{ id: 'f_error', title: 'Bad scan', content: 'never read', state: 'error', error: 'Simulated OCR failure' }] },
          { id: 'vec_empty', title: 'Empty', files: [] },
        ],
      },
    },
  ],
  settings: { indexing: { stageMs: 500, consistencyMs: [1000, 1000] } },
});

describe.each(MATRIX)('rag tools: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: TOOLS_SCENARIO });
  const rag = ragClient(door, () => door.key('key_full'));
  const read = ragClient(door, () => door.key('key_read'));
  const fieldsOf = (body: any) => JSON.stringify(body.error?.details ?? {});

  it('config: GET the defaults, PATCH them, and a new index without settings takes them; bad patches change nothing', async () => {
    const before = await rag.get('/api/v1/rag/config');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ workspaceId: 'ws_tools', chunkingTool: 'default', vectorIndexTool: 'default', chunkSize: 512, minimumSimilarity: 0, overridden: [], updatedAt: null });
    for (const [bad, field] of [
      [{ chunkingTool: 'nope' }, 'body.chunkingTool'],
      [{ minimumSimilarity: 2 }, 'body.minimumSimilarity'],
      [{ chunkOverlap: 600 }, 'body.chunkOverlap'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const res = await rag.patch('/api/v1/rag/config', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect((await read.patch('/api/v1/rag/config', { chunkSize: 256 })).status).toBe(403);
    expect((await rag.get('/api/v1/rag/config')).body).toEqual(before.body);
    const patched = await rag.patch('/api/v1/rag/config', { chunkingTool: 'chapter-aware', minimumSimilarity: 0.3, chunkSize: 256 });
    expect(patched.body).toMatchObject({ chunkingTool: 'chapter-aware', minimumSimilarity: 0.3, chunkSize: 256, overridden: ['chunkSize', 'chunkingTool', 'minimumSimilarity'] });
    const created = await rag.post('/api/v1/rag/targets', { title: 'New index' });
    expect(created.body).toMatchObject({ chunkingTool: 'chapter-aware', minimumSimilarity: 0.3, chunkSize: 256 });
    const explicit = await rag.post('/api/v1/rag/targets', { title: 'Explicit', chunkingTool: 'default', chunkSize: 128 });
    expect(explicit.body).toMatchObject({ chunkingTool: 'default', chunkSize: 128, minimumSimilarity: 0.3 });
  });

  it('health: per vector, files by state, chunks vs vectors, failed files; unknown or empty collectionId refused', async () => {
    const res = await read.get('/api/v1/rag/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspaceId: 'ws_tools', status: 'degraded', total: 3 });
    const [shop, broken, empty] = res.body.data;
    expect(shop).toMatchObject({ collectionId: 'vec_shop', status: 'healthy', files: { total: 5, searchable: 5, error: 0 }, ghostRefs: [], pendingFileIds: [] });
    expect(shop.chunks).toBe(shop.vectorsIndexed);
    expect(shop.chunks).toBeGreaterThanOrEqual(5);
    expect(broken).toMatchObject({ status: 'degraded', errorFileIds: ['f_error'], files: { error: 1 } });
    expect(empty).toMatchObject({ status: 'empty', chunks: 0 });
    expect((await read.get('/api/v1/rag/health?collectionId=vec_empty')).body.data).toHaveLength(1);
    expect((await read.get('/api/v1/rag/health?collectionId=vec_nope')).status).toBe(404);
    expect((await read.get('/api/v1/rag/health?collectionId=')).status).toBe(400);
  });

  it('products: lines with a price or SKU, ranked by q, paged by limit; bad limits refused', async () => {
    const all = await read.get('/api/v1/rag/products');
    expect(all.status).toBe(200);
    expect(all.body.data.map((p: any) => p.name)).toEqual(['Acme Anvil', 'Rocket Skates', 'Bird seed']);
    expect(all.body.data[0]).toMatchObject({ price: { amount: 49.99, currency: 'USD' }, sku: 'ANV-100', source: { fileId: 'f_catalog', collectionId: 'vec_shop', title: 'Catalog' } });
    expect(all.body.data[1].price).toEqual({ amount: 120, currency: 'EUR' });
    const skates = await read.get('/api/v1/rag/products?q=rocket%20skates');
    expect(skates.body.data.map((p: any) => p.name)).toEqual(['Rocket Skates']);
    const one = await read.get('/api/v1/rag/products?limit=1');
    expect(one.body).toMatchObject({ hasMore: true, total: 3 });
    expect(one.body.data[0].id).toBe(all.body.data[0].id);
    for (const bad of ['limit=0', 'limit=abc', 'limit=101']) expect((await read.get(`/api/v1/rag/products?${bad}`)).status, bad).toBe(400);
    expect((await read.get('/api/v1/rag/products?collectionId=vec_nope')).status).toBe(404);
  });

  it('synthesize: an answer from retrieved chunks with numbered citations, the same bytes twice; bad bodies refused', async () => {
    const body = { query: 'How many days do I have for returns after delivery?', collectionId: 'vec_shop' };
    const first = await read.post('/api/v1/rag/synthesize', body);
    expect(first.status).toBe(200);
    expect(first.body.grounded).toBe(true);
    expect(first.body.answer).toContain('Sources:');
    expect(first.body.citations[0]).toMatchObject({ n: 1 });
    expect(['f_dup_a', 'f_dup_b', 'f_near']).toContain(first.body.citations[0].fileId);
    expect(first.body.answer).toContain(`[1] ${first.body.citations[0].title}`);
    expect(first.body.usage.totalTokens).toBe(first.body.usage.promptTokens + first.body.usage.completionTokens);
    expect((await read.post('/api/v1/rag/synthesize', body)).body).toEqual(first.body);
    for (const [bad, field] of [
      [{ collectionId: 'vec_shop' }, 'body.query'],
      [{ query: 'x' }, 'body.collectionId'],
      [{ ...body, topK: 0 }, 'body.topK'],
      [{ ...body, extra: 1 }, 'extra'],
    ] as const) {
      const res = await read.post('/api/v1/rag/synthesize', bad);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect((await read.post('/api/v1/rag/synthesize', { ...body, collectionId: 'vec_nope' })).status).toBe(404);
  });

  it('test-retrieval: retrieved files with recall and precision per query and a summary; mismatched expectations refused', async () => {
    const res = await read.post('/api/v1/rag/test-retrieval', {
      queries: ['anvil price and SKU', 'returns within days of delivery'],
      collectionId: 'vec_shop',
      expected: [['f_catalog'], ['f_dup_a', 'f_dup_b']],
    });
    expect(res.status).toBe(200);
    const [anvil, returns] = res.body.results;
    expect(anvil.retrievedFileIds[0]).toBe('f_catalog');
    expect(anvil).toMatchObject({ expected: ['f_catalog'], hits: ['f_catalog'], recall: 1 });
    expect(anvil.precision).toBeCloseTo(1 / anvil.retrievedFileIds.length, 4);
    expect(returns.recall).toBe(1);
    expect(res.body.summary).toMatchObject({ queries: 2, meanRecall: 1, hitRate: 1 });
    const shared = await read.post('/api/v1/rag/test-retrieval', { queries: ['anvil'], collectionId: 'vec_shop', expected: ['f_catalog'] });
    expect(shared.body.results[0].recall).toBe(1);
    const none = await read.post('/api/v1/rag/test-retrieval', { queries: ['anvil'], collectionId: 'vec_shop' });
    expect(none.body.results[0]).toMatchObject({ recall: null, precision: null });
    expect(none.body.summary).toMatchObject({ meanRecall: null, hitRate: null });
    for (const [bad, field] of [
      [{ queries: [], collectionId: 'vec_shop' }, 'body.queries'],
      [{ queries: ['a', 'b'], collectionId: 'vec_shop', expected: [['f_catalog']] }, 'body.expected'],
      [{ queries: 'anvil', collectionId: 'vec_shop' }, 'body.queries'],
    ] as const) {
      const bad400 = await read.post('/api/v1/rag/test-retrieval', bad);
      expect(bad400.status, JSON.stringify(bad)).toBe(400);
      expect(fieldsOf(bad400.body)).toContain(field);
    }
  });

  it('dedupe-chunks: exact and near duplicates reported by a dry run, then removed with their vectors', async () => {
    const total = async () => (await rag.get('/api/v1/rag/targets/vec_shop/all-chunks')).body.total as number;
    const before = await total();
    const dry = await rag.post('/api/v1/rag/dedupe-chunks', { collectionId: 'vec_shop', dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ collectionId: 'vec_shop', dryRun: true, exactDuplicates: 1, nearDuplicates: 1, removed: 0 });
    expect(dry.body.groups).toHaveLength(1);
    expect(dry.body.groups[0]).toMatchObject({ kind: 'near', keep: expect.stringMatching(/^f_dup_a-/) });
    expect(await total()).toBe(before);
    expect((await read.post('/api/v1/rag/dedupe-chunks', { collectionId: 'vec_shop' })).status).toBe(403);
    const real = await rag.post('/api/v1/rag/dedupe-chunks', { collectionId: 'vec_shop' });
    expect(real.body).toMatchObject({ dryRun: false, removed: 2 });
    expect(await total()).toBe(before - 2);
    const health = (await rag.get('/api/v1/rag/health?collectionId=vec_shop')).body.data[0];
    expect(health).toMatchObject({ chunks: before - 2, vectorsIndexed: before - 2, status: 'healthy' });
    const context = await rag.post('/api/v1/rag/context', { query: RETURNS, collectionId: 'vec_shop', topK: 10 });
    expect(context.body.chunks.map((c: any) => c.fileId)).toContain('f_dup_a');
    expect(context.body.chunks.map((c: any) => c.fileId)).not.toContain('f_dup_b');
    expect((await rag.post('/api/v1/rag/dedupe-chunks', { collectionId: 'vec_shop' })).body.removed).toBe(0);
    for (const bad of [{}, { collectionId: 'vec_shop', dryRun: 'yes' }]) expect((await rag.post('/api/v1/rag/dedupe-chunks', bad)).status).toBe(400);
    expect((await rag.post('/api/v1/rag/dedupe-chunks', { collectionId: 'vec_nope' })).status).toBe(404);
  });

  it('dedupe-files: files with the same content, the oldest kept; a dry run changes nothing', async () => {
    const dry = await rag.post('/api/v1/rag/dedupe-files', { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ collectionId: null, dryRun: true, duplicateFiles: 1, removed: 0, groups: [{ keep: 'f_dup_a', duplicates: ['f_dup_b'], kind: 'exact' }] });
    expect((await rag.get('/api/v1/rag/files/f_dup_b')).status).toBe(200);
    const real = await rag.post('/api/v1/rag/dedupe-files', { collectionId: 'vec_shop' });
    expect(real.body).toMatchObject({ collectionId: 'vec_shop', removed: 1 });
    expect((await rag.get('/api/v1/rag/files/f_dup_b')).status).toBe(404);
    expect((await rag.get('/api/v1/rag/files/f_dup_a')).status).toBe(200);
    expect((await rag.post('/api/v1/rag/dedupe-files', { dryRun: 1 })).status).toBe(400);
  });

  it('scan-artifacts: special tokens, control characters, base64 blobs and repeated headers, with samples', async () => {
    const res = await read.get('/api/v1/rag/scan-artifacts');
    expect(res.status).toBe(200);
    expect(res.body.flagged).toBe(1);
    expect(res.body.data[0]).toMatchObject({ fileId: 'f_artifacts', collectionId: 'vec_shop', kinds: ['base64-blob', 'control-chars', 'repeated-header', 'special-token'] });
    expect(res.body.data[0].samples['special-token']).toContain('<|endoftext|>');
    expect(res.body.data[0].samples['control-chars']).toContain('\\u0007');
    expect(res.body.byKind).toEqual({ 'special-token': 1, 'control-chars': 1, 'base64-blob': 1, 'repeated-header': 1 });
    expect((await read.get('/api/v1/rag/scan-artifacts?collectionId=vec_empty')).body).toMatchObject({ flagged: 0, data: [], scanned: { files: 0, chunks: 0 } });
    for (const bad of ['limit=0', 'limit=x', 'collectionId=']) expect((await read.get(`/api/v1/rag/scan-artifacts?${bad}`)).status, bad).toBe(400);
  });

  it('an upload whose text holds <|endoftext|> chunks and indexes like any other (special tokens are plain text)', async () => {
    const text = 'Release notes.<|endoftext|> The anvil ships in blue. <|im_start|>system trailing text.';
    const up = await rag.uploadText('tokens.txt', text, { ragVectorId: 'vec_empty' });
    expect(up.status).toBe(202);
    const id = up.body[0]._id as string;
    await door.emulator.flushJobs();
    const status = (await rag.get(`/api/v1/rag/files/${id}/vectorize-status`)).body;
    expect(status).toMatchObject({ status: 'completed', queryable: true });
    expect(status.chunksTotal).toBeGreaterThan(0);
    const chunks = await rag.get(`/api/v1/rag/files/${id}/chunks`);
    expect(chunks.body.chunks.map((c: any) => c.content).join(' ')).toContain('<|endoftext|>');
    const scan = await read.get('/api/v1/rag/scan-artifacts?collectionId=vec_empty');
    expect(scan.body.data[0].kinds).toContain('special-token');
    // And a chat-side token count on such text does not fail either.
    const search = await rag.get('/api/v1/rag/search?q=anvil%20blue');
    expect(search.status).toBe(200);
  });
});
