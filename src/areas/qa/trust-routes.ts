// The trust routes (command-line group `trust`, emulator-defined): a benchmark run over a QA suite.
// The spec calls these runners skeletons whose verification yields no real signature, so every
// trust run says so: `verification.status` is "unsigned", with the reason.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { TrustRunSchema as TrustRunOutSchema, type TrustRun } from '../../types/qa.js';
import { paginate, pageSchema } from '../workspaces/public.js';
import { runNotFound } from './errors.js';
import { runOut, type RunRecord } from './run-store.js';
import { ListQuerySchema, RunParamsSchema, TrustRunSchema } from './schema.js';
import type { QaService } from './service.js';
import { QA_READ, QA_WRITE } from './suite-routes.js';

export const TRUST_REASON =
  'The trust benchmark runner is a skeleton (spec section 9): it scores the suite but its verification does not yet produce a real signature.';

const trustOut = (run: RunRecord): TrustRun => ({ ...runOut(run), verification: { status: 'unsigned', signature: null, reason: TRUST_REASON } });

export function trustRoutes(qa: QaService): RouteDef[] {
  const common = { tag: 'trust', emulatorDefined: true } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/trust/runs',
      summary: 'List trust benchmark runs',
      auth: QA_READ,
      query: ListQuerySchema,
      response: lazySchema(() => pageSchema(TrustRunOutSchema)),
      handler: async ({ principal, query }) => paginate((await qa.runs.list(workspaceOf(principal), { trust: true })).map(trustOut), query),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/trust/runs',
      summary: 'Start a trust benchmark over a QA suite; it completes on the clock, unsigned',
      auth: QA_WRITE,
      body: TrustRunSchema,
      response: TrustRunOutSchema,
      status: 202,
      handler: async ({ principal, body }) =>
        trustOut(await qa.createRun(workspaceOf(principal), { kind: 'trust', suiteId: body.suiteId, releaseIds: [body.releaseId], title: body.title })),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/trust/runs/:runId',
      summary: 'One trust run with its per-test results and its (unsigned) verification',
      auth: QA_READ,
      params: RunParamsSchema,
      response: TrustRunOutSchema,
      handler: async ({ principal, params }) => {
        const run = await qa.runs.get(workspaceOf(principal), params.runId);
        if (!run || run.kind !== 'trust') throw runNotFound();
        return trustOut(run);
      },
    }),
  ];
}
