// QA through every door on every driver: suites and tests, runs on the emulator clock (queued ->
// running -> completed | failed | cancelled), replies equal to chat's, the judge's scores,
// multi-release runs, estimate-run, calibrate, export and import, auth, tenants and bad input.
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { QaRunSchema, QaSuiteSchema } from '../../src/types/qa.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, carol, dan } from '../support/identity.js';

const TESTS = [
  { question: 'How do I reset my password?', expectedAnswer: 'Open Account security and choose reset password; a reset link is emailed.', criteria: ['reset password'] },
  { question: 'Can I get a refund on my invoice?', expectedAnswer: 'Refunds for annual plans are prorated; contact billing to request one.' },
];

describe.each(MATRIX)('qa: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const key = () => ({ key: door.key('key_full') });
  const advance = (advanceMs: number) => door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
  const makeSuite = async () => QaSuiteSchema.parse((await call('POST', '/api/v1/qa/suites', alice, { title: 'Help basics', tests: TESTS })).body);
  const getRun = async (id: string) => QaRunSchema.parse((await call('GET', `/api/v1/qa/runs/${id}`, key())).body);

  it('creates, reads, lists, updates and deletes suites and their tests', async () => {
    const res = await call('POST', '/api/v1/qa/suites', alice, { title: 'Help basics', description: 'Smoke', tests: TESTS });
    expect(res.status).toBe(201);
    const suite = QaSuiteSchema.parse(res.body);
    expect(suite).toMatchObject({ title: 'Help basics', description: 'Smoke', workspaceId: 'ws_acme', passThreshold: 0.2 });
    expect(suite.tests.map((t) => [t.question, t.criteria])).toEqual([
      [TESTS[0]!.question, ['reset password']],
      [TESTS[1]!.question, []],
    ]);
    expect((await call('GET', `/api/v1/qa/suites/${suite._id}`, carol)).body).toEqual(res.body);
    const list = await call('GET', '/api/v1/qa/suites', key());
    expect(list.body).toMatchObject({ total: 1, hasMore: false, data: [{ _id: suite._id }] });
    const patched = await call('PATCH', `/api/v1/qa/suites/${suite._id}`, alice, { title: 'Renamed', description: null, passThreshold: 0.5 });
    expect(patched.body).toMatchObject({ title: 'Renamed', passThreshold: 0.5 });
    expect('description' in patched.body).toBe(false);
    const added = await call('POST', `/api/v1/qa/suites/${suite._id}/tests`, alice, { question: 'What is SSO?', expectedAnswer: 'Single sign-on.' });
    expect(added.status).toBe(201);
    const testId = added.body._id as string;
    expect((await call('PATCH', `/api/v1/qa/suites/${suite._id}/tests/${testId}`, alice, { criteria: ['sign'] })).body).toMatchObject({ _id: testId, criteria: ['sign'] });
    expect((await call('DELETE', `/api/v1/qa/suites/${suite._id}/tests/${testId}`, alice)).body).toEqual({ status: 'ok', _id: testId });
    expect((await call('DELETE', `/api/v1/qa/suites/${suite._id}/tests/${testId}`, alice)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/qa/suites/${suite._id}`, alice)).body).toEqual({ status: 'ok', _id: suite._id });
    expect((await call('GET', `/api/v1/qa/suites/${suite._id}`, alice)).status).toBe(404);
  });

  it('runs a suite on the clock and answers with the reply chat gives the same question', async () => {
    const suite = await makeSuite();
    const created = await call('POST', '/api/v1/qa/runs', key(), { suiteId: suite._id, releaseId: 'rel_help' });
    expect(created.status).toBe(202);
    const run = QaRunSchema.parse(created.body);
    expect(run).toMatchObject({ kind: 'single', status: 'queued', releaseIds: ['rel_help'], progress: { completed: 0, total: 2 }, results: [], summary: null, startedAt: null });
    await advance(1000);
    expect(await getRun(run._id)).toMatchObject({ status: 'running', progress: { completed: 0, total: 2 } });
    await advance(2000);
    const half = await getRun(run._id);
    expect(half).toMatchObject({ status: 'running', progress: { completed: 1, total: 2 }, summary: null });
    await advance(2000);
    const done = await getRun(run._id);
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    expect(done.results.map((r) => r.testId)).toEqual(suite.tests.map((t) => t._id));
    for (const r of done.results) {
      expect(r.judge).toMatchObject({ f1: expect.any(Number), precision: expect.any(Number), recall: expect.any(Number) });
      expect(r.passed).toBe(r.score >= 0.2);
      expect(r.model).toBe('gpt-4o-mini');
    }
    expect(done.summary).toMatchObject({ total: 2, errored: 0, byRelease: [{ releaseId: 'rel_help', total: 2 }] });
    // Chat's own answer to the first question in a new thread is the run's reply, byte for byte.
    const user = { key: door.key('key_full'), headers: { 'x-external-user-id': 'qa-check' } };
    const thread = await call('POST', '/api/v1/chat/threads', user, { releaseId: 'rel_help' });
    const sent = await call('POST', `/api/v1/chat/threads/${thread.body.id}/messages`, user, { content: TESTS[0]!.question });
    expect(sent.status).toBe(200);
    expect(done.results[0]!.content).toBe(sent.body.message.content);
    expect(done.results[0]!.usage).toEqual(sent.body.usage);
  });

  it('scores the same on every replay of the same seed and requests', async () => {
    const scores = async () => {
      const suite = await makeSuite();
      const run = (await call('POST', '/api/v1/qa/runs', key(), { suiteId: suite._id, releaseId: 'rel_help' })).body;
      await advance(60_000);
      return (await getRun(run._id)).results.map((r) => [r._id, r.score, r.judge, r.content]);
    };
    const first = await scores();
    await door.emulator.reset();
    expect(await scores()).toEqual(first);
  });

  it('compares several releases in one multi-release run', async () => {
    const suite = await makeSuite();
    const res = await call('POST', '/api/v1/qa/multi-release-run', key(), { suiteId: suite._id, releaseIds: ['rel_help', 'rel_public'] });
    expect(res.status).toBe(202);
    await advance(1000 + 4 * 2000);
    const run = await getRun(res.body._id);
    expect(run).toMatchObject({ kind: 'multi-release', status: 'completed', progress: { completed: 4, total: 4 } });
    expect(run.results.map((r) => r.releaseId)).toEqual(['rel_help', 'rel_help', 'rel_public', 'rel_public']);
    expect(run.summary!.byRelease.map((b) => [b.releaseId, b.total])).toEqual([
      ['rel_help', 2],
      ['rel_public', 2],
    ]);
  });

  it('fails a run whose release is gone, and cancels a running one (409 once finished)', async () => {
    const suite = await makeSuite();
    const failing = (await call('POST', '/api/v1/qa/runs', key(), { suiteId: suite._id, releaseId: 'rel_public' })).body;
    const other = (await call('POST', '/api/v1/qa/runs', key(), { suiteId: suite._id, releaseId: 'rel_help' })).body;
    await advance(3000);
    expect((await call('DELETE', '/api/v1/releases/rel_public', alice)).status).toBeLessThan(300);
    const cancelled = await call('POST', `/api/v1/qa/runs/${other._id}/cancel`, key());
    expect(cancelled.body).toMatchObject({ status: 'cancelled', progress: { completed: 1, total: 2 } });
    await advance(10_000);
    const failed = await getRun(failing._id);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'RELEASE_NOT_FOUND' }, progress: { completed: 1 } });
    expect((await getRun(other._id)).status).toBe('cancelled');
    expect((await call('POST', `/api/v1/qa/runs/${other._id}/cancel`, key())).status).toBe(409);
    const list = await call('GET', '/api/v1/qa/runs?status=failed', key());
    expect(list.body.data.map((r: { _id: string }) => r._id)).toEqual([failing._id]);
  });

  it('estimates tokens and cost with the chat tokenizer, creating no run', async () => {
    const suite = await makeSuite();
    const res = await call('POST', `/api/v1/qa/suites/${suite._id}/estimate-run`, key(), { releaseId: 'rel_help' });
    expect(res.status).toBe(200);
    const system = 'system: You are the Acme Cloud support assistant. Answer from the knowledge base and cite it.\n';
    const prompt = TESTS.reduce((n, t) => n + countTokens(`${system}user: ${t.question}`), 0);
    const completion = TESTS.reduce((n, t) => n + countTokens(t.expectedAnswer), 0);
    const cost = Math.round(((prompt * 0.15 + completion * 0.6) / 1e6) * 1e9) / 1e9;
    expect(res.body).toEqual({
      suiteId: suite._id,
      tests: 2,
      releases: [{ releaseId: 'rel_help', model: 'gpt-4o-mini', tests: 2, promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion, estimatedCostUsd: cost }],
      total: { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion, estimatedCostUsd: cost },
      runCreated: false,
    });
    expect((await call('GET', '/api/v1/qa/runs', key())).body.total).toBe(0);
  });

  it('calibrates the threshold to human labels and applies it on request', async () => {
    const suite = await makeSuite();
    const run = (await call('POST', '/api/v1/qa/multi-release-run', key(), { suiteId: suite._id, releaseIds: ['rel_help', 'rel_public'] })).body;
    await advance(60_000);
    const results = (await getRun(run._id)).results;
    const sorted = [...results].sort((a, b) => a.score - b.score);
    // Labels: the two best replies pass, the rest fail.
    const labels = results.map((r) => ({ resultId: r._id, passed: sorted.indexOf(r) >= 2 }));
    const res = await call('POST', `/api/v1/qa/suites/${suite._id}/calibrate`, alice, { runId: run._id, labels, apply: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ suiteId: suite._id, runId: run._id, previousThreshold: 0.2, labeled: 4, applied: true });
    if (sorted[1]!.score < sorted[2]!.score) expect(res.body.agreement).toBe(1);
    expect((await call('GET', `/api/v1/qa/suites/${suite._id}`, alice)).body.passThreshold).toBe(res.body.threshold);
    const bad = await call('POST', `/api/v1/qa/suites/${suite._id}/calibrate`, alice, { runId: run._id, labels: [{ resultId: 'nope', passed: true }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toBe('body.labels[0].resultId');
  });

  it('exports a suite as a download and imports it back; a bad document writes nothing', async () => {
    const suite = await makeSuite();
    const res = await door.fetch(`/api/v1/qa/suites/${suite._id}/export`, { headers: { 'x-api-key': door.key('key_full') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="qa-suite-${suite._id}.json"`);
    const doc = await res.json();
    expect(doc).toEqual({ format: 'service-emulator.qa-suite', version: 1, title: 'Help basics', passThreshold: 0.2, tests: TESTS });
    const imported = await call('POST', '/api/v1/qa/suites/import', dan, doc);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ workspaceId: 'ws_globex', title: 'Help basics', tests: [{ question: TESTS[0]!.question }, { question: TESTS[1]!.question }] });
    const broken = await call('POST', '/api/v1/qa/suites/import', alice, { ...doc, tests: [{ question: 'x' }] });
    expect(broken.status).toBe(400);
    expect(broken.body.error.details.issues.map((i: { path: string }) => i.path)).toContain('body.tests[0].expectedAnswer');
    expect((await call('GET', '/api/v1/qa/suites', alice)).body.total).toBe(1);
  });

  it('copies suites and their tests into a workspace clone, under new ids', async () => {
    const suite = await makeSuite();
    const job = (await call('POST', '/api/v1/workspaces/ws_acme/clone', alice, { name: 'Acme QA copy' })).body;
    await advance(2000);
    const copyId = (await call('GET', `/api/v1/workspaces/clone-jobs/${job.jobId}`, alice)).body.workspaceId as string;
    const copied = await call('GET', '/api/v1/qa/suites', { user: 'user_alice', headers: { 'x-workspace-id': copyId } });
    expect(copied.body.data.map((s: { title: string; tests: unknown[] }) => [s.title, s.tests.length])).toEqual([['Help basics', 2]]);
    expect(copied.body.data[0]._id).not.toBe(suite._id);
  });

  it('keeps workspaces apart and holds keys to the fine-tune scopes', async () => {
    const suite = await makeSuite();
    const run = (await call('POST', '/api/v1/qa/runs', key(), { suiteId: suite._id, releaseId: 'rel_help' })).body;
    const globex = { key: door.key('key_globex') };
    expect((await call('GET', `/api/v1/qa/suites/${suite._id}`, globex)).status).toBe(404);
    expect((await call('GET', `/api/v1/qa/runs/${run._id}`, dan)).status).toBe(404);
    expect((await call('POST', `/api/v1/qa/runs/${run._id}/cancel`, globex)).status).toBe(404);
    expect((await call('POST', '/api/v1/qa/runs', globex, { suiteId: suite._id, releaseId: 'rel_globex' })).status).toBe(404);
    expect((await call('POST', '/api/v1/qa/runs', alice, { suiteId: suite._id, releaseId: 'rel_globex' })).status).toBe(404);
    expect((await call('GET', '/api/v1/qa/suites', globex)).body.total).toBe(0);
    const limited = await call('GET', '/api/v1/qa/suites', { key: door.key('key_read') });
    expect(limited.status).toBe(403);
    expect((await call('GET', '/api/v1/qa/suites')).status).toBe(401);
  });

  it('rejects bad input with 400 naming the field and writes nothing', async () => {
    const suite = await makeSuite();
    const empty = QaSuiteSchema.parse((await call('POST', '/api/v1/qa/suites', alice, { title: 'Empty' })).body);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/qa/suites', {}, 'body.title'],
      ['POST', '/api/v1/qa/suites', { title: 'x', passThreshold: 2 }, 'body.passThreshold'],
      ['POST', '/api/v1/qa/suites', { title: 'x', tests: [{ question: 'q' }] }, 'body.tests[0].expectedAnswer'],
      ['POST', `/api/v1/qa/suites/${suite._id}/tests`, { question: '', expectedAnswer: 'a' }, 'body.question'],
      ['POST', '/api/v1/qa/runs', { suiteId: suite._id }, 'body.releaseId'],
      ['POST', '/api/v1/qa/runs', { suiteId: empty._id, releaseId: 'rel_help' }, 'body.suiteId'],
      ['POST', '/api/v1/qa/multi-release-run', { suiteId: suite._id, releaseIds: ['rel_help'] }, 'body.releaseIds'],
      ['POST', '/api/v1/qa/multi-release-run', { suiteId: suite._id, releaseIds: ['rel_help', 'rel_help'] }, 'body.releaseIds'],
      ['POST', `/api/v1/qa/suites/${suite._id}/estimate-run`, {}, 'body.releaseId'],
      ['POST', `/api/v1/qa/suites/${suite._id}/calibrate`, { runId: 'r', labels: [] }, 'body.labels'],
      ['POST', '/api/v1/qa/suites/import', { format: 'other', version: 1, title: 't', passThreshold: 0.2, tests: [] }, 'body.format'],
    ];
    for (const [method, path, body, issue] of cases) {
      const res = await call(method, path, alice, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(issue);
    }
    expect((await call('GET', '/api/v1/qa/suites', alice)).body.total).toBe(2);
    expect((await call('GET', '/api/v1/qa/runs', alice)).body.total).toBe(0);
  });
});
