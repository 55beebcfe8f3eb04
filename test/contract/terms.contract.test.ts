// Terms of service through every door on every driver: drafts and publishing (versions 1, 2...),
// the gate per end user across a publish, accepting (stale → 409), anonymous sessions, roles,
// isolation, scenario loading and bad input.
import { describe, expect, it } from 'vitest';
import { TermsAnswerSchema, TermsListSchema } from '../../src/areas/terms/schema.js';
import { TermsGateSchema } from '../../src/types/terms.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { RKEYS, RNOW, releasesScenario } from '../support/releases-scenario.js';

type Json = Record<string, any>;

describe.each(MATRIX)('terms: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: releasesScenario });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => door.reply(method, path, { headers }, body);
  const asKey = (key = RKEYS.full) => ({ 'x-api-key': key });
  const as = (user: string, workspaceId = 'ws_rel') => ({ authorization: `Bearer ${door.token(user)}`, 'x-workspace-id': workspaceId });
  const bearer = (user: string) => ({ authorization: `Bearer ${door.token(user)}` });
  const anon = (session: string) => ({ 'x-anonymous-session-id': session });
  const external = (userId: string) => ({ 'x-api-key': RKEYS.full, 'x-external-user-id': userId });
  const gate = async (releaseId: string, headers: Record<string, string>) => {
    const res = await call('GET', `/api/v1/terms/gate?releaseId=${releaseId}`, undefined, headers);
    expect(res.status).toBe(200);
    return TermsGateSchema.strict().parse(res.body);
  };
  const accept = (body: Json, headers: Record<string, string>) => call('POST', '/api/v1/terms/accept', body, headers);

  it('loads scenario terms: published versions, drafts and their handles', async () => {
    const list = await call('GET', '/api/v1/terms', undefined, asKey());
    expect(list.status).toBe(200);
    const body = TermsListSchema.parse(list.body);
    expect(body.data.map((t) => [t.id, t.releaseId, t.publishedVersion])).toEqual([
      ['tos_main', 'rel_main', 1],
      ['tos_anon', 'rel_anon', 1],
      ['tos_draft', null, null],
    ]);
    expect(body.data[0]).toEqual({
      id: 'tos_main',
      workspaceId: 'ws_rel',
      releaseId: 'rel_main',
      title: 'Main terms',
      content: '# Terms v1',
      publishedVersion: 1,
      publishedAt: RNOW,
      hasUnpublishedChanges: false,
      versions: [{ version: 1, title: 'Main terms', publishedAt: RNOW }],
      metadata: { createdAt: RNOW, updatedAt: RNOW },
    });
    expect(body.data[2]).toMatchObject({ content: 'draft text', versions: [], hasUnpublishedChanges: true, publishedAt: null });
    expect((await call('GET', '/api/v1/terms?releaseId=rel_anon', undefined, asKey())).body.data.map((t: Json) => t.id)).toEqual(['tos_anon']);
    expect(door.emulator.handles.workspaces[0]!.terms).toEqual([
      { id: 'tos_main', releaseId: 'rel_main', publishedVersion: 1 },
      { id: 'tos_anon', releaseId: 'rel_anon', publishedVersion: 1 },
      { id: 'tos_draft', releaseId: null, publishedVersion: null },
    ]);
  });

  it('creates a draft with no published version; the first publish makes version 1, each next one adds 1', async () => {
    const created = await call('POST', '/api/v1/terms', { title: 'Beta terms', content: 'v1 text', releaseId: 'rel_draft' }, as('u_editor'));
    expect(created.status).toBe(201);
    const tos = TermsAnswerSchema.parse(created.body);
    expect(tos).toMatchObject({ releaseId: 'rel_draft', publishedVersion: null, versions: [], metadata: { createdBy: 'u_editor' } });
    expect(await gate('rel_draft', bearer('u_viewer'))).toEqual({ required: false });
    const v1 = await call('POST', `/api/v1/terms/${tos.id}/publish`, undefined, as('u_editor'));
    expect(v1.body).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false });
    await door.emulator.clock.advance(1000);
    const edited = await call('PATCH', `/api/v1/terms/${tos.id}`, { content: 'v2 text' }, asKey());
    expect(edited.body).toMatchObject({ content: 'v2 text', publishedVersion: 1, hasUnpublishedChanges: true });
    expect(await gate('rel_draft', bearer('u_viewer'))).toMatchObject({ required: true, version: 1, content: 'v1 text' });
    const v2 = await call('POST', `/api/v1/terms/${tos.id}/publish`, undefined, asKey());
    const v3 = await call('POST', `/api/v1/terms/${tos.id}/publish`, undefined, asKey());
    expect(v2.body.publishedVersion).toBe(2);
    expect(v3.body.publishedVersion).toBe(3);
    expect(v3.body.versions.map((v: Json) => v.version)).toEqual([1, 2, 3]);
    expect(v3.body.publishedAt).toBe(new Date(Date.parse(RNOW) + 1000).toISOString());
    const got = await call('GET', `/api/v1/terms/${tos.id}`, undefined, as('u_viewer'));
    expect(got).toEqual({ status: 200, body: v3.body });
  });

  it('closes the gate again after a publish: accepted v1 → v2 published → required → accept v2 → open; v1 is then stale (409)', async () => {
    expect(await gate('rel_main', bearer('u_editor'))).toEqual({ required: false, tosId: 'tos_main', version: 1, title: 'Main terms', content: '# Terms v1' });
    expect(await gate('rel_main', bearer('u_viewer'))).toEqual({ required: true, tosId: 'tos_main', version: 1, title: 'Main terms', content: '# Terms v1' });
    await call('PATCH', '/api/v1/terms/tos_main', { title: 'Main terms (2026)', content: '# Terms v2' }, asKey());
    await call('POST', '/api/v1/terms/tos_main/publish', undefined, asKey());
    const closed = await gate('rel_main', bearer('u_editor'));
    expect(closed).toEqual({ required: true, tosId: 'tos_main', version: 2, title: 'Main terms (2026)', content: '# Terms v2' });
    const stale = await accept({ tosId: 'tos_main', version: 1 }, bearer('u_editor'));
    expect(stale).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Version 1 is not the current version of these terms (current: 2)', details: { tosId: 'tos_main', version: 1, currentVersion: 2 }, requestId: expect.any(String) } },
    });
    expect((await gate('rel_main', bearer('u_editor'))).required).toBe(true);
    const ok = await accept({ tosId: 'tos_main', version: 2, releaseId: 'rel_main' }, bearer('u_editor'));
    expect(ok).toEqual({ status: 200, body: { accepted: true, tosId: 'tos_main', version: 2, releaseId: 'rel_main', acceptedAt: RNOW } });
    expect((await gate('rel_main', bearer('u_editor'))).required).toBe(false);
    expect((await accept({ tosId: 'tos_main', version: 2 }, bearer('u_editor'))).body.acceptedAt).toBe(RNOW);
    expect((await accept({ tosId: 'tos_main', version: 3 }, bearer('u_editor'))).status).toBe(409);
  });

  it('counts acceptances per end user: external users of a key and anonymous sessions each accept for themselves', async () => {
    expect((await gate('rel_main', external('cust-1'))).required).toBe(true);
    expect((await accept({ tosId: 'tos_main', version: 1 }, external('cust-1'))).status).toBe(200);
    expect((await gate('rel_main', external('cust-1'))).required).toBe(false);
    expect((await gate('rel_main', external('cust-2'))).required).toBe(true);
    expect((await gate('rel_main', anon('anon-seeded-0001'))).required).toBe(false);
    expect((await gate('rel_main', anon('anon-fresh-0002'))).required).toBe(true);
    const anonAccept = await accept({ tosId: 'tos_main', version: 1, anonymousSessionId: 'anon-fresh-0002' }, anon('anon-fresh-0002'));
    expect(anonAccept.status).toBe(200);
    expect((await gate('rel_main', anon('anon-fresh-0002'))).required).toBe(false);
    expect((await gate('rel_main', anon('anon-fresh-0003'))).required).toBe(true);
    const mismatch = await accept({ tosId: 'tos_main', version: 1, anonymousSessionId: 'someone-else-1' }, anon('anon-fresh-0003'));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.details.issues).toEqual([{ path: 'body.anonymousSessionId', message: 'Does not match the x-anonymous-session-id header' }]);
    expect((await gate('rel_main', anon('anon-fresh-0003'))).required).toBe(true);
    expect(await gate('rel_req', external('cust-1'))).toEqual({ required: false });
  });

  it('refuses anonymous sessions on a release that requires sign-in, and callers without any identity', async () => {
    const req = await call('GET', '/api/v1/terms/gate?releaseId=rel_req', undefined, anon('anon-fresh-0004'));
    expect(req.status).toBe(401);
    expect(req.body.error.code).toBe('UNAUTHORIZED');
    expect((await call('GET', '/api/v1/terms/gate?releaseId=rel_main')).status).toBe(401);
    expect((await accept({ tosId: 'tos_main', version: 1 }, {})).status).toBe(401);
    expect((await call('GET', '/api/v1/terms/gate?releaseId=rel_main', undefined, { 'x-api-key': RKEYS.full })).status).toBe(401);
  });

  it('answers 404 for unknown terms and releases, and for another workspace’s through a key', async () => {
    const unknown = await accept({ tosId: 'tos_nope', version: 1 }, bearer('u_viewer'));
    expect(unknown).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Terms not found', requestId: expect.any(String) } } });
    expect((await accept({ tosId: 'tos_other', version: 1 }, external('cust-1'))).status).toBe(404);
    expect((await call('GET', '/api/v1/terms/gate?releaseId=rel_other', undefined, external('cust-1'))).status).toBe(404);
    expect((await call('GET', '/api/v1/terms/gate?releaseId=rel_nope', undefined, bearer('u_viewer'))).status).toBe(404);
    expect((await call('GET', '/api/v1/terms/tos_other', undefined, asKey())).status).toBe(404);
    expect((await call('POST', '/api/v1/terms/tos_other/publish', undefined, asKey())).status).toBe(404);
    expect((await call('PATCH', '/api/v1/terms/tos_other', { title: 'x' }, as('u_editor'))).status).toBe(404);
    const wrongRelease = await accept({ tosId: 'tos_main', version: 1, releaseId: 'rel_anon' }, bearer('u_viewer'));
    expect(wrongRelease.body.error.details.issues).toEqual([{ path: 'body.releaseId', message: 'These terms belong to another release' }]);
    const draftOnly = await accept({ tosId: 'tos_draft', version: 1 }, external('cust-1'));
    expect(draftOnly.status).toBe(409);
    expect(draftOnly.body.error.message).toBe('These terms have no published version yet');
  });

  it('lets viewers read terms but not change them; one current terms document per release', async () => {
    expect((await call('GET', '/api/v1/terms/tos_main', undefined, as('u_viewer'))).status).toBe(200);
    expect((await call('POST', '/api/v1/terms', { title: 'x' }, as('u_viewer'))).status).toBe(403);
    expect((await call('PATCH', '/api/v1/terms/tos_main', { title: 'x' }, as('u_viewer'))).status).toBe(403);
    expect((await call('POST', '/api/v1/terms/tos_main/publish', undefined, as('u_viewer'))).status).toBe(403);
    expect((await call('GET', '/api/v1/terms', undefined, asKey(RKEYS.restricted))).status).toBe(403);
    const taken = await call('POST', '/api/v1/terms', { title: 'Second', releaseId: 'rel_main' }, asKey());
    expect(taken).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Release rel_main already has terms (tos_main)', details: { releaseId: 'rel_main', tosId: 'tos_main' }, requestId: expect.any(String) } },
    });
    expect((await call('PATCH', '/api/v1/terms/tos_draft', { releaseId: 'rel_anon' }, asKey())).status).toBe(409);
    const attached = await call('PATCH', '/api/v1/terms/tos_draft', { releaseId: 'rel_req' }, asKey());
    expect(attached.body.releaseId).toBe('rel_req');
    expect(await gate('rel_req', external('cust-1'))).toEqual({ required: false });
    await call('POST', '/api/v1/terms/tos_draft/publish', undefined, asKey());
    expect(await gate('rel_req', external('cust-1'))).toMatchObject({ required: true, tosId: 'tos_draft', version: 1, content: 'draft text' });
    const detached = await call('PATCH', '/api/v1/terms/tos_draft', { releaseId: null }, asKey());
    expect(detached.body.releaseId).toBeNull();
    expect(await gate('rel_req', external('cust-1'))).toEqual({ required: false });
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const before = (await call('GET', '/api/v1/terms', undefined, asKey())).body;
    const noTitle = await call('POST', '/api/v1/terms', { content: 'x', extra: 1 }, asKey());
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.details.issues.map((i: Json) => i.path).sort()).toEqual(['body.extra', 'body.title']);
    const badRelease = await call('POST', '/api/v1/terms', { title: 'x', releaseId: 'rel_other' }, asKey());
    expect(badRelease.body.error.details.issues).toEqual([{ path: 'body.releaseId', message: 'No release "rel_other" in this workspace' }]);
    const badVersion = await accept({ tosId: 'tos_main', version: 0 }, bearer('u_viewer'));
    expect(badVersion.body.error.details.issues.map((i: Json) => i.path)).toEqual(['body.version']);
    expect((await accept({ tosId: 'tos_main', version: '1' }, bearer('u_viewer'))).status).toBe(400);
    expect((await call('GET', '/api/v1/terms/gate', undefined, bearer('u_viewer'))).status).toBe(400);
    expect((await call('PATCH', '/api/v1/terms/tos_main', { title: '' }, asKey())).status).toBe(400);
    expect((await call('GET', '/api/v1/terms', undefined, asKey())).body).toEqual(before);
    expect((await gate('rel_main', bearer('u_viewer'))).required).toBe(true);
  });

  it('ships the stale-terms scenario: an acceptance of v1 while v2 is published', async () => {
    const loaded = await call('POST', '/__emulator/scenario', { name: 'stale-terms' });
    expect(loaded.status).toBe(200);
    const users = Object.fromEntries((loaded.body.users as Json[]).map((u) => [u.id, u.accessToken as string]));
    const alice = { authorization: `Bearer ${users.user_alice}` };
    expect(await gate('rel_help', alice)).toMatchObject({ required: true, tosId: 'tos_help', version: 2 });
    expect((await gate('rel_help', { authorization: `Bearer ${users.user_bob}` })).required).toBe(false);
    expect((await gate('rel_help', anon('anon-stale-0001'))).required).toBe(true);
    expect((await accept({ tosId: 'tos_help', version: 1 }, alice)).status).toBe(409);
    expect((await accept({ tosId: 'tos_help', version: 2 }, alice)).status).toBe(200);
    expect((await gate('rel_help', alice)).required).toBe(false);
  });

  it('validates scenario terms: unknown releases and users, unpublished acceptances', async () => {
    const bad = structuredClone(releasesScenario) as Json;
    bad.workspaces[0].terms = [
      { title: 'x', releaseId: 'rel_nope', versions: [{ version: 1, content: 'a' }], acceptances: [{ userId: 'u_ghost', version: 1 }] },
      { title: 'y', versions: [{ version: 1, content: 'a' }], publishedVersion: null, acceptances: [{ anonymousSessionId: 'anon-x-0001', version: 1 }] },
      { title: 'z', acceptances: [{ version: 1 }] },
    ];
    const res = await call('POST', '/__emulator/scenario', bad);
    expect(res.status).toBe(400);
    const paths = res.body.error.details.issues.map((i: Json) => i.path).sort();
    expect(paths).toEqual([
      'workspaces[0].terms[0].acceptances[0].userId',
      'workspaces[0].terms[0].releaseId',
      'workspaces[0].terms[1].acceptances[0].version',
      'workspaces[0].terms[2].acceptances[0].userId',
      'workspaces[0].terms[2].acceptances[0].version',
    ]);
    expect((await call('GET', '/api/v1/terms', undefined, asKey())).body.total).toBe(3);
  });
});
