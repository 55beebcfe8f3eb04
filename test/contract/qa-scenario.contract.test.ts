// Scenario sections of the QA areas through every door on every driver: suites with tests, runs in
// every state (queued, half-way at `now`, completed, failed, cancelled, arena, trust), arena presets
// and style patterns; the half-way run finishes as the clock moves; a bad section is a 400.
import { describe, expect, it } from 'vitest';
import { QaRunSchema } from '../../src/types/qa.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHAT_KEY, chatScenario } from '../support/chat-scenario.js';

const base = chatScenario;
const TESTS = [
  { id: 'qt_reset', question: 'How do I reset my password?', expectedAnswer: 'Use the reset password link in Account security.' },
  { id: 'qt_refund', question: 'Can I get a refund?', expectedAnswer: 'Annual plans are refunded pro rata.' },
];
const SECTIONS = {
  arenaPresets: [{ id: 'ap_models', title: 'Models', variants: [{ releaseId: 'rel_help' }, { releaseId: 'rel_help', model: 'gpt-4o' }] }],
  stylePatterns: [{ id: 'sp_brief', title: 'Brief', rules: ['At most three sentences.'], releaseIds: ['rel_help'] }],
  qaSuites: [
    {
      id: 'qs_help',
      title: 'Help basics',
      tests: TESTS,
      runs: [
        { id: 'qr_queued', releaseIds: ['rel_help'], status: 'queued' },
        { id: 'qr_half', releaseIds: ['rel_help'], status: 'running', completed: 1 },
        { id: 'qr_done', kind: 'multi-release', releaseIds: ['rel_help', 'rel_anon'], status: 'completed' },
        { id: 'qr_failed', releaseIds: ['rel_help'], status: 'failed', completed: 1, error: 'Upstream model timed out' },
        { id: 'qr_cancelled', releaseIds: ['rel_help'], status: 'cancelled' },
        { id: 'qr_arena', kind: 'arena', variants: [{ releaseId: 'rel_help' }, { releaseId: 'rel_anon' }], status: 'completed' },
        { id: 'qr_trust', kind: 'trust', releaseIds: ['rel_help'], status: 'completed' },
        { id: 'qr_down', releaseIds: ['rel_down'], status: 'completed' },
      ],
    },
  ],
};
const scenario = { ...base, name: 'qa-sections', workspaces: base.workspaces.map((ws) => (ws.id === 'ws_acme' ? { ...ws, ...SECTIONS } : ws)) };

describe.each(MATRIX)('qa scenario sections: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  const { call } = door;
  const key = () => ({ key: CHAT_KEY });
  const run = async (id: string) => QaRunSchema.parse((await call('GET', `/api/v1/qa/runs/${id}`, key())).body);
  const advance = (advanceMs: number) => door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });

  it('loads suites, presets, patterns and runs in every state', async () => {
    expect((await call('GET', '/api/v1/qa/suites/qs_help', key())).body.tests.map((t: { _id: string }) => t._id)).toEqual(['qt_reset', 'qt_refund']);
    expect((await call('GET', '/api/v1/arena-presets/ap_models', key())).body.variants).toHaveLength(2);
    expect((await call('GET', '/api/v1/style-patterns?releaseId=rel_help', key())).body.data[0]._id).toBe('sp_brief');
    const list = (await call('GET', '/api/v1/qa/runs', key())).body.data.map((r: { _id: string; status: string; progress: { completed: number } }) => [r._id, r.status, r.progress.completed]);
    expect(list).toEqual([
      ['qr_queued', 'queued', 0],
      ['qr_half', 'running', 1],
      ['qr_done', 'completed', 4],
      ['qr_failed', 'failed', 1],
      ['qr_cancelled', 'cancelled', 0],
      ['qr_arena', 'completed', 2],
      ['qr_down', 'completed', 2],
    ]);
    // Every assistant of rel_down fails: each result records it, and none passes.
    expect((await run('qr_down')).summary).toMatchObject({ total: 2, passed: 0, errored: 2 });
    expect((await run('qr_down')).results[0]!.error).toMatch(/assistant/);
    expect((await run('qr_failed')).error).toEqual({ code: 'RUN_FAILED', message: 'Upstream model timed out' });
    expect((await run('qr_arena')).results[0]!.arenaVariants).toHaveLength(2);
    expect((await call('GET', '/api/v1/trust/runs/qr_trust', key())).body).toMatchObject({ status: 'completed', verification: { status: 'unsigned' } });
  });

  it('moves the loaded runs along the clock', async () => {
    await advance(1000);
    expect((await run('qr_queued')).status).toBe('running');
    await advance(1000);
    expect(await run('qr_half')).toMatchObject({ status: 'completed', progress: { completed: 2, total: 2 } });
    await advance(10_000);
    expect((await run('qr_queued')).status).toBe('completed');
    expect((await run('qr_cancelled')).status).toBe('cancelled');
  });

  it('starts with a run that fails on the clock (failAfter), its failure hidden until it happens', async () => {
    const failing = {
      ...scenario,
      workspaces: scenario.workspaces.map((ws) =>
        ws.id === 'ws_acme'
          ? { ...ws, qaSuites: [{ id: 'qs_f', title: 'Failing', tests: TESTS, runs: [{ id: 'qr_failing', releaseIds: ['rel_help'], status: 'running', completed: 1, failAfter: 1, error: 'Judge quota exhausted' }] }] }
          : ws,
      ),
    };
    const res = await door.fetch('/__emulator/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(failing) });
    expect(res.status).toBe(200);
    expect(await run('qr_failing')).toMatchObject({ status: 'running', error: null, progress: { completed: 1, total: 2 }, summary: null });
    await advance(1999);
    expect((await run('qr_failing')).status).toBe('running');
    await advance(1);
    const failed = await run('qr_failing');
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'RUN_FAILED', message: 'Judge quota exhausted' }, progress: { completed: 1, total: 2 } });
    expect(failed.summary).toMatchObject({ total: 1 });
    await advance(10_000);
    expect((await run('qr_failing')).results).toHaveLength(1);
    // failAfter needs a run that is not finished, and fewer results than the run has.
    for (const [spec, message] of [
      [{ releaseIds: ['rel_help'], status: 'completed', failAfter: 1 }, 'workspaces[0].qaSuites[0].runs[0].failAfter'],
      [{ releaseIds: ['rel_help'], status: 'running', completed: 1, failAfter: 0 }, 'workspaces[0].qaSuites[0].runs[0].failAfter'],
      [{ releaseIds: ['rel_help'], status: 'queued', failAfter: 2 }, 'failAfter'],
    ] as const) {
      const bad = { ...failing, workspaces: failing.workspaces.map((ws) => (ws.id === 'ws_acme' ? { ...ws, qaSuites: [{ title: 'x', tests: TESTS, runs: [spec] }] } : ws)) };
      const refused = await door.fetch('/__emulator/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bad) });
      expect(refused.status, JSON.stringify(spec)).toBe(400);
      expect(await refused.text(), JSON.stringify(spec)).toContain(message);
    }
    expect((await run('qr_failing')).status).toBe('failed');
  });

  it('refuses a bad section with a 400 naming the path, and keeps the state', async () => {
    const bad = {
      ...scenario,
      workspaces: scenario.workspaces.map((ws) =>
        ws.id === 'ws_acme' ? { ...ws, ...SECTIONS, qaSuites: [{ title: 'x', tests: [{ question: 'q' }], runs: [{ status: 'sleeping' }] }] } : ws,
      ),
    };
    const res = await door.fetch('/__emulator/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bad) });
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['workspaces[0].qaSuites[0].tests[0].expectedAnswer', 'workspaces[0].qaSuites[0].runs[0].status']));
    const missing = {
      ...scenario,
      workspaces: scenario.workspaces.map((ws) => (ws.id === 'ws_acme' ? { ...ws, qaSuites: [{ title: 'x', tests: TESTS.slice(0, 1).map(({ id: _, ...t }) => t), runs: [{ releaseIds: ['rel_other'], status: 'queued' }] }] } : ws)),
    };
    const res2 = await door.fetch('/__emulator/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(missing) });
    expect(res2.status).toBe(400);
    expect((await call('GET', '/api/v1/qa/suites', key())).body.total).toBe(1);
  });
});
