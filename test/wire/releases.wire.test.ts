// Releases as real clients drive them (REAL-WIRE sections 1 to 3), replayed as raw fetch calls with
// their exact headers and bodies through every door on every driver: the deploy pipeline's create,
// full-body update, publish and withdraw; its live contract test's reads; the public bootstrap the
// QA probe and the landing template read; the release permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import { ReleaseBootstrapSchema, ReleaseWireSchema } from '../../src/types/releases.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

type Json = Record<string, any>;

const KEY = {
  full: `svc_${'W'.repeat(87)}`,
  read: `svc_${'V'.repeat(87)}`,
  write: `svc_${'U'.repeat(87)}`,
  chat: `svc_${'T'.repeat(87)}`,
  other: `svc_${'S'.repeat(87)}`,
};

const scenario = {
  name: 'releases-wire',
  seed: 802,
  now: '2026-08-18T09:00:00.000Z',
  users: [{ id: 'u_ops', email: 'ops@wwwrag.example' }, { id: 'u_else', email: 'else@else.example' }],
  workspaces: [
    {
      id: 'ws_wwwrag',
      name: 'WWW-RAG',
      ownerId: 'u_ops',
      apiKeys: [
        { id: 'k_full', name: 'pipeline', secret: KEY.full, permissions: [] },
        { id: 'k_read', name: 'reader', secret: KEY.read, permissions: ['release:read'] },
        { id: 'k_write', name: 'writer', secret: KEY.write, permissions: ['release:write'] },
        { id: 'k_chat', name: 'chat only', secret: KEY.chat, permissions: ['transcript:read', 'transcript:write'] },
      ],
      releases: [
        {
          id: 'rel_live',
          name: 'zilliz.com',
          status: 'active',
          authMode: 'anonymous',
          config: { model: 'gpt-4o-mini', ragCollectionIds: ['vec_live'], welcomeMessage: 'Ask about Zilliz', systemPrompt: 'internal' },
          // Document-only fields may be given in a scenario too.
          slug: 'wwwrag-zilliz-com',
          publicResponseCache: { enabled: true },
        },
        { id: 'rel_scratch', name: 'EXPERIMENT do not publish', status: 'draft', config: { ragCollectionIds: ['vec_a'] } },
      ],
    },
    {
      id: 'ws_else',
      name: 'Elsewhere',
      ownerId: 'u_else',
      apiKeys: [{ id: 'k_other', name: 'other', secret: KEY.other }],
      releases: [{ id: 'rel_else', name: 'Other site', status: 'active' }],
    },
  ],
};

/** The body `buildReleaseBody` sends (demo-pipeline targets/cloudflare/src/release.js), for a host, vector and theme. */
function buildReleaseBody(host: string, vectorId: string, theme?: Json): Json {
  const body: Json = {
    slug: `wwwrag-${host.replace(/[^a-z0-9]+/gi, '-')}`,
    title: host,
    description: `Chat with the WWW-RAG crawled corpus for ${host}.`,
    allowAnonymousChat: true,
    maxAnonymousChatMessages: 10,
    assistant: { id: 'gemini-2.5-flash-lite', finetune: false },
    promptModeration: {
      noHarmful: { title: 'Message considered harmful', on: true },
      onTopic: { title: 'Message considered off topic', minimumContext: 0, minimumTokens: 0 },
      custom: [],
    },
    ragIndexes: [{ id: vectorId }],
    publicResponseCache: { enabled: true },
  };
  if (theme) body.themeOverride = theme;
  return body;
}

describe.each(MATRIX)('releases on the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  /**
   * The pipeline sends its key as `Authorization: Bearer svc_…` (REAL-WIRE section 1). That carrier
   * is the credentials work's; until it is in, the same key goes in x-api-key so these tests still
   * prove the release behaviour.
   */
  let bearerKeys = true;
  const keyHeaders = (key: string): Record<string, string> => (bearerKeys ? { Authorization: `Bearer ${key}` } : { 'x-api-key': key });

  beforeAll(async () => {
    const probe = await door.fetch('/api/v1/releases', { headers: { Authorization: `Bearer ${KEY.full}` } });
    bearerKeys = probe.status === 200;
  });

  /** release.js `v1()`: JSON content type on every call, a body only when there is one. */
  const v1 = async (method: string, path: string, body?: unknown, key = KEY.full) => {
    const res = await door.fetch(`/api/v1${path}`, {
      method,
      headers: { ...keyHeaders(key), 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, ok: res.ok, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const bootstrap = async (id: string) => {
    const res = await door.fetch(`/white-label-release/${id}`);
    return { status: res.status, body: (await res.json()) as Json };
  };

  // divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/index.js step 8 with release.js:
  // createDraft → updateDraft (same body) → publishDraft → getRelease must read off draft.
  it('creates, updates with the same full body, publishes and reads back a release (demo-pipeline release.js)', async () => {
    const theme = { primaryColor: '#0a66c2', fontFamily: 'Inter' };
    const body = buildReleaseBody('docs.example.org', 'vec_docs', theme);
    const draft = await v1('POST', '/releases', { ...body, themeOverride: undefined });
    expect(draft.ok).toBe(true);
    expect(typeof draft.body._id).toBe('string');
    const id = draft.body._id as string;
    ReleaseWireSchema.parse(draft.body);
    expect(draft.body).toMatchObject({
      _id: id,
      id,
      title: 'docs.example.org',
      name: 'docs.example.org',
      slug: 'wwwrag-docs-example-org',
      description: 'Chat with the WWW-RAG crawled corpus for docs.example.org.',
      status: 'draft',
      workspaceId: 'ws_wwwrag',
      assistant: { id: 'gemini-2.5-flash-lite', finetune: false },
      ragIndexes: [{ id: 'vec_docs' }],
      allowAnonymousChat: true,
      authMode: 'optional',
      maxAnonymousChatMessages: 10,
      promptModeration: body.promptModeration,
      publicResponseCache: { enabled: true },
      embedKey: null,
      config: { model: 'gemini-2.5-flash-lite', ragCollectionIds: ['vec_docs'], maxAnonymousChatMessages: 10 },
    });
    expect(draft.body).not.toHaveProperty('themeOverride');

    const updated = await v1('PATCH', `/releases/${id}`, body);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ _id: id, title: 'docs.example.org', themeOverride: theme, publicResponseCache: { enabled: true }, status: 'draft' });

    const published = await v1('POST', `/releases/${id}/publish`);
    expect(published.status).toBe(200);
    // Without a content type at all, the same bodiless call works (publishing again changes nothing).
    const bare = await door.fetch(`/api/v1/releases/${id}/publish`, { method: 'POST', headers: keyHeaders(KEY.full) });
    expect(bare.status).toBe(200);
    const after = await v1('GET', `/releases/${id}`);
    expect(after.body.status).toBeTruthy();
    expect(after.body.status).not.toBe('draft');
    expect(after.body.embedKey).toMatch(/^ek_[0-9a-f]{32}$/);
    expect(after.body.ragIndexes).toEqual([{ id: 'vec_docs' }]);
  });

  // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts
  it('reads a release with `title`, an array of `ragIndexes` and a string status, and an update of ragIndexes sticks (api-contracts.test.ts)', async () => {
    const doc = (await v1('GET', '/releases/rel_scratch')).body;
    expect(doc).toHaveProperty('title');
    expect(Array.isArray(doc.ragIndexes)).toBe(true);
    expect(typeof doc.status).toBe('string');
    // The safety checks before its only write: a draft, no embed key, labelled as an experiment.
    expect(doc.status).toBe('draft');
    expect(doc.embedKey).toBeFalsy();
    expect(String(doc.title)).toMatch(/EXPERIMENT/i);
    await v1('PATCH', '/releases/rel_scratch', { ragIndexes: [{ id: 'vec_b' }] });
    const rag = ((await v1('GET', '/releases/rel_scratch')).body.ragIndexes as unknown[]).map((x) => (typeof x === 'string' ? x : (x as Json).id));
    expect(rag).toEqual(['vec_b']);
    expect(rag).not.toContain('vec_a');
    expect((await v1('GET', '/releases/rel_scratch')).body.config.ragCollectionIds).toEqual(['vec_b']);
  });

  // divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/withdraw.js deprecateRelease
  it('withdraws a release: gone from every listing and the public bootstrap, its record kept (withdraw.js)', async () => {
    expect((await bootstrap('rel_live')).status).toBe(200);
    const res = await door.fetch('/api/v1/releases/rel_live/deprecate', {
      method: 'POST',
      headers: { ...keyHeaders(KEY.full), 'Content-Type': 'application/json' },
    });
    expect(res.ok).toBe(true);
    const listed = (await v1('GET', '/releases')).body.data.map((r: Json) => r._id);
    expect(listed).toEqual(['rel_scratch']);
    expect((await v1('GET', '/releases?status=archived')).body.data).toEqual([]);
    const gone = await bootstrap('rel_live');
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    const kept = await v1('GET', '/releases/rel_live');
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ _id: 'rel_live', status: 'archived', deprecatedAt: '2026-08-18T09:00:00.000Z' });
    // Again: nothing changes. Tenancy: another workspace's release is a bare 404.
    expect((await v1('POST', '/releases/rel_live/deprecate')).body.deprecatedAt).toBe('2026-08-18T09:00:00.000Z');
    const foreign = await v1('POST', '/releases/rel_else/deprecate');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    // Back to draft brings it back into the listings (the reversible step of a withdrawal).
    await v1('PATCH', '/releases/rel_live', { status: 'draft' });
    expect((await v1('GET', '/releases')).body.data.map((r: Json) => r._id)).toEqual(['rel_live', 'rel_scratch']);
    expect((await v1('GET', '/releases/rel_live')).body).not.toHaveProperty('deprecatedAt');
  });

  // divinci-ai/divinci-demo-pipeline-oss orchestrator/src/qa.ts releaseDemoReadiness and
  // orchestrator/src/demo-health.ts bootstrap(): a plain fetch with no headers at all.
  it('serves the public bootstrap of a published release with no credentials, and 404 for drafts and unknown ids (qa.ts, demo-health.ts)', async () => {
    const res = await door.fetch('/white-label-release/rel_live');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    ReleaseBootstrapSchema.parse(body);
    expect(body._id).toBe('rel_live');
    expect(body.status).toBe('available');
    expect(body.allowAnonymousChat).toBe(true);
    expect(body).toMatchObject({
      whitelabel: 'ws_wwwrag',
      target: 'ws_wwwrag',
      title: 'zilliz.com',
      slug: 'wwwrag-zilliz-com',
      welcomeMessage: 'Ask about Zilliz',
      publicResponseCache: { enabled: true },
      assistant: { id: 'gpt-4o-mini', finetune: false },
    });
    expect(body).not.toHaveProperty('config');
    expect(JSON.stringify(body)).not.toContain('internal');
    expect((await door.fetch('/white-label-release/rel_scratch')).status).toBe(404);
    expect((await door.fetch('/white-label-release/rel_nope')).status).toBe(404);
    // Publishing the draft makes it answer.
    await v1('POST', '/releases/rel_scratch/publish');
    expect((await bootstrap('rel_scratch')).body).toMatchObject({ _id: 'rel_scratch', status: 'available' });
  });

  // divinci-ai/divinci-landing-template src/worker.ts handleReleaseMeta: `_whitelabelPicture` must be https.
  it('names an https avatar for the release’s whitelabel, the same for every release of a workspace (landing template worker.ts)', async () => {
    const first = (await bootstrap('rel_live')).body._whitelabelPicture as string;
    expect(first).toMatch(/^https:\/\//);
    await v1('POST', '/releases/rel_scratch/publish');
    expect((await bootstrap('rel_scratch')).body._whitelabelPicture).toBe(first);
    expect((await bootstrap('rel_else')).body._whitelabelPicture).not.toBe(first);
  });

  // REAL-WIRE section 2: both views of each pair, whichever side a write uses.
  it('keeps each pair equal whichever side is written, and refuses a body whose two sides disagree', async () => {
    const spec = await v1('PATCH', '/releases/rel_scratch', { name: 'Renamed', authMode: 'required', config: { model: 'ft:support-v3', maxAnonymousChatMessages: 4, requireSignedAnonymousChat: true } });
    expect(spec.body).toMatchObject({
      title: 'Renamed',
      allowAnonymousChat: false,
      assistant: { id: 'support-v3', finetune: true },
      maxAnonymousChatMessages: 4,
      requireSignedAnonymousChat: true,
    });
    const wire = await v1('PATCH', '/releases/rel_scratch', { title: 'Again', allowAnonymousChat: true, assistant: { id: 'support-v4', finetune: true }, ragIndexes: ['vec_c'], requireSignedAnonymousChat: false });
    expect(wire.body).toMatchObject({ name: 'Again', authMode: 'optional', config: { model: 'ft:support-v4', ragCollectionIds: ['vec_c'], requireSignedAnonymousChat: false } });
    const agree = await v1('PATCH', '/releases/rel_scratch', { title: 'Same', name: 'Same', allowAnonymousChat: true, authMode: 'anonymous' });
    expect(agree.body).toMatchObject({ name: 'Same', authMode: 'anonymous', allowAnonymousChat: true });

    const bad = await v1('PATCH', '/releases/rel_scratch', {
      title: 'One',
      name: 'Two',
      allowAnonymousChat: true,
      authMode: 'required',
      assistant: { id: 'gpt-4o', finetune: false },
      config: { model: 'gpt-4o-mini', maxAnonymousChatMessages: 5 },
      maxAnonymousChatMessages: 6,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.details.issues.map((i: Json) => i.path).sort()).toEqual(
      ['body.allowAnonymousChat', 'body.assistant', 'body.authMode', 'body.config.maxAnonymousChatMessages', 'body.config.model', 'body.maxAnonymousChatMessages', 'body.name', 'body.title'].sort(),
    );
    expect((await v1('GET', '/releases/rel_scratch')).body).toMatchObject({ name: 'Same', authMode: 'anonymous' });
    const wrongId = await v1('PATCH', '/releases/rel_scratch', { _id: 'rel_live', title: 'x' });
    expect(wrongId.body.error.details.issues).toEqual([{ path: 'body._id', message: 'Not the id of the release in the path' }]);
    const zero = await v1('POST', '/releases', { title: 'Capped', maxAnonymousChatMessages: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.details.issues.map((i: Json) => i.path)).toEqual(['body.maxAnonymousChatMessages']);
    expect((await v1('POST', '/releases', { slug: 'no-name' })).body.error.details.issues.map((i: Json) => i.path)).toEqual(['body.name']);
  });

  // REAL-WIRE sections 1 and 9: release:read for reads, release:write for writes; an empty list has both.
  it('guards release reads with release:read and writes with release:write', async () => {
    expect((await v1('GET', '/releases', undefined, KEY.read)).status).toBe(200);
    expect((await v1('GET', '/releases/rel_live', undefined, KEY.read)).status).toBe(200);
    const denied = await v1('POST', '/releases', buildReleaseBody('a.example', 'vec_a'), KEY.read);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('API key lacks the release:write permission');
    expect((await v1('POST', '/releases/rel_scratch/publish', undefined, KEY.read)).status).toBe(403);
    expect((await v1('POST', '/releases/rel_live/deprecate', undefined, KEY.read)).status).toBe(403);
    const created = await v1('POST', '/releases', buildReleaseBody('b.example', 'vec_b'), KEY.write);
    expect(created.status).toBe(201);
    expect((await v1('PATCH', `/releases/${created.body._id}`, buildReleaseBody('b.example', 'vec_b'), KEY.write)).status).toBe(200);
    expect((await v1('POST', `/releases/${created.body._id}/publish`, undefined, KEY.write)).status).toBe(200);
    expect((await v1('GET', '/releases', undefined, KEY.write)).status).toBe(403);
    expect((await v1('DELETE', `/releases/${created.body._id}`, undefined, KEY.write)).status).toBe(200);
    expect((await v1('GET', '/releases', undefined, KEY.chat)).status).toBe(403);
    expect((await v1('POST', '/releases', { title: 'x' }, KEY.chat)).status).toBe(403);
  });
});
