// What a workspace clone carries of the model lifecycle, through every door on every driver:
// definitions come along under new ids (succeeded training data with its pairs, fine-tune jobs,
// QA suites with their tests, arena presets, style patterns), run history stays behind.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, modelScenario } from '../support/model-scenario.js';
import { useDoor } from '../support/use-door.js';

const full = { key: FULL_KEY };
const owner = { user: 'u_owner' };
const ownerIn = (ws: string) => ({ user: 'u_owner', headers: { 'x-workspace-id': ws } });

describe.each(MATRIX)('workspace clone of the model lifecycle: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: modelScenario });
  const { call } = door;
  const flush = () => door.fetch('/__emulator/jobs/flush', { method: 'POST' });
  const list = async (path: string, as: object) => (await call('GET', path, as)).body.data as Record<string, unknown>[];

  it('carries definitions under new ids and leaves run history behind', async () => {
    // Source: a succeeded set (12 pairs) and a failed one; a trained job, a created one, a cancelled one.
    const good = (await call('POST', '/api/v1/training-data/generate', full, { fileIds: ['file_guide'], title: 'Guide pairs' })).body._id as string;
    await flush();
    // A set whose transcript goes before the job reads it fails.
    const bad = (await call('POST', '/api/v1/training-data/generate', full, { transcriptIds: ['tr_support'], title: 'Gone' })).body._id as string;
    expect((await call('DELETE', '/api/v1/transcripts/tr_support', full)).status).toBe(200);
    await flush();
    expect((await call('GET', `/api/v1/training-data/${bad}`, full)).body.status).toBe('failed');
    const trained = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o-mini', trainingData: good, title: 'Trained', start: true })).body._id as string;
    await flush();
    const fresh = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o', trainingData: good, title: 'Fresh', epochs: 2 })).body._id as string;
    const stopped = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o', trainingData: good, title: 'Stopped', start: true })).body._id as string;
    await call('POST', `/api/v1/fine-tune/${stopped}/cancel`, full);
    const orphan = (await call('POST', '/api/v1/fine-tune', full, { baseModel: 'gpt-4o', trainingData: bad, title: 'On failed data' })).body._id as string;
    const suite = (await call('POST', '/api/v1/qa/suites', full, { title: 'Suite', tests: [{ question: 'How do invitations expire?', expectedAnswer: 'After seven days.' }] })).body;
    const run = (await call('POST', '/api/v1/qa/runs', full, { suiteId: suite._id, releaseId: 'rel_help' })).body._id as string;
    await flush();
    expect((await call('GET', `/api/v1/qa/runs/${run}`, full)).body.status).toBe('completed');
    const preset = (await call('POST', '/api/v1/arena-presets', full, { title: 'Pair', variants: [{ releaseId: 'rel_help' }, { releaseId: 'rel_help', model: 'gpt-4o' }] })).body;
    const pattern = (await call('POST', '/api/v1/style-patterns', full, { title: 'Brief', description: 'Short answers', rules: ['At most three sentences.'], releaseIds: ['rel_help'] })).body;

    // The clone flow: queue, let the clock finish the job, read the new workspace.
    const job = await call('POST', '/api/v1/workspaces/ws_acme/clone', owner, { name: 'Acme copy' });
    expect(job.status).toBe(202);
    await flush();
    const done = (await call('GET', `/api/v1/workspaces/clone-jobs/${job.body.jobId}`, owner)).body;
    expect(done.status).toBe('completed');
    const copy = ownerIn(done.workspaceId as string);

    const sets = await list('/api/v1/training-data', copy);
    expect(sets.map((s) => [s.title, s.status, s.pairCount])).toEqual([['Guide pairs', 'succeeded', 12]]);
    expect(sets[0]!._id).not.toBe(good);
    const pairs = (await call('GET', `/api/v1/training-data/${sets[0]!._id}/pairs?limit=100`, copy)).body.data;
    expect(pairs).toEqual((await call('GET', `/api/v1/training-data/${good}/pairs?limit=100`, full)).body.data);

    const jobs = await list('/api/v1/fine-tune', copy);
    expect(jobs.map((j) => [j.title, j.status, j.trainingData])).toEqual([
      ['Trained', 'succeeded', sets[0]!._id],
      ['Fresh', 'created', sets[0]!._id],
      ['Stopped', 'created', sets[0]!._id],
    ]);
    expect(jobs.map((j) => j._id)).not.toContain(trained);
    expect(jobs[0]).toMatchObject({ fineTunedModel: `ft:gpt-4o-mini:${jobs[0]!._id}`, copiedFrom: { workspaceId: 'ws_acme', fineTuneId: trained } });
    expect(jobs[1]).toMatchObject({ hyperparameters: { epochs: 2 }, lossCurve: [], fineTunedModel: null });
    expect(jobs.some((j) => j.title === 'On failed data')).toBe(false);
    expect(orphan).toBeTruthy();
    // A carried definition starts and trains in the clone like any other.
    await call('POST', `/api/v1/fine-tune/${jobs[1]!._id}/start`, copy);
    await flush();
    expect((await call('GET', `/api/v1/fine-tune/${jobs[1]!._id}`, copy)).body).toMatchObject({ status: 'succeeded', trainedPairs: 12 });

    const suites = await list('/api/v1/qa/suites', copy);
    expect(suites.map((s) => [s.title, (s.tests as unknown[]).length])).toEqual([['Suite', 1]]);
    expect(suites[0]!._id).not.toBe(suite._id);
    expect((await call('GET', '/api/v1/qa/runs', copy)).body.total).toBe(0);

    const presets = await list('/api/v1/arena-presets', copy);
    expect(presets.map((p) => [p.title, p.variants])).toEqual([['Pair', preset.variants]]);
    expect(presets[0]!._id).not.toBe(preset._id);
    const patterns = await list('/api/v1/style-patterns', copy);
    expect(patterns.map((p) => [p.title, p.description, p.rules, p.releaseIds])).toEqual([['Brief', 'Short answers', ['At most three sentences.'], ['rel_help']]]);
    expect(patterns[0]!._id).not.toBe(pattern._id);

    // The source keeps all of its own.
    expect((await call('GET', '/api/v1/fine-tune', full)).body.total).toBe(4);
    expect((await call('GET', '/api/v1/training-data', full)).body.total).toBe(2);
  });
});
