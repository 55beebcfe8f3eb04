// Fine-tune jobs through every door on every driver: the clock moves a job through queued,
// validating and running (per-epoch progress, a seeded loss curve) to succeeded, failed or
// cancelled; a succeeded job's model answers chat through a release; bad input writes nothing.
import { describe, expect, it } from 'vitest';
import { FineTuneJobSchema } from '../../src/types/model-lifecycle.js';
import { QaSuiteSchema } from '../../src/types/qa.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, MODEL_NOW, OTHER_KEY, READ_KEY, modelScenario } from '../support/model-scenario.js';
import { useDoor } from '../support/use-door.js';

const full = { key: FULL_KEY };
const viewer = { user: 'u_viewer' };
const ownerIn = (ws: string) => ({ user: 'u_owner', headers: { 'x-workspace-id': ws } });

describe.each(MATRIX)('fine-tune: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: modelScenario });
  const { call } = door;
  const advance = async (advanceMs: number) => {
    const res = await door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
    expect(res.status).toBe(200);
  };
  const flush = () => door.fetch('/__emulator/jobs/flush', { method: 'POST' });
  /** A succeeded training-data set: 12 pairs from the guide, or 2 from the refund chat. */
  const trainingSet = async (source: object = { fileIds: ['file_guide'] }): Promise<string> => {
    const res = await call('POST', '/api/v1/training-data/generate', full, source);
    await flush();
    return res.body._id as string;
  };
  const status = async (id: string) => (await call('GET', `/api/v1/fine-tune/${id}/status`, full)).body;

  it('walks queued -> validating -> running (one step per epoch) -> succeeded with a model id', async () => {
    const data = await trainingSet();
    const res = await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data, title: 'Support tune' });
    expect(res.status).toBe(201);
    const job = FineTuneJobSchema.parse(res.body);
    expect(job).toMatchObject({ _id: job.id, title: 'Support tune', status: 'created', baseModel: 'gpt-4o-mini', trainingData: data, hyperparameters: { epochs: 3 }, fineTunedModel: null, lossCurve: [] });
    expect((await call('POST', `/api/v1/fine-tune/${job.id}/start`, full)).body).toMatchObject({ status: 'queued' });
    await advance(1000);
    expect((await status(job.id)).status).toBe('validating');
    await advance(2000);
    expect(await status(job.id)).toEqual({ _id: job.id, status: 'running', progress: { epoch: 0, totalEpochs: 3, percent: 0 }, lossCurve: [], fineTunedModel: null });
    await advance(60_000);
    const one = await status(job.id);
    expect(one).toMatchObject({ status: 'running', progress: { epoch: 1, totalEpochs: 3, percent: 33 } });
    expect(one.lossCurve).toHaveLength(1);
    await advance(120_000);
    const done = (await call('GET', `/api/v1/fine-tune/${job.id}`, full)).body;
    expect(done).toMatchObject({ status: 'succeeded', progress: { epoch: 3, percent: 100 }, trainedPairs: 12, fineTunedModel: `ft:gpt-4o-mini:${job.id}`, finishedAt: '2026-03-02T08:03:06.000Z' });
    expect(done.lossCurve.map((p: { epoch: number }) => p.epoch)).toEqual([1, 2, 3]);
    expect(done.lossCurve[0].loss).toBe(one.lossCurve[0].loss);
    expect(done.lossCurve[2].loss).toBeLessThan(done.lossCurve[0].loss);
    expect((await call('GET', '/api/v1/fine-tune', full)).body).toMatchObject({ total: 1, data: [{ _id: job.id, status: 'succeeded' }] });
  });

  it('fails validation with a clear reason when the training data has too few pairs', async () => {
    const data = await trainingSet({ transcriptIds: ['tr_support'] });
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o', trainingData: data, start: true })).body;
    expect(job.status).toBe('queued');
    await flush();
    expect(await status(job._id)).toMatchObject({
      status: 'failed',
      fineTunedModel: null,
      error: { code: 'insufficient_training_data', message: `Training data ${data} has 2 question/answer pairs; at least 10 are needed` },
    });
  });

  it('cancels a running job (the clock no longer moves it) and refuses moves that do not apply', async () => {
    const data = await trainingSet();
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data, start: true, epochs: 5 })).body;
    await advance(63_000);
    expect((await status(job._id)).progress.epoch).toBe(1);
    const cancelled = await call('POST', `/api/v1/fine-tune/${job._id}/cancel`, full);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', finishedAt: '2026-03-02T08:01:06.000Z' });
    await flush();
    expect(await status(job._id)).toMatchObject({ status: 'cancelled', progress: { epoch: 1 } });
    const again = await call('POST', `/api/v1/fine-tune/${job._id}/cancel`, full);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', details: { status: 'cancelled' } });
    expect((await call('POST', `/api/v1/fine-tune/${job._id}/start`, full)).status).toBe(409);
  });

  it('deletes a job', async () => {
    const data = await trainingSet();
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data, start: true })).body;
    expect((await call('DELETE', `/api/v1/fine-tune/${job._id}`, full)).body).toEqual({ _id: job._id, deleted: true });
    await flush();
    expect((await call('GET', `/api/v1/fine-tune/${job._id}`, full)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/fine-tune/${job._id}`, full)).status).toBe(404);
  });

  it('exports its training pairs as a new QA suite of the workspace, which runs like any other', async () => {
    const data = await trainingSet({ transcriptIds: ['tr_support'] });
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data, title: 'Refund tune' })).body;
    const res = await call('POST', `/api/v1/fine-tune/${job._id}/export-to-qa`, full, { limit: 1 });
    expect(res.status).toBe(201);
    const suite = QaSuiteSchema.parse(res.body);
    expect(suite).toMatchObject({ title: 'Refund tune (QA)', workspaceId: 'ws_acme', passThreshold: 0.2 });
    expect(suite.description).toContain(job._id);
    expect(suite.tests.map((t) => [t.question, t.expectedAnswer])).toEqual([['How long do refunds take?', 'Refunds reach your card within five business days.']]);
    // It is a real suite of the qa area: listed, readable, and it runs against a release.
    expect((await call('GET', `/api/v1/qa/suites/${suite._id}`, full)).body).toEqual(res.body);
    const all = await call('POST', `/api/v1/fine-tune/${job._id}/export-to-qa`, full, { title: 'All pairs', passThreshold: 0.5 });
    expect(all.body).toMatchObject({ title: 'All pairs', passThreshold: 0.5 });
    expect(all.body.tests).toHaveLength(2);
    expect((await call('GET', '/api/v1/qa/suites', full)).body.total).toBe(2);
    const run = await call('POST', '/api/v1/qa/runs', full, { suiteId: all.body._id, releaseId: 'rel_help' });
    expect(run.status).toBe(202);
    await flush();
    expect((await call('GET', `/api/v1/qa/runs/${run.body._id}`, full)).body).toMatchObject({ status: 'completed', progress: { completed: 2, total: 2 } });
    // A reader may not create suites; another workspace's job is unknown; no pairs is a conflict.
    expect((await call('POST', `/api/v1/fine-tune/${job._id}/export-to-qa`, { key: READ_KEY })).status).toBe(403);
    expect((await call('POST', `/api/v1/fine-tune/${job._id}/export-to-qa`, { key: OTHER_KEY })).status).toBe(404);
    await call('DELETE', `/api/v1/training-data/${data}`, full);
    const empty = await call('POST', `/api/v1/fine-tune/${job._id}/export-to-qa`, full);
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatchObject({ code: 'CONFLICT', details: { fineTuneId: job._id, trainingData: data } });
    expect((await call('GET', '/api/v1/qa/suites', full)).body.total).toBe(2);
  });

  it('copies a settled job from another workspace the caller belongs to, never from one it cannot reach', async () => {
    const data = await trainingSet();
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data, start: true })).body;
    const early = await call('POST', '/api/v1/fine-tune/copy-from', ownerIn('ws_globex'), { sourceWorkspaceId: 'ws_acme', fineTuneId: job._id });
    expect(early.status).toBe(409);
    await flush();
    const res = await call('POST', '/api/v1/fine-tune/copy-from', ownerIn('ws_globex'), { sourceWorkspaceId: 'ws_acme', fineTuneId: job._id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ workspaceId: 'ws_globex', status: 'succeeded', copiedFrom: { workspaceId: 'ws_acme', fineTuneId: job._id } });
    expect(res.body.fineTunedModel).toBe(`ft:gpt-4o-mini:${res.body._id}`);
    expect(res.body.trainingData).not.toBe(data);
    expect((await call('GET', `/api/v1/training-data/${res.body.trainingData}`, { key: OTHER_KEY })).body).toMatchObject({ status: 'succeeded', pairCount: 12 });
    expect((await call('GET', `/api/v1/fine-tune/${res.body._id}`, { key: OTHER_KEY })).status).toBe(200);
    // The copy's own model answers chat in the target workspace.
    await call('PATCH', '/api/v1/releases/rel_globex', { key: OTHER_KEY }, { assistant: { id: res.body.fineTunedModel, finetune: true } });
    const chat = await call('POST', '/api/v1/workspaces/ws_globex/chat/completions', { key: OTHER_KEY }, { releaseId: 'rel_globex', messages: [{ role: 'user', content: 'How do invitations expire?' }] });
    expect(chat.status).toBe(200);
    expect(chat.body.model).toBe(res.body.fineTunedModel);
    // A key reaches its own workspace only; an outsider is not a member of ws_acme.
    expect((await call('POST', '/api/v1/fine-tune/copy-from', { key: OTHER_KEY }, { sourceWorkspaceId: 'ws_acme', fineTuneId: job._id })).status).toBe(404);
    expect((await call('POST', '/api/v1/fine-tune/copy-from', { user: 'u_outsider' }, { sourceWorkspaceId: 'ws_acme', fineTuneId: job._id })).status).toBe(404);
  });

  it('answers chat with the fine-tuned model once a release names it; refuses an unfinished or unknown one', async () => {
    const data = await trainingSet();
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data, start: true })).body;
    const patched = await call('PATCH', '/api/v1/releases/rel_help', full, { assistant: { id: job._id, finetune: true } });
    expect(patched.status).toBe(200);
    expect(patched.body.assistant).toEqual({ id: job._id, finetune: true });
    const ask = () => call('POST', '/api/v1/workspaces/ws_acme/chat/completions', full, { releaseId: 'rel_help', messages: [{ role: 'user', content: 'How do invitations expire?' }] });
    const early = await ask();
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'CONFLICT', details: { model: job._id, status: 'queued' } });
    expect(early.body.error.message).toContain('not succeeded');
    await flush();
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.body.model).toBe(`ft:gpt-4o-mini:${job._id}`);
    expect(res.body.message.metadata).toMatchObject({ model: `ft:gpt-4o-mini:${job._id}`, assistant: { id: `ft:gpt-4o-mini:${job._id}`, finetune: true } });
    // A chat thread on the release answers with it too (the chat send path).
    const thread = await call('POST', '/api/v1/chat/threads', { user: 'u_owner' }, { releaseId: 'rel_help' });
    const sent = await call('POST', `/api/v1/chat/threads/${thread.body.id}/messages`, { user: 'u_owner' }, { content: 'How do invitations expire?' });
    expect(sent.status).toBe(200);
    expect(sent.body.message.metadata).toMatchObject({ model: `ft:gpt-4o-mini:${job._id}`, assistant: { finetune: true } });
    expect(sent.body.message.content).toBe(res.body.message.content);
    // The model id itself works as the assistant id too.
    await call('PATCH', '/api/v1/releases/rel_help', full, { assistant: { id: `ft:gpt-4o-mini:${job._id}`, finetune: true } });
    expect((await ask()).body.model).toBe(`ft:gpt-4o-mini:${job._id}`);
    await call('PATCH', '/api/v1/releases/rel_help', full, { assistant: { id: 'no-such-tune', finetune: true } });
    const unknown = await ask();
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.message).toBe('Fine-tuned model "no-such-tune" cannot answer: no such fine-tune in this workspace');
  });

  it('starts from a scenario with a job half-way through training, which the clock finishes', async () => {
    const pairs = Array.from({ length: 10 }, (_, i) => ({ question: `Question ${i}?`, answer: `Answer ${i}.` }));
    const handles = await door.emulator.loadScenario({
      ...modelScenario,
      workspaces: [
        {
          ...modelScenario.workspaces[0],
          trainingData: [{ id: 'td_seeded', title: 'Seeded pairs', pairs }],
          fineTunes: [
            { id: 'ft_half', baseModel: 'gpt-4o-mini', trainingData: 'td_seeded', status: 'running', epochs: 4, epoch: 2 },
            { id: 'ft_done', baseModel: 'gpt-4o', trainingData: 'td_seeded' },
          ],
        },
        modelScenario.workspaces[1],
      ],
    } as Parameters<typeof door.emulator.loadScenario>[0]);
    expect(handles.workspaces[0]).toMatchObject({
      trainingData: [{ id: 'td_seeded', title: 'Seeded pairs', status: 'succeeded' }],
      fineTunes: [
        { id: 'ft_half', status: 'running', fineTunedModel: null },
        { id: 'ft_done', status: 'succeeded', fineTunedModel: 'ft:gpt-4o:ft_done' },
      ],
    });
    expect((await call('GET', '/api/v1/training-data/td_seeded', full)).body).toMatchObject({ status: 'succeeded', pairCount: 10, progress: 100 });
    const half = await status('ft_half');
    expect(half).toMatchObject({ status: 'running', progress: { epoch: 2, totalEpochs: 4, percent: 50 } });
    expect(half.lossCurve).toHaveLength(2);
    await advance(60_000);
    expect((await status('ft_half')).progress.epoch).toBe(3);
    await advance(60_000);
    expect(await status('ft_half')).toMatchObject({ status: 'succeeded', fineTunedModel: 'ft:gpt-4o-mini:ft_half', progress: { epoch: 4, percent: 100 } });
    const bad = await door.fetch('/__emulator/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...modelScenario, workspaces: [{ ...modelScenario.workspaces[0], fineTunes: [{ baseModel: 'gpt-4o', trainingData: 'td_missing' }] }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('fineTunes[0].trainingData');
    expect((await status('ft_half')).status).toBe('succeeded');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const data = await trainingSet();
    const cases: [unknown, string][] = [
      [{ trainingData: data }, 'body.baseModel'],
      [{ baseModel: 'gpt-99', trainingData: data }, 'body.baseModel'],
      [{ baseModel: 'gpt-4o-mini' }, 'body.trainingData'],
      [{ baseModel: 'gpt-4o-mini', trainingData: 'td_nope' }, 'body.trainingData'],
      [{ baseModel: 'gpt-4o-mini', trainingData: data, epochs: 0 }, 'body.epochs'],
      [{ baseModel: 'gpt-4o-mini', trainingData: data, epochs: 2.5 }, 'body.epochs'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/v1/fine-tune', full, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(path);
    }
    const copy = await call('POST', '/api/v1/fine-tune/copy-from', full, { sourceWorkspaceId: 'ws_acme' });
    expect(JSON.stringify(copy.body.error.details)).toContain('body.fineTuneId');
    expect((await call('GET', '/api/v1/fine-tune', full)).body).toEqual({ data: [], hasMore: false, total: 0 });
  });

  it('holds keys to their scopes, members to their roles, and every caller to its workspace', async () => {
    const data = await trainingSet();
    const job = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: data })).body;
    // The training set's generation moved the clock 3 s.
    expect(job.createdAt).toBe(new Date(Date.parse(MODEL_NOW) + 3000).toISOString());
    expect((await call('GET', `/api/v1/fine-tune/${job._id}`, { key: READ_KEY })).status).toBe(200);
    expect((await call('POST', `/api/v1/fine-tune/${job._id}/start`, { key: READ_KEY })).status).toBe(403);
    expect((await call('GET', `/api/v1/fine-tune/${job._id}`, viewer)).status).toBe(200);
    expect((await call('POST', `/api/v1/fine-tune/${job._id}/cancel`, viewer)).status).toBe(403);
    expect((await call('GET', `/api/v1/fine-tune/${job._id}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call('POST', `/api/v1/fine-tune/${job._id}/start`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call('GET', `/api/v1/fine-tune/${job._id}/status`, ownerIn('ws_globex'))).status).toBe(404);
    expect((await call('GET', '/api/v1/fine-tune')).status).toBe(401);
  });
});
