// The workspace mount `/white-label/{ws}/…` as the demo pipeline calls it (REAL-WIRE section 8):
// raw fetch with a member's Bearer token (the CLI's OAuth session), the exact bodies the pipeline
// sends, on every door and driver. API keys get 403 there; the same stores answer /api/v1.
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/chat-client.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY } from '../support/model-scenario.js';
import { threadsScenario } from '../support/threads-scenario.js';
import { useDoor } from '../support/use-door.js';

const REPO = 'divinci-ai/divinci-demo-pipeline-oss';
const WS = 'ws_acme';

/** release-chat-resources.ts: the keys the pipeline drops before echoing a release back. */
const SERVER_MANAGED = new Set(['_id', '__v', 'id', 'target', 'whitelabel', 'status', 'version', 'minorVersion', 'whitelabelSlugVersion', 'createdAt', 'updatedAt', 'releaseDate']);

describe.each(MATRIX)('workspace mount (real wire): $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: threadsScenario as never });
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${door.baseUrl}${path}`, {
      method,
      headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const owner = () => ({ Authorization: `Bearer ${door.token('u_owner')}` });

  // divinci-demo-pipeline-oss targets/cloudflare/src/divinci.js registerVector: byok key, then the vector
  // (create ignores minimumSimilarity: 0.62), then PATCH …/settings when the answer's value differs.
  it(`${REPO} targets/cloudflare/src/divinci.js: byok key → rag-vector (minimumSimilarity ignored, 0.62) → PATCH settings`, async () => {
    const key = await send('POST', `/white-label/${WS}/tools/byok/keys`, owner(), {
      name: 'turso-example-com',
      providerId: 'TURSO_LIBSQL',
      auth: { databaseUrl: 'libsql://example-com.turso.io', authToken: 'tok_abcdefghijkl' },
    });
    expect(key.status).toBeLessThan(300);
    expect(typeof key.body._id).toBe('string');
    expect(JSON.stringify(key.body)).not.toContain('tok_abcdefghijkl');
    const vec = await send('POST', `/white-label/${WS}/rag-vector`, owner(), {
      title: 'WWW-RAG example-com',
      description: 'website-segmented index for example-com',
      vectorIndexTool: 'turso-libsql',
      embeddingModel: 'text-embedding-3-small@1536',
      authKey: key.body._id,
      minimumSimilarity: 0.4,
    });
    expect(vec.status).toBeLessThan(300);
    expect(vec.body).toMatchObject({ title: 'WWW-RAG example-com', vectorIndexTool: 'turso-libsql', authKey: key.body._id, minimumSimilarity: 0.62 });
    const id = String(vec.body._id);
    // The pipeline's check: Math.abs((vec.minimumSimilarity ?? 0.62) - 0.4) > 1e-9 → PATCH.
    const patched = await send('PATCH', `/white-label/${WS}/rag-vector/${id}/settings`, owner(), { minimumSimilarity: 0.4 });
    expect(patched.status).toBe(200);
    expect(patched.body.minimumSimilarity).toBe(0.4);
    // index.js set-chunk-count: the display counter the directory reads.
    const counted = await send('PATCH', `/white-label/${WS}/rag-vector/${id}/settings`, owner(), { chunkCount: 12 });
    expect(counted.body).toMatchObject({ reportedChunkCount: 12, minimumSimilarity: 0.4 });
    // Same store as the API-key routes, and the byok list holds the credential.
    expect((await send('GET', `/api/v1/rag/targets/${id}`, { 'x-api-key': FULL_KEY })).body).toMatchObject({ _id: id, minimumSimilarity: 0.4 });
    const byok = await send('GET', '/api/v1/byok', { 'x-api-key': FULL_KEY });
    expect(byok.body.data.map((c: Json) => c.id)).toContain(key.body._id);
  });

  // divinci-demo-pipeline-oss orchestrator/src/furniture-backfill-cli.ts listFiles / chunkTotal; orchestrator/src/rag-stack.ts resolveStack.
  it(`${REPO} orchestrator/src/furniture-backfill-cli.ts and rag-stack.ts: files (bare array), all-chunks total, one vector`, async () => {
    const files = await send('GET', `/white-label/${WS}/rag-vector/files?page=2&limit=1`, owner());
    expect(files.status).toBe(200);
    expect(Array.isArray(files.body)).toBe(true);
    expect(files.body.map((f: Json) => f._id).sort()).toEqual(['file_guide', 'file_short']);
    expect(files.body.find((f: Json) => f._id === 'file_guide').title).toBe('Admin guide');
    const chunks = await send('GET', `/white-label/${WS}/rag-vector/vec_guide/all-chunks?offset=0&length=1`, owner());
    expect(typeof chunks.body.total).toBe('number');
    expect(chunks.body.total).toBeGreaterThan(0);
    const vec = await send('GET', `/white-label/${WS}/rag-vector/vec_guide`, owner());
    expect(vec.body).toMatchObject({ _id: 'vec_guide', vectorIndexTool: 'default', minimumSimilarity: 0 });
    expect(typeof vec.body.embeddingModel).toBe('string');
  });

  // release.js header: "Not /white-label/:id/release. That mount never opted into API-key auth (403)".
  it(`${REPO} targets/cloudflare/src/release.js: API keys get 403 on every mount route; a non-member 404; no credentials 401`, async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', `/white-label/${WS}/rag-vector`, { title: 'x', vectorIndexTool: 'default' }],
      ['GET', `/white-label/${WS}/rag-vector/files`],
      ['GET', `/white-label/${WS}/rag-vector/vec_guide`],
      ['PATCH', `/white-label/${WS}/rag-vector/vec_guide/settings`, { minimumSimilarity: 0.5 }],
      ['GET', `/white-label/${WS}/release/rel_help`],
      ['POST', `/white-label/${WS}/release/rel_help/update`, { description: '' }],
      ['GET', `/white-label/${WS}/release/rel_help/deprecate`],
      ['POST', `/white-label/${WS}/tools/byok/keys`, { name: 'k', providerId: 'OPENAI', auth: { apiKey: 'sk-123456789' } }],
      ['POST', `/white-label/${WS}/conversation-starter`, { starters: ['Hi'] }],
      ['POST', `/white-label/${WS}/chat-welcome-message`, { message: 'Hello', active: true }],
      ['POST', `/white-label/${WS}/message-prefix`, { prefix: 'Be kind.', isActive: true }],
    ];
    for (const [method, path, body] of calls) {
      expect((await send(method, path, { 'x-api-key': FULL_KEY }, body)).status, `${method} ${path} x-api-key`).toBe(403);
      expect((await send(method, path, { Authorization: `Bearer ${FULL_KEY}` }, body)).status, `${method} ${path} Bearer key`).toBe(403);
      expect((await send(method, path, {}, body)).status, `${method} ${path} none`).toBe(401);
      // u_viewer is no member of ws_globex: the workspace does not exist for them.
      expect((await send(method, path.replace(WS, 'ws_globex'), { Authorization: `Bearer ${door.token('u_viewer')}` }, body)).status).toBe(404);
    }
    // Nothing was written: the vector and release are as they were.
    expect((await send('GET', `/white-label/${WS}/rag-vector/vec_guide`, owner())).body.minimumSimilarity).toBe(0);
    expect((await send('GET', '/white-label-release/rel_help', {})).status).toBe(200);
  });

  // release-chat-resources.ts ensureReleaseChatResources: create the four resources, echo the release back with references.
  it(`${REPO} orchestrator/src/release-chat-resources.ts: starters, welcome, thread and message prefixes take effect on the release and in chat`, async () => {
    const release = (await send('GET', `/white-label/${WS}/release/rel_help`, owner())).body;
    expect(release.conversationStarter).toBeUndefined();
    // "starters: 1–3 items ... (>3 is rejected outright)"
    expect((await send('POST', `/white-label/${WS}/conversation-starter`, owner(), { starters: ['a', 'b', 'c', 'd'] })).status).toBe(400);
    const starters = await send('POST', `/white-label/${WS}/conversation-starter`, owner(), { starters: ['How do invitations work?', 'What about SSO?'] });
    const welcome = await send('POST', `/white-label/${WS}/chat-welcome-message`, owner(), { message: 'Welcome to Acme help!', active: true });
    const thread = await send('POST', `/white-label/${WS}/thread-prefix`, owner(), { prefix: ['Answer as the Acme helper.'] });
    const msg = await send('POST', `/white-label/${WS}/message-prefix`, owner(), { prefix: 'Keep answers under 100 words.', isActive: true });
    for (const created of [starters, welcome, thread, msg]) expect(String(created.body._id ?? created.body.id ?? '')).toMatch(/\S/);
    // "message takes a single STRING"
    expect((await send('POST', `/white-label/${WS}/message-prefix`, owner(), { prefix: ['a'], isActive: true })).status).toBe(400);

    const body: Json = {};
    for (const [k, v] of Object.entries(release)) if (!SERVER_MANAGED.has(k) && v !== undefined) body[k] = v;
    body.description = release.description ?? '';
    body.ragIndexes = release.ragIndexes.map((r: Json) => ({ id: r.id }));
    // The release validator re-checks the kind: a thread slot naming a message prefix is refused, nothing written.
    const wrongKind = await send('POST', `/white-label/${WS}/release/rel_help/update`, owner(), { ...body, threadPrefix: { id: msg.body._id } });
    expect(wrongKind.status).toBe(400);
    expect(JSON.stringify(wrongKind.body.error.details)).toContain('body.threadPrefix.id');
    body.conversationStarter = { id: starters.body._id };
    body.chatWelcomeMessage = { id: welcome.body._id };
    body.threadPrefix = { id: thread.body._id };
    body.msgPrefix = { id: msg.body._id };
    const updated = await send('POST', `/white-label/${WS}/release/rel_help/update`, owner(), body);
    expect(updated.status).toBe(200);
    const after = (await send('GET', `/white-label/${WS}/release/rel_help`, owner())).body;
    expect(after).toMatchObject({
      conversationStarter: { id: starters.body._id },
      chatWelcomeMessage: { id: welcome.body._id },
      threadPrefix: { id: thread.body._id },
      msgPrefix: { id: msg.body._id },
      config: { conversationStarters: ['How do invitations work?', 'What about SSO?'], welcomeMessage: 'Welcome to Acme help!' },
      ragIndexes: [{ id: 'vec_guide' }],
    });
    // The public bootstrap shows the starters and the welcome message.
    const boot = (await send('GET', '/white-label-release/rel_help', {})).body;
    expect(boot).toMatchObject({ conversationStarters: ['How do invitations work?', 'What about SSO?'], welcomeMessage: 'Welcome to Acme help!' });
    // A chat on the release carries both prefixes into its prompt (metadata and prompt tokens).
    const chat = await send('POST', '/api/v1/chat/threads', owner(), { releaseId: 'rel_help' });
    const sent = await send('POST', `/api/v1/chat/threads/${chat.body.id}/messages`, owner(), { content: 'How long do invitations last?' });
    expect(sent.status).toBe(200);
    expect(sent.body.message.metadata.promptPrefixes).toEqual([
      { kind: 'thread', id: thread.body._id, version: 1, lines: ['Answer as the Acme helper.'] },
      { kind: 'message', id: msg.body._id, lines: ['Keep answers under 100 words.'] },
    ]);
  });

  // orchestrator/src/landing.ts configureDemoRelease + hardenDemoRelease (keep-list bodies with settings the emulator does not model).
  it(`${REPO} orchestrator/src/landing.ts: configure and harden a draft through GET-merge-POST update`, async () => {
    const draft = await send('POST', '/api/v1/releases', { 'x-api-key': FULL_KEY }, { title: 'Demo', slug: 'demo', assistant: { id: 'gpt-4o-mini', finetune: false } });
    const id = String(draft.body._id);
    const cur = (await send('GET', `/white-label/${WS}/release/${id}`, owner())).body;
    const keep = ['slug', 'title', 'assistant', 'promptModeration', 'threadPrefix', 'msgPrefix', 'conversationStarter', 'chatWelcomeMessage', 'publicResponseCache', 'maxAnonymousChatMessages'];
    const body: Json = { description: cur.description ?? '' };
    for (const k of keep) if (cur[k] != null) body[k] = cur[k];
    body.ragIndexes = [{ id: 'vec_guide' }];
    body.allowAnonymousChat = true;
    const configured = await send('POST', `/white-label/${WS}/release/${id}/update`, owner(), body);
    expect(configured.status).toBe(200);
    expect(configured.body).toMatchObject({ ragIndexes: [{ id: 'vec_guide' }], allowAnonymousChat: true, slug: 'demo', status: 'draft' });
    const harden: Json = { ...body, notificationFlaggers: [], spendCapCentsPerDay: 500, requireSignedAnonymousChat: true };
    const hardened = await send('POST', `/white-label/${WS}/release/${id}/update`, owner(), harden);
    expect(hardened.status).toBe(200);
    expect(hardened.body).toMatchObject({ requireSignedAnonymousChat: true, config: { requireSignedAnonymousChat: true } });
    expect(hardened.body.spendCapCentsPerDay).toBeUndefined();
    // A viewer may read the mount but not write it.
    const viewer = { Authorization: `Bearer ${door.token('u_viewer')}` };
    expect((await send('GET', `/white-label/${WS}/release/${id}`, viewer)).status).toBe(200);
    expect((await send('POST', `/white-label/${WS}/release/${id}/update`, viewer, body)).status).toBe(403);
  });

  // orchestrator/src/teardown.ts deprecate(): `GET /white-label/<ws>/release/<id>/deprecate` with a Bearer.
  it(`${REPO} orchestrator/src/teardown.ts: GET …/deprecate withdraws the release (bootstrap 404, gone from listings)`, async () => {
    expect((await send('GET', '/white-label-release/rel_help', {})).status).toBe(200);
    const res = await send('GET', `/white-label/${WS}/release/rel_help/deprecate`, { authorization: `Bearer ${door.token('u_owner')}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: 'rel_help', status: 'archived' });
    expect((await send('GET', '/white-label-release/rel_help', {})).status).toBe(404);
    const list = await send('GET', '/api/v1/releases', { 'x-api-key': FULL_KEY });
    expect(list.body.data.map((r: Json) => r.id)).not.toContain('rel_help');
  });
});
