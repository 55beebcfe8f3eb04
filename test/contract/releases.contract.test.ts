// The releases area through every door on every driver: list, create (from), update merges,
// publish, delete, clone, derive-theme; roles, isolation, the release limit and bad input.
import { describe, expect, it } from 'vitest';
import { ReleaseListSchema } from '../../src/areas/releases/schema.js';
import { ReleaseSchema } from '../../src/types/releases.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { RKEYS, RNOW, releasesScenario } from '../support/releases-scenario.js';

type Json = Record<string, any>;

describe.each(MATRIX)('releases: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: releasesScenario });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => door.reply(method, path, { headers }, body);
  const asKey = (key = RKEYS.full) => ({ 'x-api-key': key });
  const as = (user: string, workspaceId = 'ws_rel') => ({ authorization: `Bearer ${door.token(user)}`, 'x-workspace-id': workspaceId });
  const ids = async (query = '') => ((await call('GET', `/api/v1/releases${query}`, undefined, asKey())).body.data as Json[]).map((r) => r.id);

  it('lists the workspace’s releases in the spec shape, filtered by status and paged by limit and cursor', async () => {
    const { status, body } = await call('GET', '/api/v1/releases', undefined, asKey());
    expect(status).toBe(200);
    const list = ReleaseListSchema.parse(body);
    expect(list.data.map((r) => r.id)).toEqual(['rel_main', 'rel_anon', 'rel_req', 'rel_draft', 'rel_arch']);
    expect(list).toMatchObject({ hasMore: false, total: 5 });
    for (const release of list.data) ReleaseSchema.parse(release);
    // Beside the spec's fields, the real clients' document view of the same record (REAL-WIRE section 2).
    expect(list.data[0]).toEqual({
      _id: 'rel_main',
      title: 'Main assistant',
      assistant: { id: 'gpt-4o-mini', finetune: false },
      ragIndexes: [{ id: 'vec_a' }, { id: 'vec_b' }],
      allowAnonymousChat: true,
      embedKey: expect.stringMatching(/^ek_[0-9a-f]{32}$/),
      id: 'rel_main',
      name: 'Main assistant',
      status: 'active',
      workspaceId: 'ws_rel',
      authMode: 'optional',
      config: { model: 'gpt-4o-mini', temperature: 0.5, ragCollectionIds: ['vec_a', 'vec_b'], byokId: 'byok_1' },
      theme: { primaryColor: '#123456' },
      allowedOrigins: [],
      mcpConfig: { enabled: true, exposedTools: ['search'], mcpRateLimit: { requestsPerMinute: 3, requestsPerDay: 5 }, allowAnonymousMcp: true },
      metadata: { createdAt: RNOW, updatedAt: RNOW, createdBy: 'u_owner' },
    });
    expect(await ids('?status=draft')).toEqual(['rel_draft']);
    expect(await ids('?status=active')).toEqual(['rel_main', 'rel_anon', 'rel_req']);
    const first = await call('GET', '/api/v1/releases?limit=2', undefined, asKey());
    expect(first.body).toMatchObject({ hasMore: true, total: 5 });
    expect(first.body.data.map((r: Json) => r.id)).toEqual(['rel_main', 'rel_anon']);
    const second = await call('GET', `/api/v1/releases?limit=2&cursor=${first.body.nextCursor}`, undefined, asKey());
    expect(second.body.data.map((r: Json) => r.id)).toEqual(['rel_req', 'rel_draft']);
    expect((await call('GET', '/api/v1/releases?status=live', undefined, asKey())).status).toBe(400);
  });

  it('creates a draft release from the caller’s workspace (201), optionally starting from another release', async () => {
    const created = await call('POST', '/api/v1/releases', { name: 'Support v2', from: 'rel_main', config: { temperature: 1.2, welcomeMessage: 'Hi' } }, as('u_editor'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Support v2',
      status: 'draft',
      workspaceId: 'ws_rel',
      authMode: 'optional',
      config: { model: 'gpt-4o-mini', temperature: 1.2, welcomeMessage: 'Hi', ragCollectionIds: ['vec_a', 'vec_b'] },
      theme: { primaryColor: '#123456' },
      metadata: { createdAt: RNOW, updatedAt: RNOW, createdBy: 'u_editor' },
    });
    expect(created.body.id).toMatch(/^[0-9a-f]{24}$/);
    const fetched = await call('GET', `/api/v1/releases/${created.body.id}`, undefined, as('u_viewer'));
    expect(fetched).toEqual({ status: 200, body: created.body });
    const plain = await call('POST', '/api/v1/releases', { name: 'Plain', workspaceId: 'ws_rel' }, asKey());
    expect(plain.body).toMatchObject({ status: 'draft', authMode: 'optional', config: {}, allowedOrigins: [], metadata: { createdBy: 'k_full' } });
    expect(plain.body).not.toHaveProperty('theme');
    expect(await ids()).toEqual(['rel_main', 'rel_anon', 'rel_req', 'rel_draft', 'rel_arch', created.body.id, plain.body.id]);
  });

  it('lets a viewer read but not write (403), hides other workspaces (404), and refuses keys without full access', async () => {
    expect((await call('GET', '/api/v1/releases/rel_main', undefined, as('u_viewer'))).status).toBe(200);
    const denied = await call('POST', '/api/v1/releases', { name: 'Nope' }, as('u_viewer'));
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
    expect((await call('PATCH', '/api/v1/releases/rel_main', { name: 'x' }, as('u_viewer'))).status).toBe(403);
    expect((await call('POST', '/api/v1/releases/rel_draft/publish', undefined, as('u_viewer'))).status).toBe(403);
    const other = await call('GET', '/api/v1/releases/rel_main', undefined, asKey(RKEYS.other));
    expect(other).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Release not found', requestId: expect.any(String) } } });
    expect((await call('PATCH', '/api/v1/releases/rel_main', { name: 'x' }, asKey(RKEYS.other))).status).toBe(404);
    expect((await call('DELETE', '/api/v1/releases/rel_main', undefined, asKey(RKEYS.other))).status).toBe(404);
    expect((await call('GET', '/api/v1/releases', undefined, as('u_other'))).status).toBe(404);
    expect((await call('GET', '/api/v1/releases', undefined, asKey(RKEYS.restricted))).status).toBe(403);
    expect((await call('GET', '/api/v1/releases')).status).toBe(401);
    const mismatch = await call('POST', '/api/v1/releases', { name: 'x', workspaceId: 'ws_other' }, asKey());
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.details.issues).toEqual([{ path: 'body.workspaceId', message: 'Not the workspace of this call' }]);
    expect(await ids()).toHaveLength(5);
  });

  it('answers bad input with 400 VALIDATION_ERROR, field by field, and writes nothing', async () => {
    const bad = await call('POST', '/api/v1/releases', { name: 'Bad', authMode: 'sometimes', config: { temperature: 3 }, colour: 'red' }, asKey());
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.details.issues.map((i: Json) => i.path).sort()).toEqual(['body.authMode', 'body.colour', 'body.config.temperature']);
    const fallbacks = await call('POST', '/api/v1/releases', { name: 'x', fallbackAssistants: [{ id: 'm' }], mcpConfig: { enabled: 'yes' } }, asKey());
    expect(fallbacks.body.error.details.issues.map((i: Json) => i.path).sort()).toEqual(['body.fallbackAssistants[0].finetune', 'body.mcpConfig.enabled']);
    expect((await call('POST', '/api/v1/releases', { name: '' }, asKey())).status).toBe(400);
    expect((await call('POST', '/api/v1/releases', { name: 'x', from: 'rel_other' }, asKey())).body.error.details.issues).toEqual([
      { path: 'body.from', message: 'No release "rel_other" in this workspace' },
    ]);
    const patch = await call('PATCH', '/api/v1/releases/rel_main', { config: { temperature: 3, maxTokens: 100 } }, asKey());
    expect(patch.status).toBe(400);
    expect(patch.body.error.details.issues).toEqual([{ path: 'body.config.temperature', message: 'Too big: expected number to be <=2' }]);
    const toActive = await call('PATCH', '/api/v1/releases/rel_draft', { status: 'active' }, asKey());
    expect(toActive.body.error.details.issues[0].path).toBe('body.status');
    expect(await ids()).toHaveLength(5);
    const main = await call('GET', '/api/v1/releases/rel_main', undefined, asKey());
    expect(main.body.config).toEqual({ model: 'gpt-4o-mini', temperature: 0.5, ragCollectionIds: ['vec_a', 'vec_b'], byokId: 'byok_1' });
    expect(main.body.metadata.updatedAt).toBe(RNOW);
  });

  it('updates a release: config and theme merged key by key, null removes, status draft and archived', async () => {
    await door.emulator.clock.advance(60_000);
    const later = new Date(Date.parse(RNOW) + 60_000).toISOString();
    const res = await call(
      'PATCH',
      '/api/v1/releases/rel_main',
      {
        name: 'Main v2',
        config: { temperature: 0, byokId: null, conversationStarters: ['Hi?'], rerankMaxChunks: 8 },
        theme: { darkMode: true },
        fallbackAssistants: [{ id: 'gpt-4o', finetune: false }, { id: 'ft:mine', finetune: true }],
        allowedOrigins: ['https://rel.example'],
      },
      as('u_editor'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Main v2',
      config: { model: 'gpt-4o-mini', temperature: 0, ragCollectionIds: ['vec_a', 'vec_b'], conversationStarters: ['Hi?'], rerankMaxChunks: 8 },
      theme: { primaryColor: '#123456', darkMode: true },
      fallbackAssistants: [{ id: 'gpt-4o', finetune: false }, { id: 'ft:mine', finetune: true }],
      allowedOrigins: ['https://rel.example'],
      metadata: { createdAt: RNOW, updatedAt: later },
    });
    expect(res.body.config).not.toHaveProperty('byokId');
    const cleared = await call('PATCH', '/api/v1/releases/rel_main', { theme: null, mcpConfig: null, fallbackAssistants: null, status: 'archived' }, asKey());
    expect(cleared.body.status).toBe('archived');
    for (const field of ['theme', 'mcpConfig', 'fallbackAssistants']) expect(cleared.body).not.toHaveProperty(field);
    expect(await ids('?status=archived')).toEqual(['rel_main', 'rel_arch']);
  });

  it('never reads back the chat CTA’s write-only token', async () => {
    const cta = { title: 'Get the guide', teaserText: 'Free PDF', triggerKeywords: ['guide'], ctaType: 'email-gated-download', constantContactAccessToken: 'cc-secret' };
    const res = await call('PATCH', '/api/v1/releases/rel_main', { config: { chatCTA: cta } }, asKey());
    expect(res.status).toBe(200);
    expect(res.body.config.chatCTA).toMatchObject({ title: 'Get the guide', ctaType: 'email-gated-download' });
    expect(JSON.stringify(res.body)).not.toContain('cc-secret');
    const got = await call('GET', '/api/v1/releases/rel_main', undefined, asKey());
    expect(JSON.stringify(got.body)).not.toContain('cc-secret');
    const linkOut = await call('PATCH', '/api/v1/releases/rel_main', { config: { chatCTA: { ...cta, ctaType: 'link-out' } } }, asKey());
    expect(linkOut.body.error.details.issues).toEqual([{ path: 'body.config.chatCTA.targetUrl', message: 'targetUrl is required for a link-out CTA' }]);
  });

  it('publishes a draft (active), keeps an active one active, and refuses an archived one with 409', async () => {
    const published = await call('POST', '/api/v1/releases/rel_draft/publish', undefined, as('u_editor'));
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('active');
    expect((await call('POST', '/api/v1/releases/rel_main/publish', undefined, asKey())).body.status).toBe('active');
    const archived = await call('POST', '/api/v1/releases/rel_arch/publish', undefined, asKey());
    expect(archived).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'An archived release cannot be published; set its status to draft first', details: { releaseId: 'rel_arch', status: 'archived' }, requestId: expect.any(String) } },
    });
    await call('PATCH', '/api/v1/releases/rel_arch', { status: 'draft' }, asKey());
    expect((await call('POST', '/api/v1/releases/rel_arch/publish', undefined, asKey())).body.status).toBe('active');
    expect((await call('POST', '/api/v1/releases/rel_nope/publish', undefined, asKey())).status).toBe(404);
  });

  it('deletes with admin rights only', async () => {
    expect((await call('DELETE', '/api/v1/releases/rel_draft', undefined, as('u_editor'))).status).toBe(403);
    const gone = await call('DELETE', '/api/v1/releases/rel_draft', undefined, as('u_admin'));
    expect(gone).toEqual({ status: 200, body: { id: 'rel_draft', deleted: true } });
    expect((await call('GET', '/api/v1/releases/rel_draft', undefined, asKey())).status).toBe(404);
    expect((await call('DELETE', '/api/v1/releases/rel_draft', undefined, asKey())).status).toBe(404);
  });

  it('enforces the workspace’s maxReleases with 409 CONFLICT', async () => {
    expect((await call('POST', '/api/v1/releases', { name: 'six' }, asKey())).status).toBe(201);
    expect((await call('POST', '/api/v1/releases', { name: 'seven' }, asKey())).status).toBe(201);
    const full = await call('POST', '/api/v1/releases', { name: 'eight' }, asKey());
    expect(full).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'The workspace has reached its release limit (maxReleases 7)', details: { limit: 'maxReleases', max: 7, current: 7 }, requestId: expect.any(String) } },
    });
    expect((await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_rel' }, asKey())).status).toBe(409);
    await call('DELETE', '/api/v1/releases/rel_arch', undefined, asKey());
    expect((await call('POST', '/api/v1/releases', { name: 'eight' }, asKey())).status).toBe(201);
  });

  it('clones a release as a draft, mapping RAG ids, within the workspace or into another the caller may write to', async () => {
    const same = await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_rel', ragIdMap: { vec_a: 'vec_a2' } }, asKey());
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({
      name: 'Main assistant (copy)',
      status: 'draft',
      workspaceId: 'ws_rel',
      config: { ragCollectionIds: ['vec_a2', 'vec_b'], byokId: 'byok_1' },
      mcpConfig: { enabled: true },
      metadata: { createdBy: 'k_full' },
    });
    const across = await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_other', name: 'Imported', ragIdMap: { vec_b: 'vec_other' } }, as('u_admin'));
    expect(across.status).toBe(201);
    expect(across.body).toMatchObject({ name: 'Imported', workspaceId: 'ws_other', config: { model: 'gpt-4o-mini', ragCollectionIds: ['vec_other'] } });
    expect(across.body.config).not.toHaveProperty('byokId');
    const seen = await call('GET', `/api/v1/releases/${across.body.id}`, undefined, asKey(RKEYS.other));
    expect(seen.status).toBe(200);
    expect((await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_rel' }, as('u_editor'))).status).toBe(403);
    expect((await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_other' }, asKey())).status).toBe(404);
    expect((await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_nowhere' }, as('u_owner'))).status).toBe(404);
    expect((await call('POST', '/api/v1/releases/rel_main/clone', {}, asKey())).status).toBe(400);
  });

  it('refuses a clone into a workspace where the caller may only read (403)', async () => {
    const res = await call('POST', '/api/v1/releases/rel_main/clone', { toWorkspaceId: 'ws_other' }, as('u_owner'));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Your role (viewer) cannot change workspace ws_other');
    expect((await call('GET', '/api/v1/releases', undefined, asKey(RKEYS.other))).body.total).toBe(1);
  });

  it('derives a theme from a site address by hashing it (never fetched), or from another release', async () => {
    const first = await call('POST', '/api/v1/releases/rel_anon/derive-theme', { from: 'https://www.shop.example/about' }, as('u_editor'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ logoUrl: 'https://www.shop.example/logo.png', faviconUrl: 'https://www.shop.example/favicon.ico' });
    expect(first.body.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(first.body.secondaryColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(typeof first.body.darkMode).toBe('boolean');
    const again = await call('POST', '/api/v1/releases/rel_draft/derive-theme', { from: 'https://shop.example/pricing', apply: false }, asKey());
    expect(again.body.primaryColor).toBe(first.body.primaryColor);
    expect((await call('GET', '/api/v1/releases/rel_anon', undefined, asKey())).body.theme).toEqual(first.body);
    expect((await call('GET', '/api/v1/releases/rel_draft', undefined, asKey())).body).not.toHaveProperty('theme');
    const copied = await call('POST', '/api/v1/releases/rel_draft/derive-theme', { from: 'rel_main' }, asKey());
    expect(copied.body).toEqual({ primaryColor: '#123456' });
    const bad = await call('POST', '/api/v1/releases/rel_draft/derive-theme', { from: 'ftp://nope' }, asKey());
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues).toEqual([{ path: 'body.from', message: 'Neither an http(s) address nor a release of this workspace' }]);
    expect((await call('POST', '/api/v1/releases/rel_draft/derive-theme', { from: 'https://x.example' }, as('u_viewer'))).status).toBe(403);
  });
});
