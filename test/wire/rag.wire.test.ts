// RAG as real clients call it (REAL-WIRE.md section 7): fulcrum's RAG client and sync service (the
// key as a Bearer token, group context, langextract uploads), and the demo pipeline's live API
// contract test and backfill CLI (read one target, model names with a dimension, the chunk listing).
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('rag on the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  /** fulcrum sends the workspace key as `Authorization: Bearer svc_…` (REAL-WIRE.md section 1). */
  const keyAuth = () => ({ Authorization: `Bearer ${door.key('key_rag')}` });
  const raw = async (method: string, path: string, headers: Record<string, string>, body?: BodyInit) => {
    const res = await door.fetch(path, { method, headers, ...(body !== undefined && { body }) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  /** getDivinciContext: POST {baseUrl}/api/v1/rag/context, JSON, Bearer key, `topK` only when set. */
  const context = (body: Record<string, unknown>) =>
    raw('POST', '/api/v1/rag/context', { 'Content-Type': 'application/json', ...keyAuth() }, JSON.stringify(body));
  const settle = () => door.emulator.clock.advance(62_000);

  // divinci-ai/fulcrum server/services/divinci-rag-client.ts (getDivinciContext, DivinciContextResult).
  it('fulcrum divinci-rag-client.ts: group context answers every field the client reads, across all the group’s vectors', async () => {
    const res = await context({ query: 'how long are backups kept after an account is deleted', groupId: 'grp_support', topK: 8 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ query: 'how long are backups kept after an account is deleted', groupId: 'grp_support', groupName: 'Support knowledge' });
    expect(res.body.vectors.map((v: { _id: string }) => v._id)).toEqual(['vec_docs', 'vec_policies']);
    expect(typeof res.body.retrievalMs).toBe('number');
    expect(res.body.total).toBe(res.body.chunks.length);
    expect(res.body.chunks.length).toBeGreaterThan(0);
    for (const chunk of res.body.chunks) {
      expect(Object.keys(chunk).sort()).toEqual(['content', 'fileId', 'score', 'source', 'vectorId']);
      expect(typeof chunk.content).toBe('string');
    }
    const vectors = new Set(res.body.chunks.map((c: { vectorId: string }) => c.vectorId));
    expect(vectors.has('vec_policies')).toBe(true);
    expect(res.body.chunks[0].fileId).toBe('file_retention');
    // The client sends no topK when it has none: the server picks.
    expect((await context({ query: 'reset my password', groupId: 'grp_support' })).status).toBe(200);
  });

  // divinci-ai/fulcrum server/services/divinci-rag-client.ts: "Maximum chunks to retrieve. Server caps at 50."
  it('fulcrum divinci-rag-client.ts: topK is capped at 50, by group and by collection', async () => {
    const json = { 'Content-Type': 'application/json', 'x-api-key': door.key('key_rag') };
    const target = await raw('POST', '/api/v1/rag/targets', json, JSON.stringify({ title: 'Many chunks', chunkSize: 32, chunkOverlap: 0 }));
    const lines = Array.from({ length: 70 }, (_, i) => `Lantern note ${i}: the lantern in room ${i} burns oil number ${i * 7} with a steady flame.`);
    const form = new FormData();
    form.append('title', 'Lanterns');
    form.append('description', 'many short paragraphs');
    form.append('chunkingTool', 'default');
    form.append('ragVectorId', target.body._id);
    form.append('file', new Blob([lines.join('\n\n')], { type: 'text/plain' }), 'lanterns.txt');
    expect((await raw('POST', '/api/v1/rag/files', keyAuth(), form)).status).toBe(202);
    await settle();
    const group = await raw('POST', '/api/v1/rag/groups', json, JSON.stringify({ name: 'Lanterns', vectorIds: [target.body._id] }));
    const byGroup = await context({ query: 'lantern oil flame', groupId: group.body._id, topK: 80 });
    expect(byGroup.status).toBe(200);
    expect(byGroup.body.chunks).toHaveLength(50);
    expect(byGroup.body.total).toBe(50);
    const byCollection = await context({ query: 'lantern oil flame', collectionId: target.body._id, topK: 500 });
    expect(byCollection.body.chunks).toHaveLength(50);
  });

  // divinci-ai/fulcrum server/services/divinci-sync-service.ts (uploadEntityToDivinci, deleteDivinciFile).
  it('fulcrum divinci-sync-service.ts: a langextract upload into a named vector, searchable with its sourceUrl, then deleted', async () => {
    const body = ['# Fix the login redirect', '', 'Status: open', 'Priority: high', '', '## Description', '', 'The login page loops back to itself after SSO.'].join('\n');
    const form = new FormData();
    form.append('title', 'Fulcrum task: Fix the login redirect');
    form.append('description', 'The login page loops back to itself after SSO.');
    form.append('chunkingTool', 'langextract');
    form.append('ragVectorId', 'vec_policies');
    form.append('sourceUrl', 'https://fulcrum.example/tasks/17');
    form.append('file', new Blob([body], { type: 'text/plain' }), 'task-17.md');
    const uploaded = await raw('POST', '/api/v1/rag/files', keyAuth(), form);
    expect(uploaded.status).toBe(202);
    const fileId = uploaded.body[0]._id as string;
    expect(uploaded.body[0]).toMatchObject({ chunkingTool: 'langextract' });
    await settle();
    const file = await raw('GET', `/api/v1/rag/files/${fileId}`, keyAuth());
    expect(file.body).toMatchObject({ status: 'completed', chunksCount: 2 });
    const hit = await context({ query: 'login page loops after SSO', groupId: 'grp_support', topK: 3 });
    expect(hit.body.chunks[0]).toMatchObject({ fileId, vectorId: 'vec_policies', source: 'https://fulcrum.example/tasks/17' });
    expect(hit.body.sources).toContain('https://fulcrum.example/tasks/17');
    expect((await raw('DELETE', `/api/v1/rag/files/${encodeURIComponent(fileId)}`, keyAuth())).status).toBe(200);
    expect((await raw('DELETE', `/api/v1/rag/files/${encodeURIComponent(fileId)}`, keyAuth())).status).toBe(404);
  });

  // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts ("rag targets get", "the model may embed @dim").
  it('demo-pipeline api-contracts.test.ts: one target by id carries its stack; a model with @1536 is stored as given', async () => {
    const json = { 'Content-Type': 'application/json', ...keyAuth() };
    const created = await raw('POST', '/api/v1/rag/targets', json, JSON.stringify({ title: 'Acme Renew', vectorIndexTool: 'default', embeddingModel: 'gemini-embedding-2-preview@1536' }));
    expect(created.status).toBe(200);
    const got = await raw('GET', `/api/v1/rag/targets/${created.body._id}`, keyAuth());
    expect(got.status).toBe(200);
    expect(typeof got.body.vectorIndexTool).toBe('string');
    expect(got.body.embeddingModel).toBe('gemini-embedding-2-preview@1536');
    expect(got.body.embeddingModel).not.toMatch(/@\d+@\d+/);
    expect((await raw('GET', '/api/v1/rag/targets/vec_docs', keyAuth())).body).toMatchObject({ _id: 'vec_docs', title: 'Help Center', vectorIndexTool: 'default' });
    // Another workspace's vector does not exist for this key.
    expect((await raw('GET', '/api/v1/rag/targets/vec_globex', keyAuth())).status).toBe(404);
  });

  // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts ("rag chunks: the array is under `page`",
  // "a chunk carries `text` and `docSource._id`") and furniture-backfill-cli.ts (chunkTotal: ?offset=0&length=1).
  it('demo-pipeline furniture-backfill-cli.ts: the whole-vector chunk listing pages under `page` with total and sourceDocCount', async () => {
    const user = { Authorization: `Bearer ${door.token('user_alice')}` };
    const one = await raw('GET', '/white-label/ws_acme/rag-vector/vec_docs/all-chunks?offset=0&length=1', user);
    expect(one.status).toBe(200);
    expect(one.body.page).toHaveLength(1);
    expect(typeof one.body.total).toBe('number');
    expect(one.body.sourceDocCount).toBe(4);
    const two = await raw('GET', '/white-label/ws_acme/rag-vector/vec_docs/all-chunks?offset=0&length=2', user);
    expect(Array.isArray(two.body.page)).toBe(true);
    expect(two.body.page).toHaveLength(2);
    const [chunk] = two.body.page;
    expect(typeof chunk.text).toBe('string');
    expect(typeof chunk.docSource._id).toBe('string');
    expect(chunk.docSource._id).toBe('file_security');
    // Paging reaches every chunk exactly once.
    const all = await raw('GET', `/white-label/ws_acme/rag-vector/vec_docs/all-chunks?offset=0&length=${one.body.total}`, user);
    expect(all.body.page).toHaveLength(one.body.total);
    const tail = await raw('GET', `/white-label/ws_acme/rag-vector/vec_docs/all-chunks?offset=${one.body.total - 1}&length=5`, user);
    expect(tail.body.page).toEqual([all.body.page.at(-1)]);
    // The same listing for a workspace key, and nothing of another workspace.
    expect((await raw('GET', '/api/v1/rag/targets/vec_docs/all-chunks?offset=0&length=2', keyAuth())).body.page).toEqual(two.body.page);
    expect((await raw('GET', '/white-label/ws_globex/rag-vector/vec_globex/all-chunks?offset=0&length=1', user)).status).toBe(404);
  });
});
