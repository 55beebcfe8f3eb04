// Arena presets, arena runs (side-by-side variants, the judge's pick), style patterns and trust
// runs (unsigned, as the spec says) through every door on every driver, with tenants and bad input.
import { describe, expect, it } from 'vitest';
import { ArenaPresetSchema, QaRunSchema, QaSuiteSchema, StylePatternSchema, TrustRunSchema } from '../../src/types/qa.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { alice, bob, carol, dan } from '../support/identity.js';

const TESTS = [
  { question: 'How do I turn on two-factor authentication?', expectedAnswer: 'Go to Account security and enable two-factor authentication with an authenticator app.' },
  { question: 'Why do I see conflicted copies when syncing?', expectedAnswer: 'Conflicted copies appear when the same file changes on two devices before sync finishes.' },
];
const VARIANTS = [
  { label: 'Help', releaseId: 'rel_help' },
  { label: 'Help on 4o', releaseId: 'rel_help', model: 'gpt-4o', temperature: 0.9 },
  { releaseId: 'rel_public' },
];

describe.each(MATRIX)('arena, style patterns and trust: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const key = () => ({ key: door.key('key_full') });
  const advance = (advanceMs: number) => door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
  const makeSuite = async () => QaSuiteSchema.parse((await call('POST', '/api/v1/qa/suites', alice, { title: 'Arena basics', tests: TESTS })).body);

  it('creates, reads, lists, updates and deletes arena presets', async () => {
    const res = await call('POST', '/api/v1/arena-presets', alice, { title: 'Models', variants: VARIANTS });
    expect(res.status).toBe(201);
    const preset = ArenaPresetSchema.parse(res.body);
    expect(preset).toMatchObject({ title: 'Models', workspaceId: 'ws_acme', variants: VARIANTS });
    expect((await call('GET', `/api/v1/arena-presets/${preset._id}`, carol)).body).toEqual(res.body);
    expect((await call('GET', '/api/v1/arena-presets', key())).body).toMatchObject({ total: 1, data: [{ _id: preset._id }] });
    const patched = await call('PATCH', `/api/v1/arena-presets/${preset._id}`, bob, { title: 'Two', variants: VARIANTS.slice(0, 2) });
    expect(patched.body).toMatchObject({ title: 'Two', variants: VARIANTS.slice(0, 2) });
    expect((await call('DELETE', `/api/v1/arena-presets/${preset._id}`, alice)).body).toEqual({ status: 'ok', _id: preset._id });
    expect((await call('GET', `/api/v1/arena-presets/${preset._id}`, alice)).status).toBe(404);
    expect((await call('POST', '/api/v1/arena-presets', carol, { title: 'x', variants: VARIANTS })).status).toBe(403);
  });

  it('runs an arena: every variant answers each test, the judge selects the best', async () => {
    const suite = await makeSuite();
    const preset = (await call('POST', '/api/v1/arena-presets', alice, { title: 'Models', variants: VARIANTS })).body;
    const res = await call('POST', '/api/v1/qa/arena-run', key(), { suiteId: suite._id, presetId: preset._id });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'arena', status: 'queued', releaseIds: ['rel_help', 'rel_public'], progress: { total: 2 } });
    await advance(1000 + 2000);
    const half = QaRunSchema.parse((await call('GET', `/api/v1/qa/runs/${res.body._id}`, key())).body);
    expect(half.progress.completed).toBe(1);
    await advance(2000);
    const run = QaRunSchema.parse((await call('GET', `/api/v1/qa/runs/${res.body._id}`, key())).body);
    expect(run.status).toBe('completed');
    expect(run.variants.map((v) => [v.label, v.model, v.temperature])).toEqual([
      ['Help', null, null],
      ['Help on 4o', 'gpt-4o', 0.9],
      ['Variant 3', null, null],
    ]);
    for (const result of run.results) {
      expect(result.arenaExpectedVariants).toBe(3);
      expect(result.arenaStreamingStatus).toBe('complete');
      const sides = result.arenaVariants!;
      expect(sides.map((s) => [s.index, s.model])).toEqual([
        [0, 'gpt-4o-mini'],
        [1, 'gpt-4o'],
        [2, 'gpt-4o-mini'],
      ]);
      const best = Math.max(...sides.map((s) => s.score));
      expect(result.arenaSelectedIndex).toBe(sides.findIndex((s) => s.score === best));
      expect(result.content).toBe(sides[result.arenaSelectedIndex!]!.content);
      expect(result.score).toBe(best);
    }
    const wins = run.summary!.byRelease.map((b) => b.wins);
    expect(wins.reduce((a, b) => a! + b!, 0)).toBe(2);
    // Inline variants give the same answers as the preset they copy.
    const inline = await call('POST', '/api/v1/qa/arena-run', key(), { suiteId: suite._id, variants: VARIANTS });
    await advance(10_000);
    const again = QaRunSchema.parse((await call('GET', `/api/v1/qa/runs/${inline.body._id}`, key())).body);
    expect(again.results.map((r) => [r.arenaSelectedIndex, r.arenaVariants!.map((s) => s.score)])).toEqual(
      run.results.map((r) => [r.arenaSelectedIndex, r.arenaVariants!.map((s) => s.score)]),
    );
  });

  it('runs a trust benchmark that completes on the clock, honestly unsigned', async () => {
    const suite = await makeSuite();
    const res = await call('POST', '/api/v1/trust/runs', key(), { suiteId: suite._id, releaseId: 'rel_help' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'trust', status: 'queued', verification: { status: 'unsigned', signature: null } });
    expect(res.body.verification.reason).toMatch(/skeleton/);
    await advance(1000 + 2 * 2000);
    const run = TrustRunSchema.parse((await call('GET', `/api/v1/trust/runs/${res.body._id}`, alice)).body);
    expect(run).toMatchObject({ status: 'completed', progress: { completed: 2, total: 2 }, verification: { status: 'unsigned' } });
    expect((await call('GET', '/api/v1/trust/runs', key())).body).toMatchObject({ total: 1, data: [{ _id: run._id }] });
    // Trust runs and QA runs are listed apart.
    expect((await call('GET', '/api/v1/qa/runs', key())).body.total).toBe(0);
    expect((await call('GET', `/api/v1/qa/runs/${run._id}`, key())).status).toBe(404);
  });

  it('creates, filters, updates and deletes style patterns', async () => {
    const res = await call('POST', '/api/v1/style-patterns', alice, { title: 'Brief', rules: ['At most three sentences.'], releaseIds: ['rel_help'] });
    expect(res.status).toBe(201);
    const pattern = StylePatternSchema.parse(res.body);
    expect(pattern).toMatchObject({ title: 'Brief', rules: ['At most three sentences.'], releaseIds: ['rel_help'], workspaceId: 'ws_acme' });
    await call('POST', '/api/v1/style-patterns', alice, { title: 'Formal', rules: ['No contractions.'] });
    expect((await call('GET', '/api/v1/style-patterns', key())).body.total).toBe(2);
    expect((await call('GET', '/api/v1/style-patterns?releaseId=rel_help', key())).body.data.map((p: { title: string }) => p.title)).toEqual(['Brief']);
    const patched = await call('PATCH', `/api/v1/style-patterns/${pattern._id}`, alice, { releaseIds: ['rel_public'], description: 'Short' });
    expect(patched.body).toMatchObject({ releaseIds: ['rel_public'], description: 'Short' });
    expect((await call('DELETE', `/api/v1/style-patterns/${pattern._id}`, alice)).body).toEqual({ status: 'ok', _id: pattern._id });
    expect((await call('GET', `/api/v1/style-patterns/${pattern._id}`, alice)).status).toBe(404);
  });

  it('keeps workspaces apart', async () => {
    const suite = await makeSuite();
    const preset = (await call('POST', '/api/v1/arena-presets', alice, { title: 'Models', variants: VARIANTS })).body;
    const pattern = (await call('POST', '/api/v1/style-patterns', alice, { title: 'Brief', rules: ['Short.'] })).body;
    const trust = (await call('POST', '/api/v1/trust/runs', key(), { suiteId: suite._id, releaseId: 'rel_help' })).body;
    const globex = { key: door.key('key_globex') };
    for (const path of [`/api/v1/arena-presets/${preset._id}`, `/api/v1/style-patterns/${pattern._id}`, `/api/v1/trust/runs/${trust._id}`]) {
      expect((await call('GET', path, globex)).status, path).toBe(404);
      expect((await call('GET', path, dan)).status, path).toBe(404);
    }
    expect((await call('DELETE', `/api/v1/arena-presets/${preset._id}`, dan)).status).toBe(404);
    expect((await call('PATCH', `/api/v1/style-patterns/${pattern._id}`, dan, { title: 'B' })).status).toBe(404);
    // Another workspace's release or preset is unknown here.
    expect((await call('POST', '/api/v1/arena-presets', dan, { title: 'B', variants: VARIANTS })).status).toBe(404);
    expect((await call('POST', '/api/v1/style-patterns', dan, { title: 'B', rules: ['x'], releaseIds: ['rel_help'] })).status).toBe(404);
    expect((await call('POST', '/api/v1/qa/arena-run', globex, { suiteId: suite._id, presetId: preset._id })).status).toBe(404);
    expect((await call('GET', '/api/v1/arena-presets', globex)).body.total).toBe(0);
    expect((await call('GET', '/api/v1/trust/runs', globex)).body.total).toBe(0);
  });

  it('rejects bad input with 400 naming the field and writes nothing', async () => {
    const suite = await makeSuite();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/arena-presets', { title: 'x', variants: VARIANTS.slice(0, 1) }, 'body.variants'],
      ['POST', '/api/v1/arena-presets', { title: 'x', variants: [{ releaseId: 'rel_help', temperature: 3 }, VARIANTS[0]] }, 'body.variants[0].temperature'],
      ['POST', '/api/v1/qa/arena-run', { suiteId: suite._id }, 'body.variants'],
      ['POST', '/api/v1/qa/arena-run', { suiteId: suite._id, presetId: 'p', variants: VARIANTS }, 'body.variants'],
      ['POST', '/api/v1/style-patterns', { title: 'x', rules: [] }, 'body.rules'],
      ['POST', '/api/v1/style-patterns', { title: 'x', rules: ['a'], releaseIds: ['rel_help', 'rel_help'] }, 'body.releaseIds'],
      ['POST', '/api/v1/trust/runs', { suiteId: suite._id }, 'body.releaseId'],
      ['POST', '/api/v1/trust/runs', { suiteId: suite._id, releaseId: 'rel_help', signed: true }, 'body.signed'],
    ];
    for (const [method, path, body, issue] of cases) {
      const res = await call(method, path, alice, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(issue);
    }
    expect((await call('GET', '/api/v1/arena-presets', alice)).body.total).toBe(0);
    expect((await call('GET', '/api/v1/style-patterns', alice)).body.total).toBe(0);
    expect((await call('GET', '/api/v1/trust/runs', alice)).body.total).toBe(0);
    expect((await call('GET', '/api/v1/qa/runs', alice)).body.total).toBe(0);
  });
});
