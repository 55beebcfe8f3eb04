// The QA run routes (tag `qa`, emulator-defined): a run against one release, multi-release-run,
// arena-run, list, read and cancel. Runs move on the emulator clock (see run-engine.ts).
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { QaRunSchema } from '../../types/qa.js';
import { paginate, pageSchema } from '../workspaces/public.js';
import { runFinished, runNotFound } from './errors.js';
import { isTerminal, runOut, type RunRecord } from './run-store.js';
import { ArenaRunSchema, CreateRunSchema, MultiReleaseRunSchema, RunListQuerySchema, RunParamsSchema } from './schema.js';
import type { QaService } from './service.js';
import { QA_READ, QA_TAG, QA_WRITE } from './suite-routes.js';

/** A QA run of the workspace (trust runs have their own routes). */
async function qaRun(qa: QaService, workspaceId: string, runId: string): Promise<RunRecord> {
  const run = await qa.runs.get(workspaceId, runId);
  if (!run || run.kind === 'trust') throw runNotFound();
  return run;
}

export function qaRunRoutes(qa: QaService): RouteDef[] {
  const common = { tag: QA_TAG, emulatorDefined: true } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/qa/runs',
      summary: 'List QA runs (filter by suiteId and status)',
      auth: QA_READ,
      query: RunListQuerySchema,
      response: lazySchema(() => pageSchema(QaRunSchema)),
      handler: async ({ principal, query }) => {
        const runs = await qa.runs.list(workspaceOf(principal), { trust: false, suiteId: query.suiteId, status: query.status });
        return paginate(runs.map(runOut), query);
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/runs',
      summary: 'Run a suite against one release: queued, then one result per step as the clock moves',
      auth: QA_WRITE,
      body: CreateRunSchema,
      response: QaRunSchema,
      status: 202,
      handler: async ({ principal, body }) =>
        runOut(await qa.createRun(workspaceOf(principal), { kind: 'single', suiteId: body.suiteId, releaseIds: [body.releaseId], title: body.title, passThreshold: body.passThreshold })),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/multi-release-run',
      summary: 'Run a suite against several releases; the summary compares them',
      auth: QA_WRITE,
      body: MultiReleaseRunSchema,
      response: QaRunSchema,
      status: 202,
      handler: async ({ principal, body }) =>
        runOut(
          await qa.createRun(workspaceOf(principal), { kind: 'multi-release', suiteId: body.suiteId, releaseIds: body.releaseIds, title: body.title, passThreshold: body.passThreshold }),
        ),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/arena-run',
      summary: 'Side-by-side variants (a preset or inline) per test; the judge selects one (arenaVariants, arenaSelectedIndex)',
      auth: QA_WRITE,
      body: ArenaRunSchema,
      response: QaRunSchema,
      status: 202,
      handler: async ({ principal, body }) => runOut(await qa.createArenaRun(workspaceOf(principal), body)),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/qa/runs/:runId',
      summary: 'One QA run: status, progress, per-test results and, once finished, the summary',
      auth: QA_READ,
      params: RunParamsSchema,
      response: QaRunSchema,
      handler: async ({ principal, params }) => runOut(await qaRun(qa, workspaceOf(principal), params.runId)),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/runs/:runId/cancel',
      summary: 'Cancel a queued or running run (409 once it has finished)',
      auth: QA_WRITE,
      params: RunParamsSchema,
      response: QaRunSchema,
      handler: async ({ principal, params }) => {
        const run = await qaRun(qa, workspaceOf(principal), params.runId);
        if (isTerminal(run.status)) throw runFinished(run.status);
        return runOut(await qa.engine.cancel(run));
      },
    }),
  ];
}
