// The QA suite routes (tag `qa`, emulator-defined): suites and their tests, estimate-run,
// calibrate, and the suite document's export (a download) and import.
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { QaCalibrationSchema, QaEstimateSchema, QaSuiteSchema, QaTestSchema } from '../../types/qa.js';
import { QaDeletedSchema } from '../../types/qa-inputs.js';
import { paginate, pageSchema } from '../workspaces/public.js';
import { suiteNotFound, testNotFound } from './errors.js';
import {
  CalibrateSchema,
  CreateSuiteSchema,
  EstimateRunSchema,
  ListQuerySchema,
  SuiteDocumentSchema,
  SuiteParamsSchema,
  TestInputSchema,
  TestParamsSchema,
  UpdateSuiteSchema,
  UpdateTestSchema,
} from './schema.js';
import type { QaService } from './service.js';
import { QaSuiteStore } from './suite-store.js';

export const QA_TAG = 'qa';
/** QA belongs to the model lifecycle: keys need the fine-tune scopes, members a role that reads or writes. */
export const QA_READ: RouteAuth = { kind: 'workspace', level: 'read', permission: 'finetune:read' };
export const QA_WRITE: RouteAuth = { kind: 'workspace', level: 'write', permission: 'finetune:write' };

const Deleted = QaDeletedSchema;

function found<T>(value: T | undefined, missing: () => Error): T {
  if (value === undefined) throw missing();
  return value;
}

export function qaSuiteRoutes(qa: QaService): RouteDef[] {
  const common = { tag: QA_TAG, emulatorDefined: true } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/qa/suites',
      summary: 'List the workspace’s QA suites with their tests',
      auth: QA_READ,
      query: ListQuerySchema,
      response: lazySchema(() => pageSchema(QaSuiteSchema)),
      handler: async ({ principal, query }) => paginate(await qa.suites.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/suites',
      summary: 'Create a QA suite, optionally with its tests',
      auth: QA_WRITE,
      body: CreateSuiteSchema,
      response: QaSuiteSchema,
      status: 201,
      handler: ({ principal, body }) => qa.suites.create(workspaceOf(principal), body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/suites/import',
      summary: 'Import a suite document (the export’s download) as a new suite',
      auth: QA_WRITE,
      body: SuiteDocumentSchema,
      response: QaSuiteSchema,
      status: 201,
      handler: ({ principal, body }) => qa.suites.import(workspaceOf(principal), body),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/qa/suites/:suiteId',
      summary: 'One QA suite with its tests',
      auth: QA_READ,
      params: SuiteParamsSchema,
      response: QaSuiteSchema,
      handler: async ({ principal, params }) => found(await qa.suites.get(workspaceOf(principal), params.suiteId), suiteNotFound),
    }),
    defineRoute({
      ...common,
      method: 'PATCH',
      path: '/api/v1/qa/suites/:suiteId',
      summary: 'Change a suite’s title, description or pass threshold',
      auth: QA_WRITE,
      params: SuiteParamsSchema,
      body: UpdateSuiteSchema,
      response: QaSuiteSchema,
      handler: async ({ principal, params, body }) => found(await qa.suites.update(workspaceOf(principal), params.suiteId, body), suiteNotFound),
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/qa/suites/:suiteId',
      summary: 'Delete a suite and its tests (its runs stay readable)',
      auth: QA_WRITE,
      params: SuiteParamsSchema,
      response: Deleted,
      handler: async ({ principal, params }) => {
        if (!(await qa.suites.delete(workspaceOf(principal), params.suiteId))) throw suiteNotFound();
        return { status: 'ok', _id: params.suiteId };
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/suites/:suiteId/tests',
      summary: 'Add a test (question, expected answer, optional criteria) to a suite',
      auth: QA_WRITE,
      params: SuiteParamsSchema,
      body: TestInputSchema,
      response: QaTestSchema,
      status: 201,
      handler: async ({ principal, params, body }) => found(await qa.suites.addTest(workspaceOf(principal), params.suiteId, body), suiteNotFound),
    }),
    defineRoute({
      ...common,
      method: 'PATCH',
      path: '/api/v1/qa/suites/:suiteId/tests/:testId',
      summary: 'Change a test of a suite',
      auth: QA_WRITE,
      params: TestParamsSchema,
      body: UpdateTestSchema,
      response: QaTestSchema,
      handler: async ({ principal, params, body }) => {
        const test = found(await qa.suites.updateTest(workspaceOf(principal), params.suiteId, params.testId, body), suiteNotFound);
        if (test === null) throw testNotFound();
        return test;
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/qa/suites/:suiteId/tests/:testId',
      summary: 'Remove a test from a suite',
      auth: QA_WRITE,
      params: TestParamsSchema,
      response: Deleted,
      handler: async ({ principal, params }) => {
        const deleted = found(await qa.suites.deleteTest(workspaceOf(principal), params.suiteId, params.testId), suiteNotFound);
        if (!deleted) throw testNotFound();
        return { status: 'ok', _id: params.testId };
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/qa/suites/:suiteId/export',
      summary: 'Download a suite as a JSON document (the body import takes)',
      auth: QA_READ,
      params: SuiteParamsSchema,
      response: SuiteDocumentSchema,
      handler: async ({ principal, params }) => {
        const suite = found(await qa.suites.get(workspaceOf(principal), params.suiteId), suiteNotFound);
        return new Response(JSON.stringify(QaSuiteStore.document(suite), null, 2), {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="qa-suite-${suite._id}.json"` },
        });
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/suites/:suiteId/estimate-run',
      summary: 'Tokens and cost of running the suite against releases (no run is created)',
      auth: QA_READ,
      params: SuiteParamsSchema,
      body: EstimateRunSchema,
      response: QaEstimateSchema,
      handler: ({ principal, params, body }) => qa.estimate(workspaceOf(principal), params.suiteId, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/qa/suites/:suiteId/calibrate',
      summary: 'Fit the pass threshold to human labels on a run’s results; `apply` saves it',
      auth: QA_WRITE,
      params: SuiteParamsSchema,
      body: CalibrateSchema,
      response: QaCalibrationSchema,
      handler: ({ principal, params, body }) => qa.calibrate(workspaceOf(principal), params.suiteId, body),
    }),
  ];
}
