// The dashboard's data routes through every door on every driver: the state browser's pages
// (keys without secrets, jobs with their due time), and journal entries opened to their request
// and answer with secrets masked. Emulator-defined (docs/dashboard.md).
import { describe, expect, it } from 'vitest';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const T0 = '2026-03-01T10:00:00.000Z';
const SCENARIO = {
  name: 'dashboard-data',
  seed: 77,
  now: T0,
  users: [
    { id: 'u_owner', email: 'owner@example.com', name: 'Owner' },
    { id: 'u_other', email: 'other@example.com', name: 'Other' },
  ],
  workspaces: [
    {
      id: 'ws_one',
      name: 'One',
      slug: 'one',
      ownerId: 'u_owner',
      apiKeys: [{ id: 'key_one', name: 'One server' }, { id: 'key_two', name: 'Second' }],
      releases: [{ id: 'rel_one', name: 'One helper', status: 'active' }],
      transcripts: [{ id: 'tr_one', title: 'First', messages: [{ role: 'user', content: 'Hello' }] }],
      rag: { targets: [{ id: 'vec_one', title: 'Wiki', files: [{ id: 'file_one', title: 'Onboarding', content: 'New people get a laptop.' }] }] },
    },
    { id: 'ws_two', name: 'Two', slug: 'two', ownerId: 'u_other', apiKeys: [{ id: 'key_three', name: 'Two server' }] },
  ],
};

/** The multipart upload of the RAG files route, to the scenario's target. */
function uploadForm(name: string, content: string | Blob): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ragVectorId: 'vec_one', title: name, description: 'upload', chunkingTool: 'default' })) form.append(k, v);
  form.append('file', typeof content === 'string' ? new Blob([content], { type: 'text/plain' }) : content, name);
  return form;
}

interface Page {
  kind: string;
  data: Record<string, unknown>[];
  hasMore: boolean;
  nextCursor?: string;
  total: number;
}
interface Body {
  contentType: string | null;
  text: string | null;
  truncated: boolean;
  note?: string;
}
interface Opened {
  entry: { seq: number; method: string; path: string; status: number; hasExchange: boolean };
  request: { headers: [string, string][]; body: Body } | null;
  response: { headers: [string, string][]; body: Body } | null;
}

describe.each(MATRIX)('dashboard data routes: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: SCENARIO });
  const page = async (path: string) => {
    const res = await door.call('GET', `/__emulator/dashboard/state/${path}`);
    expect(res.status).toBe(200);
    return res.body as unknown as Page;
  };
  const ids = (p: Page) => p.data.map((r) => r.id);

  it('pages every kind, in storage order, narrowed by workspace', async () => {
    expect(ids(await page('workspaces'))).toEqual(['ws_one', 'ws_two']);
    // Users and keys by creation time, then id.
    expect(ids(await page('users'))).toEqual(['u_other', 'u_owner']);
    expect(ids(await page('releases'))).toEqual(['rel_one']);
    expect(ids(await page('transcripts'))).toEqual(['tr_one']);
    expect(ids(await page('rag-targets'))).toEqual(['vec_one']);
    expect((await page('rag-files')).data).toEqual([expect.objectContaining({ id: 'file_one', workspaceId: 'ws_one', targetId: 'vec_one', title: 'Onboarding' })]);
    expect(ids(await page('keys?workspaceId=ws_two'))).toEqual(['key_three']);
    expect(ids(await page('workspaces?workspaceId=ws_two'))).toEqual(['ws_two']);

    const first = await page('keys?limit=2');
    expect(first).toMatchObject({ kind: 'keys', hasMore: true, nextCursor: '2', total: 3 });
    const second = await page(`keys?limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ hasMore: false, total: 3 });
    expect(second.nextCursor).toBeUndefined();
    expect([...ids(first), ...ids(second)].sort()).toEqual(['key_one', 'key_three', 'key_two']);
  });

  it('shows keys by prefix and status only: no secret, no hash', async () => {
    const keys = await page('keys?limit=200');
    expect(Object.keys(keys.data[0]!).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'permissions', 'prefix', 'status', 'workspaceId']);
    const text = JSON.stringify(keys);
    for (const id of ['key_one', 'key_two', 'key_three']) expect(text).not.toContain(door.key(id));
    expect(text).not.toMatch(/hash/i);
  });

  it('lists jobs on the clock with kind, due time and whether they are due', async () => {
    const upload = await door.fetch('/api/v1/rag/files', { method: 'POST', headers: { 'x-api-key': door.key('key_one') }, body: uploadForm('later.txt', 'Indexed on the clock.') });
    expect(upload.status).toBe(202);
    const jobs = await page('jobs');
    expect(jobs.total).toBeGreaterThan(0);
    for (const job of jobs.data) {
      expect(job).toEqual({ id: expect.any(String), kind: expect.any(String), runAt: expect.any(String), due: expect.any(Boolean), inMs: expect.any(Number) });
      expect(Date.parse(job.runAt as string)).toBeGreaterThanOrEqual(Date.parse(T0));
    }
    expect((await door.call('POST', '/__emulator/jobs/flush')).status).toBe(200);
    expect((await page('jobs')).total).toBe(0);
  });

  it('refuses an unknown kind and a bad page with a 400 naming the field', async () => {
    const kind = await door.call('GET', '/__emulator/dashboard/state/secrets');
    expect(kind.status).toBe(400);
    expect(kind.text).toContain('params.kind');
    const limit = await door.call('GET', '/__emulator/dashboard/state/users?limit=0');
    expect(limit.status).toBe(400);
    expect(limit.text).toContain('query.limit');
    const cursor = await door.call('GET', '/__emulator/dashboard/state/users?cursor=abc');
    expect(cursor.status).toBe(400);
    expect(cursor.text).toContain('query.cursor');
  });

  it('opens a journal entry to its request and answer, secrets masked, and 404s one that is gone', async () => {
    const secret = door.key('key_one');
    const sent = await door.fetch('/api/v1/releases', json({ name: 'Probe', password: 'pw-plain-text', clientSecret: 'cs-plain' }, { 'x-api-key': secret }));
    expect(sent.status).toBe(400);
    const token = door.token('u_owner');
    const chat = await door.fetch('/api/v1/workspaces/ws_one/chat/completions', json({ releaseId: 'rel_one', messages: [{ role: 'user', content: 'Hi' }], stream: true }, { authorization: `Bearer ${token}` }));
    expect(chat.status).toBe(200);
    const streamed = await chat.text();

    const list = await door.call('GET', '/__emulator/dashboard/requests');
    const entries = (list.body as unknown as { data: Opened['entry'][]; total: number }).data;
    expect(entries.map((e) => [e.method, e.path, e.status, e.hasExchange])).toEqual([
      ['POST', '/api/v1/releases', 400, true],
      ['POST', '/api/v1/workspaces/ws_one/chat/completions', 200, true],
    ]);
    // The plain journal keeps its shape: no seq there.
    expect(Object.keys(door.emulator.requests.list()[0]!)).not.toContain('seq');

    const opened = (await door.call('GET', `/__emulator/dashboard/requests/${entries[0]!.seq}`)).body as unknown as Opened;
    expect(opened.entry).toMatchObject({ seq: entries[0]!.seq, path: '/api/v1/releases', status: 400 });
    expect(opened.request!.headers).toContainEqual(['x-api-key', '[masked]']);
    expect(JSON.parse(opened.request!.body.text!)).toEqual({ name: 'Probe', password: '[masked]', clientSecret: '[masked]' });
    expect(JSON.parse(opened.response!.body.text!)).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    const chatEntry = (await door.call('GET', `/__emulator/dashboard/requests/${entries[1]!.seq}`)).body as unknown as Opened;
    expect(chatEntry.request!.headers).toContainEqual(['authorization', 'Bearer [masked]']);
    expect(chatEntry.response!.body).toMatchObject({ contentType: 'text/event-stream; charset=utf-8', text: streamed, truncated: false });

    const all = JSON.stringify([opened, chatEntry]);
    for (const hidden of [secret, token, 'pw-plain-text', 'cs-plain']) expect(all).not.toContain(hidden);

    expect((await door.call('DELETE', '/__emulator/requests')).status).toBe(200);
    const gone = await door.call('GET', `/__emulator/dashboard/requests/${entries[0]!.seq}`);
    expect(gone.status).toBe(404);
    expect((await door.call('GET', '/__emulator/dashboard/requests/0')).status).toBe(400);
  });

  it('masks form bodies (OAuth secrets) and notes binary uploads without keeping them', async () => {
    await door.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=abc123code&client_id=c1&client_secret=very-secret&code_verifier=verif-xyz',
    });
    const form = uploadForm('raw.bin', new Blob([new Uint8Array([0, 1, 2, 3, 255])], { type: 'application/octet-stream' }));
    await door.fetch('/api/v1/rag/files', { method: 'POST', headers: { 'x-api-key': door.key('key_one') }, body: form });

    const entries = ((await door.call('GET', '/__emulator/dashboard/requests')).body as unknown as { data: Opened['entry'][] }).data;
    expect(entries).toHaveLength(2);
    const oauth = (await door.call('GET', `/__emulator/dashboard/requests/${entries[0]!.seq}`)).body as unknown as Opened;
    const params = new URLSearchParams(oauth.request!.body.text!);
    expect(Object.fromEntries(params)).toEqual({ grant_type: 'authorization_code', code: '[masked]', client_id: 'c1', client_secret: '[masked]', code_verifier: '[masked]' });
    const upload = (await door.call('GET', `/__emulator/dashboard/requests/${entries[1]!.seq}`)).body as unknown as Opened;
    expect(upload.request!.body.text).toBeNull();
    expect(upload.request!.body.note).toMatch(/^binary or upload body not kept/);
    expect(upload.request!.body.contentType).toMatch(/^multipart\/form-data/);
  });
});
