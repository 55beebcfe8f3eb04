// The server SDK's documented surface (REAL-WIRE section 9): API keys
// (https://sdk.divinci.ai/server/api-keys/), transcripts with ingestBatch
// (https://sdk.divinci.ai/server/transcripts/), and its two carriers — `apiKey` (X-API-Key) and
// `accessToken` (Bearer, https://sdk.divinci.ai/getting-started/authentication) — with the
// workspace mount user tokens get. Raw fetch, through both doors on both drivers.
import { describe, expect, it } from 'vitest';
import { IngestBatchResultSchema, TranscriptListPageSchema, TranscriptMessageAddedSchema } from '../../src/types/index.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { KEYS, credsScenario } from './creds-scenario.js';

type Json = Record<string, any>;

describe.each(MATRIX)('server SDK surface: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: credsScenario });
  /** `new DivinciServer({ apiKey })` sends X-API-Key; `{ accessToken }` sends Authorization: Bearer. */
  const apiKey = { 'X-API-Key': KEYS.full };
  const token = (userId: string) => ({ Authorization: `Bearer ${door.token(userId)}` });
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await door.fetch(path, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const messagesOf = async (id: string) => (await send('GET', `/api/v1/transcripts/${id}`, apiKey)).body.messages as Json[];

  describe('apiKeys (https://sdk.divinci.ai/server/api-keys/)', () => {
    const BASE = '/api/v1/workspaces/ws_main/api-keys';

    it('create({ workspaceId, name, permissions }) shows the secret once; list({ limit }) answers { data }', async () => {
      const created = await send('POST', BASE, apiKey, { workspaceId: 'ws_main', name: 'chat widget', permissions: ['rag:read', 'transcript:write'] });
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^svc_[0-9A-Za-z]{87}$/);
      expect(created.body.permissions).toEqual(['rag:read', 'transcript:write']);
      const page = await send('GET', `${BASE}?limit=2`, apiKey);
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(2);
      expect(page.body.hasMore).toBe(true);
      expect(JSON.stringify(page.body)).not.toContain('"secret"');
      // The body's workspace must be the path's.
      const elsewhere = await send('POST', BASE, apiKey, { workspaceId: 'ws_other', name: 'x' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.details.issues[0].path).toBe('body.workspaceId');
    });

    it('get(ws, keyId) never shows the secret; update(ws, keyId, { name })', async () => {
      const one = await send('GET', `${BASE}/k_read`, apiKey);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: 'k_read', name: 'read transcripts', status: 'active', permissions: ['transcript:read'] });
      expect('secret' in one.body).toBe(false);
      const renamed = await send('PATCH', `${BASE}/k_read`, apiKey, { name: 'CI pipeline (prod)' });
      expect(renamed.body.name).toBe('CI pipeline (prod)');
      expect((await send('GET', `${BASE}/k_read`, apiKey)).body.name).toBe('CI pipeline (prod)');
      expect((await send('GET', `${BASE}/k_nope`, apiKey)).status).toBe(404);
      expect((await send('GET', '/api/v1/workspaces/ws_other/api-keys/k_other', apiKey)).status).toBe(404);
    });

    it('rotate issues a new secret once and invalidates the old one', async () => {
      const rotated = await send('POST', `${BASE}/k_read/rotate`, apiKey);
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(KEYS.read);
      expect((await send('GET', '/api/v1/transcripts', { 'X-API-Key': KEYS.read })).status).toBe(401);
      expect((await send('GET', '/api/v1/transcripts', { 'X-API-Key': rotated.body.secret })).status).toBe(200);
      expect('secret' in (await send('GET', `${BASE}/k_read`, apiKey)).body).toBe(false);
    });

    it('revoke disables the key and keeps the record; delete removes it', async () => {
      const revoked = await send('POST', `${BASE}/k_read/revoke`, apiKey);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ id: 'k_read', status: 'revoked' });
      expect((await send('GET', '/api/v1/transcripts', { 'X-API-Key': KEYS.read })).body.error.message).toBe('API key has been revoked');
      expect((await send('GET', `${BASE}/k_read`, apiKey)).body.status).toBe('revoked');

      const deleted = await send('DELETE', `${BASE}/k_byok`, apiKey);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: 'k_byok', deleted: true });
      expect((await send('GET', `${BASE}/k_byok`, apiKey)).status).toBe(404);
      expect((await send('GET', '/api/v1/byok', { 'X-API-Key': KEYS.byok })).body.error.message).toBe('Invalid API key');
      expect(JSON.stringify((await send('GET', BASE, apiKey)).body.data)).not.toContain('k_byok');
      // accessToken mode: the owner manages keys with a user token too.
      expect((await send('POST', `${BASE}/k_wl/revoke`, token('u_owner'))).body.status).toBe('revoked');
      expect((await send('POST', `${BASE}/k_wl/revoke`, token('u_editor'))).status).toBe(403);
    });
  });

  describe('transcripts (https://sdk.divinci.ai/server/transcripts/)', () => {
    it('create({ workspaceId, releaseId }) returns _id; list(workspaceId, { limit }) answers { data }', async () => {
      const created = await send('POST', '/api/v1/transcripts', apiKey, { workspaceId: 'ws_main', releaseId: 'rel_main' });
      expect(created.status).toBe(201);
      expect(created.body._id).toMatch(/^[0-9a-f]{24}$/);
      expect(created.body.releaseId).toBe('rel_main');
      expect('workspaceId' in created.body).toBe(false);
      const list = await send('GET', '/api/v1/transcripts?workspaceId=ws_main&limit=2', apiKey);
      const page = TranscriptListPageSchema.parse(list.body);
      expect(page.data.map((t) => t._id)).toEqual(page.transcripts.map((t) => t._id));
      expect(page.data[0]!._id).toBe(created.body._id);
      expect(page).toMatchObject({ hasMore: true, total: 3, pagination: { page: 1, limit: 2, total: 3, totalPages: 2, hasMore: true } });
      const next = TranscriptListPageSchema.parse((await send('GET', `/api/v1/transcripts?limit=2&cursor=${page.nextCursor}`, apiKey)).body);
      expect(next.data).toHaveLength(1);
      expect(next.hasMore).toBe(false);
      expect(next.nextCursor).toBeUndefined();
      expect([...page.data, ...next.data].map((t) => t._id)).toContain('tr_one');
    });

    it('refuses another workspace named in the request with 404', async () => {
      const listed = await send('GET', '/api/v1/transcripts?workspaceId=ws_other', apiKey);
      expect(listed.status).toBe(404);
      expect(listed.body.error.code).toBe('NOT_FOUND');
      const created = await send('POST', '/api/v1/transcripts', apiKey, { workspaceId: 'ws_other' });
      expect(created.status).toBe(404);
      expect((await send('GET', '/api/v1/transcripts?limit=100', apiKey)).body.total).toBe(2);
    });

    it('addMessage(id, { role, content }) answers status "ok" and the stored message; get and delete', async () => {
      const added = await send('POST', '/api/v1/transcripts/tr_one/messages', apiKey, { role: 'assistant', content: 'Open Settings, then Security.' });
      expect(added.status).toBe(200);
      const { message } = TranscriptMessageAddedSchema.parse(added.body);
      expect(added.body.status).toBe('ok');
      expect(message).toMatchObject({ role: 'assistant', content: 'Open Settings, then Security.', timestamp: '2026-03-10T12:00:00.000Z' });
      const stored = await messagesOf('tr_one');
      expect(stored.at(-1)).toEqual(message);
      expect(stored[0]!._id).not.toBe(message._id);
      expect((await send('DELETE', '/api/v1/transcripts/tr_one', apiKey)).body).toEqual({ status: 'ok', _id: 'tr_one' });
      expect((await send('GET', '/api/v1/transcripts/tr_one', apiKey)).status).toBe(404);
    });

    it('ingestBatch applies defaults to items that do not override them and answers ids in order', async () => {
      const transcript = (await send('POST', '/api/v1/transcripts', apiKey, { workspaceId: 'ws_main' })).body._id as string;
      // The documented example, plus one item with its own release and metadata.
      const res = await send('POST', `/api/v1/transcripts/${transcript}/ingest-batch`, apiKey, {
        workspaceId: 'ws_main',
        transcriptId: transcript,
        defaults: { release: 'rel_abc123', metadata: { channel: 'local-llm' } },
        items: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello! How can I help?', name: 'support-bot' },
          { role: 'user', content: 'Bye', release: 'rel_main', metadata: { mood: 'happy' } },
        ],
      });
      expect(res.status).toBe(200);
      const result = IngestBatchResultSchema.parse(res.body);
      expect(result.inserted).toBe(3);
      expect(new Set(result.messageIds).size).toBe(3);
      const stored = await messagesOf(transcript);
      expect(stored.map((m) => m._id)).toEqual(result.messageIds);
      expect(stored[0]).toMatchObject({ role: 'user', content: 'Hi', release: 'rel_abc123', metadata: { channel: 'local-llm' } });
      expect(stored[1]).toMatchObject({ name: 'support-bot', release: 'rel_abc123', metadata: { channel: 'local-llm' } });
      expect(stored[2]).toMatchObject({ release: 'rel_main', metadata: { channel: 'local-llm', mood: 'happy' } });
      // Appends after what is there, in order.
      const more = IngestBatchResultSchema.parse((await send('POST', `/api/v1/transcripts/${transcript}/ingest-batch`, apiKey, { items: [{ role: 'user', content: 'again' }] })).body);
      expect((await messagesOf(transcript)).map((m) => m._id)).toEqual([...result.messageIds, ...more.messageIds]);
    });

    it('ingestBatch is all or nothing on bad input, caps items at 1,000, and names the field', async () => {
      const before = await messagesOf('tr_one');
      const bad = await send('POST', '/api/v1/transcripts/tr_one/ingest-batch', apiKey, {
        items: [
          { role: 'user', content: 'fine' },
          { role: 'robot', content: 'not a role' },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.issues.map((i: Json) => i.path)).toEqual(['body.items[1].role']);
      const tooMany = await send('POST', '/api/v1/transcripts/tr_one/ingest-batch', apiKey, { items: Array.from({ length: 1001 }, () => ({ role: 'user', content: 'x' })) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.details.issues[0].path).toBe('body.items');
      const empty = await send('POST', '/api/v1/transcripts/tr_one/ingest-batch', apiKey, { items: [] });
      expect(empty.status).toBe(400);
      const otherId = await send('POST', '/api/v1/transcripts/tr_one/ingest-batch', apiKey, { transcriptId: 'tr_else', items: [{ role: 'user', content: 'x' }] });
      expect(otherId.status).toBe(400);
      expect(otherId.body.error.details.issues[0].path).toBe('body.transcriptId');
      expect((await send('POST', '/api/v1/transcripts/tr_locked/ingest-batch', apiKey, { items: [{ role: 'user', content: 'x' }] })).status).toBe(409);
      expect((await send('POST', '/api/v1/transcripts/tr_other/ingest-batch', apiKey, { items: [{ role: 'user', content: 'x' }] })).status).toBe(404);
      expect((await send('POST', '/api/v1/transcripts/tr_one/ingest-batch', { 'X-API-Key': KEYS.read }, { items: [{ role: 'user', content: 'x' }] })).status).toBe(403);
      expect(await messagesOf('tr_one')).toEqual(before);
    });
  });

  describe('accessToken mode: the key-only mount and the workspace mount', () => {
    const MOUNT = '/api/v1/workspaces/ws_main/transcripts';

    it('refuses a user token on /api/v1/transcripts and points at the workspace mount', async () => {
      const res = await send('GET', '/api/v1/transcripts', token('u_owner'));
      expect(res.status).toBe(401);
      expect(res.body.error.message).toContain('use the workspace mount /api/v1/workspaces/{workspaceId}/transcripts');
      expect((await send('POST', '/api/v1/transcripts/tr_one/messages', token('u_owner'), { role: 'user', content: 'x' })).status).toBe(401);
      // A key as Bearer is a key: accepted.
      expect((await send('GET', '/api/v1/transcripts', { Authorization: `Bearer ${KEYS.full}` })).status).toBe(200);
    });

    it('serves the same stores to members: viewers read, editors write', async () => {
      const listed = TranscriptListPageSchema.parse((await send('GET', `${MOUNT}?limit=20`, token('u_viewer'))).body);
      expect(listed.data.map((t) => t._id).sort()).toEqual(['tr_locked', 'tr_one']);
      expect((await send('GET', `${MOUNT}/tr_one`, token('u_viewer'))).body.messages[0].content).toBe('How do I reset my password?');
      const refused = await send('POST', MOUNT, token('u_viewer'), { workspaceId: 'ws_main' });
      expect(refused.status).toBe(403);

      const created = await send('POST', MOUNT, token('u_editor'), { workspaceId: 'ws_main', releaseId: 'rel_main' });
      expect(created.status).toBe(201);
      const id = created.body._id as string;
      const added = await send('POST', `${MOUNT}/${id}/messages`, token('u_editor'), { role: 'user', content: 'from the extension' });
      expect(added.body).toMatchObject({ status: 'ok', message: { role: 'user', content: 'from the extension' } });
      const batch = await send('POST', `${MOUNT}/${id}/ingest-batch`, token('u_owner'), { workspaceId: 'ws_main', transcriptId: id, items: [{ role: 'assistant', content: 'ok' }] });
      expect(batch.body.inserted).toBe(1);
      // The key-only mount sees what the workspace mount wrote.
      expect((await messagesOf(id)).map((m) => m.content)).toEqual(['from the extension', 'ok']);
      expect((await send('DELETE', `${MOUNT}/${id}`, token('u_viewer'))).status).toBe(403);
      expect((await send('DELETE', `${MOUNT}/${id}`, token('u_editor'))).body).toEqual({ status: 'ok', _id: id });
    });

    it('takes the workspace’s own keys (x-api-key or Bearer); other workspaces are not found', async () => {
      expect((await send('GET', MOUNT, { 'X-API-Key': KEYS.full })).status).toBe(200);
      expect((await send('GET', `${MOUNT}/tr_one`, { Authorization: `Bearer ${KEYS.read}` })).status).toBe(200);
      expect((await send('POST', MOUNT, { 'X-API-Key': KEYS.read }, {})).status).toBe(403);
      const foreignKey = await send('GET', MOUNT, { 'X-API-Key': KEYS.other });
      expect(foreignKey.status).toBe(404);
      expect(foreignKey.body.error.code).toBe('NOT_FOUND');
      expect((await send('GET', MOUNT, token('u_out'))).status).toBe(404);
      expect((await send('GET', '/api/v1/workspaces/ws_other/transcripts/tr_other', token('u_owner'))).status).toBe(404);
      expect((await send('GET', `${MOUNT}/tr_other`, token('u_owner'))).status).toBe(404);
      expect((await send('GET', `${MOUNT}?workspaceId=ws_other`, token('u_owner'))).status).toBe(404);
    });
  });
});
