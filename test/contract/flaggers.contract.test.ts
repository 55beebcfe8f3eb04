// Flaggers through every door on every driver: CRUD with the SDK's fields, bad inputs, roles and
// scopes, isolation, dry runs (saved and unsaved), and chat messages that trip a flagger: a flag is
// stored, the message is tagged, and `message.flagged` is raised (seen by a test-only area).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { defineArea, type RaisedEvent } from '../../src/core/area.js';
import { FlagSchema, FlaggerSchema, FlaggerVerdictSchema } from '../../src/types/flaggers-analytics.js';
import { MATRIX, openDoor, type Door } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { FKEYS, FNOW, flaggersScenario } from '../support/flaggers-scenario.js';

type Json = Record<string, any>;
const T0 = Date.parse(FNOW);

/** A sender of chat messages on ws_flag: an external user of the full key. */
const customer = (id = 'cust-1') => ({ 'x-api-key': FKEYS.full, 'x-external-user-id': id });

async function call(fetcher: (path: string, init?: RequestInit) => Promise<Response>, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetcher(path, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

/** Opens a thread on `releaseId` and sends `content`; answers the thread id and the send's answer. */
async function chat(fetcher: Parameters<typeof call>[0], releaseId: string, content: string, as = customer()) {
  const thread = await call(fetcher, 'POST', '/api/v1/chat/threads', as, { releaseId });
  expect(thread.status).toBe(201);
  const sent = await call(fetcher, 'POST', `/api/v1/chat/threads/${thread.body.id}/messages`, as, { content });
  expect(sent.status).toBe(200);
  return { threadId: thread.body.id as string, sent: sent.body };
}

const FULL = {
  title: 'Angry customers',
  notificationIcon: 'alert',
  notificationMessage: 'An upset customer needs a human',
  notificationTags: ['escalation', 'support'],
  assistant: { id: 'gpt-4o-mini', finetune: false },
  prefix: 'Decide whether the user is upset.',
  outputKeys: ['sentiment', 'reason', 'severity'],
  flagInput: true,
  notifyUser: true,
  releaseIds: ['rel_a'],
  match: { keywords: ['cancel my account'], sentiment: 'negative' },
  outputs: { severity: 'high' },
};

describe.each(MATRIX)('flaggers: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: flaggersScenario });
  const key = { 'x-api-key': FKEYS.full };
  const as = (user: string) => ({ authorization: `Bearer ${door.token(user)}`, 'x-workspace-id': 'ws_flag' });
  const req = (method: string, path: string, headers: Record<string, string> = key, body?: unknown) => call(door.fetch, method, path, headers, body);

  it('creates, reads, lists, changes and deletes a flagger with the documented fields', async () => {
    const created = await req('POST', '/api/v1/flaggers', key, FULL);
    expect(created.status).toBe(201);
    const id = created.body._id;
    expect(FlaggerSchema.parse(created.body)).toEqual({
      _id: id,
      id,
      workspaceId: 'ws_flag',
      ...FULL,
      enabled: true,
      match: { keywords: ['cancel my account'], regex: null, sentiment: 'negative', mode: 'any' },
      createdAt: FNOW,
      updatedAt: FNOW,
    });
    expect((await req('GET', `/api/v1/flaggers/${id}`)).body).toEqual(created.body);

    const list = await req('GET', '/api/v1/flaggers');
    expect(list.status).toBe(200);
    expect(list.body.data.map((f: Json) => f._id)).toEqual(['flg_seeded', id]);
    expect(list.body).toMatchObject({ hasMore: false, total: 2 });
    // The seeded flagger has every default filled in.
    expect(list.body.data[0]).toMatchObject({ notifyUser: false, enabled: true, releaseIds: [], assistant: null, prefix: null, outputs: {} });

    await door.emulator.clock.advance(1000);
    const changed = await req('PATCH', `/api/v1/flaggers/${id}`, key, { enabled: false, match: { regex: 'cancel+' }, notificationIcon: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      enabled: false,
      notificationIcon: null,
      title: 'Angry customers',
      match: { keywords: [], regex: 'cancel+', sentiment: null, mode: 'any' },
      updatedAt: new Date(T0 + 1000).toISOString(),
      createdAt: FNOW,
    });
    expect((await req('GET', '/api/v1/flaggers?enabled=false')).body.data.map((f: Json) => f._id)).toEqual([id]);
    expect((await req('GET', '/api/v1/flaggers?enabled=true')).body.data.map((f: Json) => f._id)).toEqual(['flg_seeded']);

    expect(await req('DELETE', `/api/v1/flaggers/${id}`)).toEqual({ status: 200, body: { status: 'ok', _id: id } });
    expect((await req('GET', `/api/v1/flaggers/${id}`)).status).toBe(404);
    expect((await req('DELETE', `/api/v1/flaggers/${id}`)).status).toBe(404);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const bad = async (body: unknown, path: string) => {
      const res = await req('POST', '/api/v1/flaggers', key, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: Json) => i.path)).toContain(path);
    };
    await bad({}, 'body.title');
    await bad({ title: 'x', match: { regex: '(unclosed' } }, 'body.match.regex');
    await bad({ title: 'x', match: { sentiment: 'furious' } }, 'body.match.sentiment');
    await bad({ title: 'x', outputKeys: ['has space'] }, 'body.outputKeys[0]');
    await bad({ title: 'x', flagInput: 'yes' }, 'body.flagInput');
    await bad({ title: 'x', colour: 'red' }, 'body.colour');
    await bad({ title: 'x', notificationTags: [''] }, 'body.notificationTags[0]');
    const patch = await req('PATCH', '/api/v1/flaggers/flg_seeded', key, { match: { keywords: 'refund' } });
    expect(patch.status).toBe(400);
    expect((await req('POST', '/api/v1/flaggers', key, '{"title":')).status).toBe(400);
    // A release of another workspace (or none) is not found.
    expect((await req('POST', '/api/v1/flaggers', key, { title: 'x', releaseIds: ['rel_else'] })).status).toBe(404);
    const list = await req('GET', '/api/v1/flaggers');
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].match.keywords).toEqual(['refund', 'money back']);
  });

  it('lets viewers and read keys read, editors write; another workspace sees nothing', async () => {
    expect((await req('GET', '/api/v1/flaggers', as('u_viewer'))).status).toBe(200);
    expect((await req('POST', '/api/v1/flaggers', as('u_viewer'), { title: 'v' })).status).toBe(403);
    expect((await req('POST', '/api/v1/flaggers', as('u_editor'), { title: 'e' })).status).toBe(201);
    expect((await req('GET', '/api/v1/flaggers', { 'x-api-key': FKEYS.transcripts })).status).toBe(403);
    expect((await req('GET', '/api/v1/flaggers', {})).status).toBe(401);
    const other = { 'x-api-key': FKEYS.other };
    expect((await req('GET', '/api/v1/flaggers/flg_seeded', other)).status).toBe(404);
    expect((await req('PATCH', '/api/v1/flaggers/flg_seeded', other, { enabled: false })).status).toBe(404);
    expect((await req('POST', '/api/v1/flaggers/flg_seeded/dry-run', other, { content: 'refund' })).status).toBe(404);
    expect((await req('GET', '/api/v1/flaggers', other)).body.total).toBe(0);
    expect((await req('GET', '/api/v1/flaggers', as('u_other'))).status).toBe(404);
  });

  it('dry-runs a saved flagger and an unsaved body, storing nothing', async () => {
    const hit = await req('POST', '/api/v1/flaggers/flg_seeded/dry-run', key, { content: 'I want a REFUND, now.' });
    expect(hit.status).toBe(200);
    expect(FlaggerVerdictSchema.parse(hit.body)).toEqual({
      flagged: true,
      wouldFlag: true,
      judges: 'input',
      flaggerId: 'flg_seeded',
      // "refund" is on the sentiment list's negative side.
      matches: { keywords: ['refund'], regex: null, sentiment: 'negative' },
      outputs: { category: 'refund', matches: ['refund'] },
      tags: ['billing'],
      message: 'A user asked for a refund',
      notifyUser: false,
    });
    // Whole words only: "refunded" is another word.
    expect((await req('POST', '/api/v1/flaggers/flg_seeded/dry-run', key, { content: 'It was refunded.' })).body).toMatchObject({ flagged: false, outputs: {}, tags: [], message: null });

    const unsaved = await req('POST', '/api/v1/flaggers/dry-run', key, { flagger: FULL, content: 'This is terrible, cancel my account!', releaseId: 'rel_b' });
    expect(unsaved.body).toEqual({
      flagged: true,
      // Scoped to rel_a: on rel_b it would not store a flag.
      wouldFlag: false,
      judges: 'input',
      flaggerId: null,
      matches: { keywords: ['cancel my account'], regex: null, sentiment: 'negative' },
      outputs: { sentiment: 'negative', reason: 'Matched: cancel my account', severity: 'high' },
      tags: ['escalation', 'support'],
      message: 'An upset customer needs a human',
      notifyUser: true,
    });
    const all = await req('POST', '/api/v1/flaggers/dry-run', key, {
      flagger: { title: 'both', match: { keywords: ['price'], regex: '\\$\\d+', mode: 'all' }, outputKeys: ['matches', 'score', 'flagged'] },
      content: 'Is the price $40?',
    });
    expect(all.body).toMatchObject({ flagged: true, judges: 'reply', matches: { keywords: ['price'], regex: '$40' }, outputs: { matches: ['price', '$40'], score: 2, flagged: true } });
    const half = await req('POST', '/api/v1/flaggers/dry-run', key, { flagger: { title: 'both', match: { keywords: ['price'], regex: '\\$\\d+', mode: 'all' } }, content: 'What price?' });
    expect(half.body.flagged).toBe(false);
    expect((await req('POST', '/api/v1/flaggers/dry-run', key, { flagger: { title: 'no rules' }, content: 'anything' })).body.flagged).toBe(false);
    expect((await req('POST', '/api/v1/flaggers/dry-run', key, { flagger: { title: 'x' } })).status).toBe(400);
    expect((await req('GET', '/api/v1/flaggers/flags')).body.total).toBe(0);
    expect((await req('POST', '/api/v1/flaggers/dry-run', as('u_viewer'), { flagger: { title: 'x' }, content: 'y' })).status).toBe(200);
  });

  it('flags a user message sent through a chat thread: a flag record, the message tagged, the flags list filtered', async () => {
    const { threadId, sent } = await chat(door.fetch, 'rel_a', 'Can I get a refund for last month?');
    // A reply flagger that hits every reply of rel_b only.
    await req('POST', '/api/v1/flaggers', key, { title: 'Replies on Sales', releaseIds: ['rel_b'], match: { regex: '[a-z]' }, notificationTags: ['sales'], outputKeys: ['flagged'] });
    const flags = await req('GET', '/api/v1/flaggers/flags');
    expect(flags.body.total).toBe(1);
    const flag = FlagSchema.parse(flags.body.data[0]);
    expect(flag).toEqual({
      _id: flag._id,
      id: flag._id,
      workspaceId: 'ws_flag',
      flaggerId: 'flg_seeded',
      flaggerTitle: 'Refund requests',
      messageId: sent.userMessage.id,
      threadId,
      releaseId: 'rel_a',
      role: 'user',
      excerpt: 'Can I get a refund for last month?',
      outputs: { category: 'refund', matches: ['refund'] },
      tags: ['billing'],
      notifyUser: false,
      createdAt: FNOW,
    });
    // The stored user message carries the flag; the reply does not.
    const messages = await req('GET', `/api/v1/chat/threads/${threadId}/messages`, customer());
    const [user, reply] = messages.body.data;
    expect(user.metadata).toEqual({ flags: [{ flagId: flag._id, flaggerId: 'flg_seeded', tags: ['billing'] }], tags: ['billing'] });
    expect(reply.metadata.flags).toBeUndefined();
    expect(sent.userMessage.metadata).toEqual(user.metadata);
    // The transcript mirror carries it too.
    const transcript = await req('GET', `/api/v1/transcripts/${threadId}`);
    expect(transcript.body.messages.find((m: Json) => m.role === 'user').metadata.tags).toEqual(['billing']);

    await door.emulator.clock.advance(60_000);
    const second = await chat(door.fetch, 'rel_b', 'Money back please', customer('cust-2'));
    const all = await req('GET', '/api/v1/flaggers/flags');
    expect(all.body.data.map((f: Json) => [f.flaggerId, f.role, f.threadId])).toEqual([
      [expect.any(String), 'assistant', second.threadId],
      ['flg_seeded', 'user', second.threadId],
      ['flg_seeded', 'user', threadId],
    ]);
    expect(all.body.data[0]).toMatchObject({ outputs: { flagged: true }, tags: ['sales'], messageId: second.sent.message.id });
    const q = async (query: string) => (await req('GET', `/api/v1/flaggers/flags?${query}`)).body.data.length;
    expect(await q('flaggerId=flg_seeded')).toBe(2);
    expect(await q(`threadId=${threadId}`)).toBe(1);
    expect(await q('releaseId=rel_b')).toBe(2);
    expect(await q(`since=${T0 + 1}`)).toBe(2);
    expect(await q(`until=${encodeURIComponent(FNOW)}`)).toBe(1);
    expect(await q('since=2026-06-11')).toBe(0);
    expect(await q('limit=1')).toBe(1);
    expect((await req('GET', '/api/v1/flaggers/flags?since=yesterday')).status).toBe(400);
    // A disabled flagger stays silent.
    await req('PATCH', '/api/v1/flaggers/flg_seeded', key, { enabled: false });
    await chat(door.fetch, 'rel_a', 'refund!');
    expect((await req('GET', '/api/v1/flaggers/flags')).body.total).toBe(3);
    expect((await req('GET', '/api/v1/flaggers/flags', { 'x-api-key': FKEYS.other })).body.total).toBe(0);
  });
});

/** A test-only area that records every event the world raises. */
function eventRecorder() {
  const seen: RaisedEvent[] = [];
  const area = defineArea({
    name: 'test-event-recorder',
    create: (ctx) => {
      ctx.events.on((event) => {
        seen.push(event);
      });
      return seen;
    },
  });
  return { area, seen };
}

describe.each(MATRIX)('flaggers raise message.flagged: $label', ({ driver, door: doorName }) => {
  const recorder = eventRecorder();
  let emulator: Emulator;
  let door: Door;
  beforeAll(async () => {
    emulator = await createEmulator({ storage: driver, areas: [recorder.area], onInternalError: (err) => console.error(err) });
    door = await openDoor(doorName, emulator);
  });
  beforeEach(async () => {
    await emulator.loadScenario(flaggersScenario);
    recorder.seen.length = 0;
  });
  afterAll(async () => {
    await door.close();
    await emulator.close();
  });

  it('raises chat.message.stored for each user and assistant message and message.flagged for a hit', async () => {
    const { threadId, sent } = await chat(door.fetch, 'rel_a', 'I need my money back');
    // The flaggers listen before this recorder: the flag raised while judging the user message is heard first.
    const kinds = recorder.seen.map((e) => [e.kind, e.data.role ?? null]);
    expect(kinds).toEqual([
      ['message.flagged', 'user'],
      ['chat.message.stored', 'user'],
      ['chat.message.stored', 'assistant'],
    ]);
    expect(recorder.seen[1]).toEqual({
      workspaceId: 'ws_flag',
      kind: 'chat.message.stored',
      data: { threadId, messageId: sent.userMessage.id, role: 'user', content: 'I need my money back', releaseId: 'rel_a', userId: 'cust-1' },
      at: Date.parse(FNOW),
    });
    const flags = await call(door.fetch, 'GET', '/api/v1/flaggers/flags', { 'x-api-key': FKEYS.full });
    expect(recorder.seen[0]).toEqual({
      workspaceId: 'ws_flag',
      kind: 'message.flagged',
      data: {
        flagId: flags.body.data[0]._id,
        flaggerId: 'flg_seeded',
        flaggerTitle: 'Refund requests',
        messageId: sent.userMessage.id,
        threadId,
        releaseId: 'rel_a',
        role: 'user',
        outputs: { category: 'money back', matches: ['money back'] },
        notificationIcon: 'money',
        notifyUser: false,
      },
      tags: ['billing'],
      message: 'A user asked for a refund',
      at: Date.parse(FNOW),
    });
    expect(recorder.seen[2]!.data).toMatchObject({ messageId: sent.message.id, content: sent.message.content });
  });

  it('keeps the flag but raises no message.flagged on a release whose config turns notifications off', async () => {
    await chat(door.fetch, 'rel_quiet', 'refund please');
    expect(recorder.seen.map((e) => e.kind)).toEqual(['chat.message.stored', 'chat.message.stored']);
    const flags = await call(door.fetch, 'GET', '/api/v1/flaggers/flags', { 'x-api-key': FKEYS.full });
    expect(flags.body.data.map((f: Json) => f.releaseId)).toEqual(['rel_quiet']);
  });

  it('raises chat.message.stored on the workspace chat completions path too', async () => {
    const res = await call(door.fetch, 'POST', '/api/v1/workspaces/ws_flag/chat/completions', { authorization: `Bearer ${emulator.handles.users.find((u) => u.id === 'u_owner')!.accessToken}` }, {
      releaseId: 'rel_a',
      messages: [{ role: 'user', content: 'refund?' }],
    });
    expect(res.status).toBe(200);
    expect(recorder.seen.map((e) => e.kind)).toEqual(['message.flagged', 'chat.message.stored', 'chat.message.stored']);
    expect(recorder.seen[1]!.data).toMatchObject({ role: 'user', content: 'refund?', releaseId: 'rel_a', userId: 'u_owner' });
  });
});
