// The QA area's public API: suites, runs of every kind (single, multi-release, arena, trust),
// estimates and calibration, over its stores, its run engine and the ports the wiring fills in.
import type { StoreDeps } from '../../core/services.js';
import type { QaCalibration, QaEstimate, QaEstimateLine, QaRunKind, QaRunVariant, QaSuite } from '../../types/qa.js';
import { badField, presetNotFound, releaseNotFound, suiteEmpty, suiteNotFound } from './errors.js';
import { calibrate } from './judge.js';
import type { QaPorts } from './ports.js';
import { QaRunEngine } from './run-engine.js';
import { QaRunStore, type RunRecord } from './run-store.js';
import type { ArenaRunInput, CalibrateInput, EstimateRunInput, VariantInput } from './schema.js';
import { QaSuiteStore } from './suite-store.js';

export interface NewRun {
  kind: QaRunKind;
  suiteId: string;
  releaseIds: string[];
  variants?: QaRunVariant[];
  title?: string;
  passThreshold?: number;
}

export class QaService {
  readonly suites: QaSuiteStore;
  readonly runs: QaRunStore;
  readonly engine: QaRunEngine;

  constructor(
    private readonly deps: StoreDeps,
    readonly ports: QaPorts,
  ) {
    this.suites = new QaSuiteStore(deps);
    this.runs = new QaRunStore(deps);
    this.engine = new QaRunEngine(deps, this.runs, ports);
  }

  async suite(workspaceId: string, suiteId: string): Promise<QaSuite> {
    const suite = await this.suites.get(workspaceId, suiteId);
    if (!suite) throw suiteNotFound();
    return suite;
  }

  private async checkReleases(workspaceId: string, ids: string[]): Promise<void> {
    for (const id of ids) if (!(await this.ports.replies.release(workspaceId, id))) throw releaseNotFound();
  }

  /** A run record ready to store: queued now, with the suite's tests copied in. */
  async prepare(workspaceId: string, input: NewRun, options: { id?: string; status?: RunRecord['status'] } = {}): Promise<RunRecord> {
    const suite = await this.suite(workspaceId, input.suiteId);
    if (suite.tests.length === 0) throw suiteEmpty();
    await this.checkReleases(workspaceId, input.releaseIds);
    const now = this.deps.clock.now();
    const kindName = { single: 'run', 'multi-release': 'multi-release run', arena: 'arena run', trust: 'trust run' }[input.kind];
    return {
      id: options.id ?? this.deps.ids.objectId(),
      workspaceId,
      suiteId: suite._id,
      kind: input.kind,
      title: input.title ?? `${suite.title} (${kindName})`,
      status: options.status ?? 'queued',
      releaseIds: input.releaseIds,
      variants: input.variants ?? [],
      tests: suite.tests.map((t) => ({ id: t._id, question: t.question, expectedAnswer: t.expectedAnswer, criteria: t.criteria })),
      passThreshold: input.passThreshold ?? suite.passThreshold,
      results: [],
      error: null,
      createdAt: now,
      startedAt: null,
      completedAt: null,
      updatedAt: now,
    };
  }

  async createRun(workspaceId: string, input: NewRun): Promise<RunRecord> {
    const run = await this.prepare(workspaceId, input);
    await this.engine.start(run);
    return run;
  }

  /** The arena's sides, from a preset or given inline; labels default to "Variant N". */
  async variantsOf(workspaceId: string, input: Pick<ArenaRunInput, 'presetId' | 'variants'>): Promise<QaRunVariant[]> {
    let given: VariantInput[] | undefined = input.variants;
    if (input.presetId !== undefined) {
      given = await this.ports.presets.variants(workspaceId, input.presetId);
      if (!given) throw presetNotFound();
      if (given.length < 2) throw badField('body.presetId', 'The preset needs at least two variants for an arena run');
    }
    return (given ?? []).map((v, i) => ({ label: v.label ?? `Variant ${i + 1}`, releaseId: v.releaseId, model: v.model ?? null, temperature: v.temperature ?? null }));
  }

  async createArenaRun(workspaceId: string, input: ArenaRunInput): Promise<RunRecord> {
    const variants = await this.variantsOf(workspaceId, input);
    const releaseIds = [...new Set(variants.map((v) => v.releaseId))];
    return this.createRun(workspaceId, { kind: 'arena', suiteId: input.suiteId, releaseIds, variants, title: input.title, passThreshold: input.passThreshold });
  }

  /**
   * Tokens and cost of running the suite, without creating a run: the prompt as chat assembles it
   * (system prompt, then the question) and the expected answer's length as the reply's.
   */
  async estimate(workspaceId: string, suiteId: string, input: EstimateRunInput): Promise<QaEstimate> {
    const suite = await this.suite(workspaceId, suiteId);
    const ids = input.releaseIds ?? [input.releaseId as string];
    const releases: QaEstimateLine[] = [];
    for (const id of ids) {
      const release = await this.ports.replies.release(workspaceId, id);
      if (!release) throw releaseNotFound();
      let promptTokens = 0;
      let completionTokens = 0;
      for (const test of suite.tests) {
        const system = release.systemPrompt ? `system: ${release.systemPrompt}\n` : '';
        promptTokens += await this.ports.pricing.count(`${system}user: ${test.question}`);
        completionTokens += await this.ports.pricing.count(test.expectedAnswer);
      }
      const usage = this.ports.pricing.usageOf(release.model, promptTokens, completionTokens);
      releases.push({ releaseId: id, model: release.model, tests: suite.tests.length, ...usage });
    }
    const sum = (k: 'promptTokens' | 'completionTokens' | 'totalTokens') => releases.reduce((a, r) => a + r[k], 0);
    const cost = Math.round(releases.reduce((a, r) => a + r.estimatedCostUsd, 0) * 1e9) / 1e9;
    return {
      suiteId,
      tests: suite.tests.length,
      releases,
      total: { promptTokens: sum('promptTokens'), completionTokens: sum('completionTokens'), totalTokens: sum('totalTokens'), estimatedCostUsd: cost },
      runCreated: false,
    };
  }

  /** Fits the suite's pass threshold to human labels on a run's results; `apply` saves it. */
  async calibrate(workspaceId: string, suiteId: string, input: CalibrateInput): Promise<QaCalibration> {
    const suite = await this.suite(workspaceId, suiteId);
    const run = await this.runs.get(workspaceId, input.runId);
    if (!run || run.suiteId !== suite._id) throw badField('body.runId', 'Not a run of this suite');
    const labels = input.labels.map((label, i) => {
      const result = run.results.find((r) => r._id === label.resultId);
      if (!result) throw badField(`body.labels[${i}].resultId`, 'Not a result of this run');
      return { score: result.score, passed: label.passed };
    });
    const fit = calibrate(labels, suite.passThreshold);
    const before = labels.filter((l) => l.score >= suite.passThreshold === l.passed).length;
    if (input.apply === true) await this.suites.setThreshold(workspaceId, suite._id, fit.threshold);
    return {
      suiteId: suite._id,
      runId: run.id,
      previousThreshold: suite.passThreshold,
      threshold: fit.threshold,
      labeled: fit.labeled,
      agreed: fit.agreed,
      agreement: fit.agreement,
      previousAgreement: Math.round((before / labels.length) * 10_000) / 10_000,
      applied: input.apply === true,
    };
  }
}
