// local-sync as the local pipeline calls it (REAL-WIRE.md section 8; divinci-ai/divinci-demo-pipeline-oss
// targets/local/src/sync.mjs and cli.mjs): init → batches of ≤ 100 rows keyed by the SHA-256 of
// their text → finalize, with the user's OAuth Bearer; the rows then answer search and context.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defineScenario } from '../../src/index.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { settle } from '../content/settle.js';

const KEY = `svc_${'L'.repeat(87)}`;

const scenario = defineScenario({
  name: 'local-sync-wire',
  seed: 4242,
  now: '2026-06-29T08:00:00.000Z',
  users: [{ id: 'u_local', email: 'local@pipeline.example' }, { id: 'u_out', email: 'out@elsewhere.example' }],
  workspaces: [
    { id: 'ws_local', name: 'Local', slug: 'local', ownerId: 'u_local', apiKeys: [{ id: 'k_local', name: 'server', secret: KEY }] },
    { id: 'ws_out', name: 'Out', slug: 'out', ownerId: 'u_out' },
  ],
});

/** sync.mjs contentHash: sha256 hex of the UTF-8 text. */
const contentHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(MATRIX)('local-sync on the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  /** sync.mjs call(): POST `${apiUrl}/api/v1/local-sync/${path}` with the Bearer and a JSON body; reads text then JSON. */
  const call = async (path: string, body: unknown, token = door.token('u_local')) => {
    const res = await door.fetch(`/api/v1/local-sync/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : {}, headers: res.headers };
  };
  const rowsOf = (texts: string[]) => texts.map((text, i) => ({ contentHash: contentHash(text), url: `https://acme-outfitters.example/page-${i % 7}`, text, embedding: [0.1, 0.2, 0.3, 0.4] }));

  // divinci-ai/divinci-demo-pipeline-oss targets/local/src/cli.mjs cmdRun → sync.mjs init, pushAll (sendBatch), finalize
  it('sync.mjs: init → batches → finalize; rows become searchable chunks; re-sending is a no-op', async () => {
    const init = await call('ws_local/init', { host: 'acme-outfitters.example' });
    expect(init.status).toBe(200);
    expect(typeof init.json.vectorId).toBe('string');
    const texts = Array.from({ length: 150 }, (_, i) => `Acme Outfitters note ${i}: tent model ${i} sleeps ${(i % 4) + 1} and weighs ${(i % 9) + 1} kilograms.`);
    texts[42] = 'Acme Outfitters repairs torn sleeping bags with a lifetime warranty on every zipper.';
    const rows = rowsOf(texts);
    // batches(): 100 then 50.
    const one = await call('ws_local/batch', { vectorId: init.json.vectorId, rows: rows.slice(0, 100) });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ received: 100, upserted: 100, unchanged: 0 });
    expect((await call('ws_local/batch', { vectorId: init.json.vectorId, rows: rows.slice(100) })).json).toMatchObject({ upserted: 50 });
    // A crash and a re-run: rows already landed change nothing.
    expect((await call('ws_local/batch', { vectorId: init.json.vectorId, rows: rows.slice(0, 100) })).json).toMatchObject({ upserted: 0, unchanged: 100 });
    const fin = await call('ws_local/finalize', { vectorId: init.json.vectorId, totalChunks: rows.length });
    expect(fin.status).toBe(200);
    expect(fin.json).toMatchObject({ vectorId: init.json.vectorId, totalChunks: 150, storedChunks: 150 });
    // A second run of the same host lands in the same vector.
    expect((await call('ws_local/init', { host: 'acme-outfitters.example' })).json.vectorId).toBe(init.json.vectorId);

    await settle(door, 120_000);
    const search = await door.fetch(`/api/v1/rag/search?q=${encodeURIComponent('zipper warranty sleeping bags')}&collectionId=${init.json.vectorId}`, { headers: { 'x-api-key': KEY } });
    const found = await search.json();
    expect(found.results[0].chunk.content).toContain('lifetime warranty');
    const context = await door.fetch('/api/v1/rag/context', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ query: 'repair a torn sleeping bag', collectionId: init.json.vectorId, topK: 3 }),
    });
    expect(JSON.stringify((await context.json()).chunks[0])).toContain('sleeping bags');
  }, 120_000);

  // sync.mjs: "The server caps a batch at 100 rows"; pipeline.test.mjs: "the hash is hex, as the server's validator requires"; errors read as {error: {code, message}}
  it('sync.mjs: a batch over 100 rows, a bad hash or an unknown vector is refused with {error: {code}}', async () => {
    const { json } = await call('ws_local/init', { host: 'acme-outfitters.example' });
    const rows = rowsOf(Array.from({ length: 101 }, (_, i) => `row ${i}`));
    const big = await call('ws_local/batch', { vectorId: json.vectorId, rows });
    expect(big.status).toBe(400);
    expect(big.json.error.code).toBe('VALIDATION_ERROR');
    const wrong = await call('ws_local/batch', { vectorId: json.vectorId, rows: [{ ...rows[0], contentHash: contentHash('something else') }] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json.error.details)).toContain('rows[0].contentHash');
    const upper = await call('ws_local/batch', { vectorId: json.vectorId, rows: [{ ...rows[0], contentHash: rows[0]!.contentHash.toUpperCase() }] });
    expect(upper.status).toBe(400);
    expect((await call('ws_local/batch', { vectorId: 'vec_nope', rows: rows.slice(0, 1) })).status).toBe(404);
    expect((await call('ws_local/finalize', { vectorId: json.vectorId })).status).toBe(400);
    expect((await call('ws_local/init', {})).status).toBe(400);
  });

  // sync.mjs authenticates with the user's OAuth session (`Authorization: Bearer <token>`): keys and strangers are refused
  it('sync.mjs: OAuth Bearer only; another workspace is refused', async () => {
    expect((await call('ws_local/init', { host: 'a.example' }, KEY)).status).toBe(403);
    expect((await call('ws_local/init', { host: 'a.example' }, 'not-a-token')).status).toBe(401);
    // A user of another workspace is told nothing about this one.
    expect((await call('ws_local/init', { host: 'a.example' }, door.token('u_out'))).status).toBeOneOf([403, 404]);
  });
});
