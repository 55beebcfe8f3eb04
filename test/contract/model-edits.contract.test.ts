// Model edits through every door on every driver: a correction of a release's answer is applied
// by the clock (queued -> applying -> applied | failed), after which chat answers that prompt with
// it; revert, change, delete, export as JSONL or as a training-data set; bad input writes nothing.
import { describe, expect, it } from 'vitest';
import { ModelEditSchema } from '../../src/types/model-edits.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, MODEL_NOW, OTHER_KEY, READ_KEY, modelScenario } from '../support/model-scenario.js';
import { useDoor } from '../support/use-door.js';

const full = { key: FULL_KEY };
const owner = { user: 'u_owner' };
const viewer = { user: 'u_viewer' };
/** u_owner belongs to two workspaces: a management call names one. */
const ownerAcme = { user: 'u_owner', headers: { 'x-workspace-id': 'ws_acme' } };
const PROMPT = 'How do invitations expire?';
const FIX = 'Invitations expire after seven days; the workspace owner can renew them from the settings page.';
const at = (ms: number) => new Date(Date.parse(MODEL_NOW) + ms).toISOString();

describe.each(MATRIX)('model edits: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: modelScenario });
  const { call } = door;
  const advance = async (advanceMs: number) => {
    const res = await door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
    expect(res.status).toBe(200);
  };
  const flush = () => door.fetch('/__emulator/jobs/flush', { method: 'POST' });
  const chat = async (content: string) => {
    const thread = await call('POST', '/api/v1/chat/threads', owner, { releaseId: 'rel_help' });
    const sent = await call('POST', `/api/v1/chat/threads/${thread.body.id}/messages`, owner, { content });
    expect(sent.status).toBe(200);
    return sent.body;
  };
  const completion = async (content: string) =>
    (await call('POST', '/api/v1/workspaces/ws_acme/chat/completions', full, { releaseId: 'rel_help', messages: [{ role: 'user', content }] })).body;

  it('applies on the clock, then chat answers the prompt with the correction; revert brings the old answer back', async () => {
    const before = await chat(PROMPT);
    const res = await call('POST', '/api/v1/model-edits', full, { releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, title: 'Invitation expiry' });
    expect(res.status).toBe(201);
    const edit = ModelEditSchema.parse(res.body);
    expect(edit).toMatchObject({ _id: edit.id, workspaceId: 'ws_acme', releaseId: 'rel_help', title: 'Invitation expiry', prompt: PROMPT, correctedReply: FIX, status: 'draft', createdBy: 'k_full' });
    // The original is what the release answered: the same generator as the chat send.
    expect(edit.originalReply).toBe(before.message.content);
    expect((await call('POST', `/api/v1/model-edits/${edit.id}/apply`, full)).body).toMatchObject({ status: 'queued' });
    await advance(1000);
    expect((await call('GET', `/api/v1/model-edits/${edit.id}`, full)).body.status).toBe('applying');
    // Not applied yet: chat still answers as before.
    expect((await chat(PROMPT)).message.content).toBe(before.message.content);
    await advance(5000);
    const applied = (await call('GET', `/api/v1/model-edits/${edit.id}`, full)).body;
    expect(applied).toMatchObject({ status: 'applied', appliedAt: at(6000) });
    // Case and spacing do not matter; the reply says which edit answered.
    const after = await chat(`  how do   INVITATIONS expire?`);
    expect(after.message.content).toBe(FIX);
    expect(after.message.metadata.correction).toEqual({ type: 'model-edit', id: edit.id });
    expect(after.usage.completionTokens).toBeGreaterThan(0);
    expect((await completion(PROMPT)).message.content).toBe(FIX);
    // Another prompt, or another release, is untouched.
    expect((await chat('How are audit logs kept?')).message.content).not.toBe(FIX);
    const reverted = await call('POST', `/api/v1/model-edits/${edit.id}/revert`, full);
    expect(reverted.body).toMatchObject({ status: 'reverted', revertedAt: at(6000) });
    expect((await chat(PROMPT)).message.content).toBe(before.message.content);
    expect((await call('POST', `/api/v1/model-edits/${edit.id}/revert`, full)).status).toBe(409);
    // A reverted edit can be changed (back to draft) and applied again.
    const changed = await call('PATCH', `/api/v1/model-edits/${edit.id}`, full, { correctedReply: `${FIX} Expired ones can be re-sent.` });
    expect(changed.body).toMatchObject({ status: 'draft', correctedReply: `${FIX} Expired ones can be re-sent.` });
    await call('POST', `/api/v1/model-edits/${edit.id}/apply`, full);
    await flush();
    expect((await chat(PROMPT)).message.content).toBe(`${FIX} Expired ones can be re-sent.`);
  });

  it('is made from a chat message (its prompt and reply) and applied at once with `apply: true`', async () => {
    const sent = await chat(PROMPT);
    const threadId = sent.message.chatId as string;
    const res = await call('POST', '/api/v1/model-edits', ownerAcme, { messageRef: { threadId, messageId: sent.message.id }, correctedReply: FIX, apply: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ releaseId: 'rel_help', prompt: PROMPT, originalReply: sent.message.content, messageRef: { threadId, messageId: sent.message.id }, status: 'queued', createdBy: 'u_owner' });
    await flush();
    expect((await chat(PROMPT)).message.content).toBe(FIX);
    const bad = await call('POST', '/api/v1/model-edits', ownerAcme, { messageRef: { threadId, messageId: sent.userMessage.id }, correctedReply: FIX });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toContain('body.messageRef.messageId');
  });

  it('fails the apply when the release is gone by then, and refuses moves that do not apply', async () => {
    const edit = (await call('POST', '/api/v1/model-edits', full, { releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, originalReply: 'Old.', apply: true })).body;
    expect(edit.originalReply).toBe('Old.');
    expect((await call('PATCH', `/api/v1/model-edits/${edit._id}`, full, { title: 'x' })).status).toBe(409);
    expect((await call('POST', `/api/v1/model-edits/${edit._id}/apply`, full)).body.error).toMatchObject({ code: 'CONFLICT', details: { status: 'queued' } });
    expect((await call('DELETE', '/api/v1/releases/rel_help', full)).status).toBeLessThan(300);
    await flush();
    expect((await call('GET', `/api/v1/model-edits/${edit._id}`, full)).body).toMatchObject({
      status: 'failed',
      error: { code: 'release_not_found', message: 'Release rel_help no longer exists' },
    });
  });

  it('lists with filters, deletes, and exports as JSONL, CSV or a training-data set', async () => {
    const a = (await call('POST', '/api/v1/model-edits', full, { releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, originalReply: 'Old.', apply: true })).body;
    const b = (await call('POST', '/api/v1/model-edits', full, { releaseId: 'rel_help', prompt: 'Where are audit logs?', correctedReply: 'Under Settings, "Audit".', originalReply: 'Old.' })).body;
    await flush();
    const list = (await call('GET', '/api/v1/model-edits?status=applied', full)).body;
    expect(list).toMatchObject({ total: 1, docs: [{ _id: a._id }], data: [{ _id: a._id }], pagination: { page: 1, total: 1, totalPages: 1, hasMore: false } });
    expect((await call('GET', '/api/v1/model-edits?limit=1&page=2', full)).body).toMatchObject({ total: 2, docs: [{ _id: b._id }], pagination: { page: 2, limit: 1 } });
    const jsonl = await door.fetch('/api/v1/model-edits/export', { headers: { 'x-api-key': FULL_KEY } });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toContain('application/jsonl');
    expect((await jsonl.text()).trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { messages: [{ role: 'user', content: PROMPT }, { role: 'assistant', content: FIX }], modelEditId: a._id, releaseId: 'rel_help' },
    ]);
    const csv = await (await door.fetch('/api/v1/model-edits/export?format=csv&status=all', { headers: { 'x-api-key': FULL_KEY } })).text();
    expect(csv.split('\r\n')).toHaveLength(4);
    expect(csv).toContain('"Under Settings, ""Audit""."');
    const set = await call('POST', '/api/v1/model-edits/export-to-training-data', full, { status: 'all', title: 'Corrections' });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ title: 'Corrections', status: 'succeeded', pairCount: 2 });
    const pairs = await (await door.fetch(`/api/v1/training-data/${set.body._id}/export`, { headers: { 'x-api-key': FULL_KEY } })).text();
    expect(pairs).toContain(FIX);
    expect((await call('DELETE', `/api/v1/model-edits/${a._id}`, full)).body).toEqual({ _id: a._id, deleted: true });
    expect((await call('GET', `/api/v1/model-edits/${a._id}`, full)).status).toBe(404);
    expect((await chat(PROMPT)).message.content).not.toBe(FIX);
    const none = await call('POST', '/api/v1/model-edits/export-to-training-data', full, {});
    expect(none.status).toBe(409);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ releaseId: 'rel_help', correctedReply: FIX }, 'body.prompt'],
      [{ prompt: PROMPT, correctedReply: FIX }, 'body.releaseId'],
      [{ releaseId: 'rel_help', prompt: PROMPT }, 'body.correctedReply'],
      [{ releaseId: 'rel_help', prompt: PROMPT, correctedReply: '   ' }, 'body.correctedReply'],
      [{ releaseId: 'rel_globex', prompt: PROMPT, correctedReply: FIX }, 'body.releaseId'],
      [{ releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, messageRef: { threadId: 't', messageId: 'm' } }, 'body.messageRef'],
      [{ messageRef: { threadId: 'nope', messageId: 'm' }, correctedReply: FIX }, 'body.messageRef.threadId'],
      [{ releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, status: 'applied' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/v1/model-edits', full, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(path);
    }
    const malformed = await door.fetch('/api/v1/model-edits', { method: 'POST', headers: { 'x-api-key': FULL_KEY, 'content-type': 'application/json' }, body: '{"prompt":' });
    expect(malformed.status).toBe(400);
    expect((await call('GET', '/api/v1/model-edits?status=done', full)).status).toBe(400);
    expect((await call('GET', '/api/v1/model-edits', full)).body).toMatchObject({ total: 0, docs: [] });
  });

  it('holds keys to the fine-tune scopes, members to their roles, and every caller to its workspace', async () => {
    const edit = (await call('POST', '/api/v1/model-edits', full, { releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, originalReply: 'Old.' })).body;
    expect((await call('GET', `/api/v1/model-edits/${edit._id}`, { key: READ_KEY })).status).toBe(200);
    expect((await call('POST', `/api/v1/model-edits/${edit._id}/apply`, { key: READ_KEY })).status).toBe(403);
    expect((await call('POST', '/api/v1/model-edits', { key: READ_KEY }, { releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX })).status).toBe(403);
    expect((await call('GET', '/api/v1/model-edits', viewer)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/model-edits/${edit._id}`, viewer)).status).toBe(403);
    expect((await call('GET', `/api/v1/model-edits/${edit._id}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call('POST', `/api/v1/model-edits/${edit._id}/apply`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call('GET', '/api/v1/model-edits', { key: OTHER_KEY })).body.total).toBe(0);
    expect((await call('GET', '/api/v1/model-edits')).status).toBe(401);
  });

  it('starts from a scenario with an edit half-applied, which the clock lands', async () => {
    const handles = await door.emulator.loadScenario({
      ...modelScenario,
      workspaces: [
        {
          ...modelScenario.workspaces[0],
          modelEdits: [
            { id: 'me_half', releaseId: 'rel_help', prompt: PROMPT, correctedReply: FIX, status: 'applying' },
            { id: 'me_live', releaseId: 'rel_help', prompt: 'Where are audit logs?', correctedReply: 'Under Settings.' },
          ],
        },
        modelScenario.workspaces[1],
      ],
    } as Parameters<typeof door.emulator.loadScenario>[0]);
    expect(handles.workspaces[0]?.modelEdits).toEqual([
      { id: 'me_half', status: 'applying' },
      { id: 'me_live', status: 'applied' },
    ]);
    expect((await chat('Where are audit logs?')).message.content).toBe('Under Settings.');
    expect((await chat(PROMPT)).message.content).not.toBe(FIX);
    await advance(5000);
    expect((await call('GET', '/api/v1/model-edits/me_half', full)).body).toMatchObject({ status: 'applied', createdBy: 'u_owner' });
    expect((await chat(PROMPT)).message.content).toBe(FIX);
    const bad = await door.fetch('/__emulator/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...modelScenario, workspaces: [{ ...modelScenario.workspaces[0], modelEdits: [{ releaseId: 'rel_nope', prompt: 'x', correctedReply: 'y' }] }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('modelEdits[0].releaseId');
  });
});
