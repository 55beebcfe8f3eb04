// The threads area through every door on every driver: a workspace's chat threads as an admin sees
// them (filters, change, archive, export, delete) over the chat area's own store, and thread
// prefixes as versioned documents (publish +1, history, restore, a stale base version is a 409).
import { describe, expect, it } from 'vitest';
import { AdminThreadSchema, ThreadPrefixSchema } from '../../src/types/threads.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, MODEL_NOW, OTHER_KEY, READ_KEY } from '../support/model-scenario.js';
import { TRANSCRIPT_READ_KEY, WHITELABEL_KEY, threadsScenario } from '../support/threads-scenario.js';
import { useDoor } from '../support/use-door.js';

const full = { key: FULL_KEY };
const viewer = { user: 'u_viewer' };
const ids = (list: { _id: string }[]) => list.map((t) => t._id).sort();

describe.each(MATRIX)('threads: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: threadsScenario as never });
  const { call } = door;

  it('lists the workspace’s threads with filters, in {docs, pagination} and PaginatedResponse form', async () => {
    const all = await call('GET', '/api/v1/threads', full);
    expect(all.status).toBe(200);
    expect(ids(all.body.docs)).toEqual(['t_anon', 't_archived', 't_open']);
    expect(all.body).toMatchObject({ total: 3, hasMore: false, pagination: { page: 1, limit: 20, total: 3, totalPages: 1, hasMore: false } });
    expect(all.body.data).toEqual(all.body.docs);
    const open = AdminThreadSchema.parse(all.body.docs.find((t: { _id: string }) => t._id === 't_open'));
    expect(open).toMatchObject({ id: 't_open', title: 'Invites', releaseId: 'rel_help', ownerId: 'u_owner', workspaceId: 'ws_acme', kind: 'user', messageCount: 2, visibility: 'private', archived: false, lastMessageAt: MODEL_NOW });
    expect(ids((await call('GET', '/api/v1/threads?archived=true', full)).body.docs)).toEqual(['t_archived']);
    expect(ids((await call('GET', '/api/v1/threads?archived=false', full)).body.docs)).toEqual(['t_anon', 't_open']);
    expect(ids((await call('GET', '/api/v1/threads?ownerId=u_viewer', full)).body.docs)).toEqual(['t_archived']);
    expect(ids((await call('GET', '/api/v1/threads?visibility=shared', full)).body.docs)).toEqual(['t_archived']);
    expect((await call('GET', '/api/v1/threads?releaseId=rel_globex', full)).body.total).toBe(0);
    const page = (await call('GET', '/api/v1/threads?limit=2', full)).body;
    expect(page).toMatchObject({ hasMore: true, pagination: { page: 1, totalPages: 2 } });
    expect((await call('GET', `/api/v1/threads?limit=2&cursor=${page.nextCursor}`, full)).body).toMatchObject({ docs: [{}], pagination: { page: 2 } });
    // A thread a user opens through chat shows up too.
    const made = await call('POST', '/api/v1/chat/threads', { user: 'u_owner' }, { releaseId: 'rel_help', title: 'Fresh' });
    expect((await call('GET', `/api/v1/threads/${made.body.id}`, full)).body).toMatchObject({ _id: made.body.id, title: 'Fresh', messageCount: 0 });
    expect((await call('GET', '/api/v1/threads', { key: OTHER_KEY })).body.total).toBe(0);
  });

  it('changes title, visibility, archived and metadata; an archived thread takes no messages', async () => {
    const res = await call('PATCH', '/api/v1/threads/t_open', full, { title: 'Invitation expiry', visibility: 'shared', archived: true, metadata: { reviewed: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Invitation expiry', visibility: 'shared', archived: true, metadata: { reviewed: true }, ownerId: 'u_owner' });
    // The owner still sees it through chat, with the owner id kept.
    const seen = await call('GET', '/api/v1/chat/threads/t_open', { user: 'u_owner' });
    expect(seen.body).toMatchObject({ title: 'Invitation expiry', archived: true, ownerId: 'u_owner' });
    const refused = await call('POST', '/api/v1/chat/threads/t_open/messages', { user: 'u_owner' }, { content: 'Hello?' });
    expect(refused.status).toBe(409);
    await call('PATCH', '/api/v1/threads/t_open', full, { archived: false });
    expect((await call('POST', '/api/v1/chat/threads/t_open/messages', { user: 'u_owner' }, { content: 'Hello?' })).status).toBe(200);
    expect((await call('GET', '/api/v1/threads/t_open', full)).body.messageCount).toBe(4);
  });

  it('exports a thread as JSON Lines and deletes it (its transcript stays)', async () => {
    const res = await door.fetch('/api/v1/threads/t_open/export', { headers: { 'x-api-key': FULL_KEY } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/jsonl');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="thread-t_open.jsonl"');
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toMatchObject([
      { chatId: 't_open', role: 'user', content: 'How do invitations expire?', timestamp: MODEL_NOW },
      { chatId: 't_open', role: 'assistant', content: 'After seven days.' },
    ]);
    expect((await call('DELETE', '/api/v1/threads/t_open', full)).body).toEqual({ _id: 't_open', deleted: true });
    expect((await call('GET', '/api/v1/threads/t_open', full)).status).toBe(404);
    expect((await call('DELETE', '/api/v1/threads/t_open', full)).status).toBe(404);
    expect((await call('GET', '/api/v1/transcripts/t_open', full)).status).toBe(200);
  });

  it('keeps thread prefixes as versioned documents: publish +1, history, restore, 409 on a stale base', async () => {
    const seeded = ThreadPrefixSchema.parse((await call('GET', '/api/v1/thread-prefixes/p_rules', full)).body);
    expect(seeded).toMatchObject({ _id: 'p_rules', kind: 'thread', title: 'House rules', version: 2, prefix: ['Be brief.', 'Cite sources.'], hasUnpublishedChanges: true });
    const published = await call('POST', '/api/v1/thread-prefixes/p_rules/publish', full, { baseVersion: 2 });
    expect(published.body).toMatchObject({ version: 3, prefix: ['Be brief.', 'Cite sources.', 'No legal advice.'], hasUnpublishedChanges: false });
    const stale = await call('POST', '/api/v1/thread-prefixes/p_rules/publish', full, { baseVersion: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'CONFLICT', details: { prefixId: 'p_rules', baseVersion: 2, currentVersion: 3 } });
    expect((await call('PATCH', '/api/v1/thread-prefixes/p_rules', full, { prefix: ['x'], baseVersion: 1 })).status).toBe(409);
    const drafted = await call('PATCH', '/api/v1/thread-prefixes/p_rules', full, { prefix: ['Be kind.'], baseVersion: 3 });
    expect(drafted.body).toMatchObject({ version: 3, draft: ['Be kind.'], hasUnpublishedChanges: true });
    const restored = await call('POST', '/api/v1/thread-prefixes/p_rules/restore', full, { version: 1 });
    expect(restored.body).toMatchObject({ version: 4, prefix: ['Be brief.'], draft: ['Be brief.'] });
    const history = (await call('GET', '/api/v1/thread-prefixes/p_rules/versions', full)).body;
    expect(history.versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);
    expect(history.versions[0]).toMatchObject({ restoredFrom: 1, publishedBy: 'k_full' });
    expect((await call('POST', '/api/v1/thread-prefixes/p_rules/restore', full, { version: 9 })).status).toBe(404);
    const made = await call('POST', '/api/v1/thread-prefixes', full, { prefix: ['Answer in English.'], title: 'Language' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ version: 1, title: 'Language', prefix: ['Answer in English.'], hasUnpublishedChanges: false });
    expect((await call('GET', '/api/v1/thread-prefixes', full)).body).toMatchObject({ total: 2, docs: [{ _id: 'p_rules' }, { _id: made.body._id }] });
    expect((await call('DELETE', `/api/v1/thread-prefixes/${made.body._id}`, full)).body).toEqual({ _id: made.body._id, deleted: true });
    expect((await call('GET', `/api/v1/thread-prefixes/${made.body._id}`, full)).status).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const patches: [unknown, string][] = [
      [{}, 'body.title'],
      [{ visibility: 'everyone' }, 'body.visibility'],
      [{ archived: 'yes' }, 'body.archived'],
      [{ title: '' }, 'body.title'],
      [{ metadata: 'x' }, 'body.metadata'],
      [{ ownerId: 'u_viewer' }, 'body'],
    ];
    for (const [body, path] of patches) {
      const res = await call('PATCH', '/api/v1/threads/t_open', full, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(path);
    }
    expect((await call('GET', '/api/v1/threads?archived=maybe', full)).status).toBe(400);
    expect((await call('GET', '/api/v1/threads/t_open/export?format=pdf', full)).status).toBe(400);
    const prefixes: [unknown, string][] = [
      [{ prefix: 'one string' }, 'body.prefix'],
      [{ prefix: [] }, 'body.prefix'],
      [{ prefix: ['ok', '  '] }, 'body.prefix'],
      [{}, 'body.prefix'],
    ];
    for (const [body, path] of prefixes) {
      const res = await call('POST', '/api/v1/thread-prefixes', full, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(path);
    }
    expect((await call('POST', '/api/v1/thread-prefixes/p_rules/publish', full, { baseVersion: 'two' })).status).toBe(400);
    expect((await call('GET', '/api/v1/threads/t_open', full)).body).toMatchObject({ title: 'Invites', archived: false, visibility: 'private' });
    expect((await call('GET', '/api/v1/thread-prefixes', full)).body.total).toBe(1);
    expect((await call('GET', '/api/v1/thread-prefixes/p_rules', full)).body.version).toBe(2);
  });

  it('holds keys to their scopes, members to their roles, and every caller to its workspace', async () => {
    const reader = { key: TRANSCRIPT_READ_KEY };
    expect((await call('GET', '/api/v1/threads/t_open', reader)).status).toBe(200);
    expect((await call('PATCH', '/api/v1/threads/t_open', reader, { archived: true })).status).toBe(403);
    expect((await call('DELETE', '/api/v1/threads/t_open', reader)).status).toBe(403);
    expect((await call('GET', '/api/v1/threads/t_open', { key: READ_KEY })).status).toBe(403);
    expect((await call('GET', '/api/v1/thread-prefixes', reader)).status).toBe(403);
    expect((await call('POST', '/api/v1/thread-prefixes/p_rules/publish', { key: WHITELABEL_KEY })).status).toBe(200);
    expect((await call('GET', '/api/v1/threads/t_open', { key: WHITELABEL_KEY })).status).toBe(403);
    expect((await call('GET', '/api/v1/threads/t_open', viewer)).status).toBe(200);
    expect((await call('PATCH', '/api/v1/threads/t_open', viewer, { title: 'Mine' })).status).toBe(403);
    expect((await call('GET', '/api/v1/threads/t_open', { key: OTHER_KEY })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/threads/t_open', { key: OTHER_KEY })).status).toBe(404);
    expect((await call('GET', '/api/v1/thread-prefixes/p_rules', { key: OTHER_KEY })).status).toBe(404);
    expect((await call('GET', '/api/v1/threads/t_open', { user: 'u_owner', headers: { 'x-workspace-id': 'ws_globex' } })).status).toBe(404);
    expect((await call('GET', '/api/v1/threads')).status).toBe(401);
  });

  it('loads the scenario section (handles name what it made) and refuses a bad one by path', async () => {
    expect(door.emulator.handles.workspaces[0]?.threads).toEqual({ chats: ['t_open', 't_archived', 't_anon'], prefixes: [{ id: 'p_rules', version: 2 }] });
    expect((await call('GET', '/api/v1/threads/t_archived', full)).body).toMatchObject({ archived: true, visibility: 'shared', metadata: { topic: 'billing' }, ownerId: 'u_viewer' });
    expect((await call('GET', '/api/v1/threads/t_anon', full)).body).toMatchObject({ kind: 'anonymous', ownerId: 'sess_visitor_01' });
    const bad = await door.fetch('/__emulator/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...threadsScenario, workspaces: [{ ...threadsScenario.workspaces[0], threads: { chats: [{ releaseId: 'rel_nope', ownerId: 'u_owner' }] } }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('threads.chats[0].releaseId');
    const worse = await door.fetch('/__emulator/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...threadsScenario, workspaces: [{ ...threadsScenario.workspaces[0], threads: { prefixes: [{ versions: ['flat'] }] } }] }),
    });
    expect(worse.status).toBe(400);
    expect(await worse.text()).toContain('prefixes');
  });
});
