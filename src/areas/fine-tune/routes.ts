// The fine-tune routes (emulator-defined; spec section 4's `fine-tune` commands): create, start,
// follow, cancel and delete jobs, export their pairs as QA tests, copy one from another workspace.
import { validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type Principal, type RouteAuth, type RouteDef } from '../../core/route.js';
import { FineTuneJobSchema } from '../../types/model-lifecycle.js';
import { QaSuiteSchema, type QaSuite } from '../../types/qa.js';
import { paginate } from '../workspaces/public.js';
import { fineTuneNotFound, nothingToExport } from './errors.js';
import {
  CopyFromSchema,
  CreateFineTuneSchema,
  DEFAULT_EPOCHS,
  ExportToQaSchema,
  FineTuneDeletedSchema,
  FineTuneListQuerySchema,
  FineTuneListSchema,
  FineTuneParamsSchema,
  FineTuneStatusAnswerSchema,
} from './schema.js';
import type { FineTuneStore, TrainingDataReader } from './store.js';

const TAG = 'fine-tune';
/** export-to-qa takes the first 50 pairs unless `limit` says otherwise. */
const DEFAULT_QA_TESTS = 50;
const BASE = '/api/v1/fine-tune';
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'finetune:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'finetune:write' };

export interface FineTuneRouteDeps {
  store: FineTuneStore;
  data: TrainingDataReader;
  /** Whether the caller may read `workspaceId` (copy-from's source): a member, or a key of it. */
  canRead(principal: Principal, workspaceId: string): Promise<boolean>;
  /** Where export-to-qa writes its suite: the qa area's suites (qa is mounted above fine-tune). */
  suites: QaSuiteWriter;
}

/** The narrow part of the qa area export-to-qa uses. */
export interface QaSuiteWriter {
  create(workspaceId: string, input: { title: string; description?: string; passThreshold?: number; tests: { question: string; expectedAnswer: string }[] }): Promise<QaSuite>;
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw fineTuneNotFound();
  return value;
}

export function fineTuneRoutes({ store, data, canRead, suites }: FineTuneRouteDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'List the workspace’s fine-tune jobs, oldest first',
      auth: read,
      emulatorDefined: true,
      query: FineTuneListQuerySchema,
      response: FineTuneListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Create a fine-tune job from a base model and a training-data set (started by …/start, or at once with `start: true`)',
      auth: write,
      emulatorDefined: true,
      body: CreateFineTuneSchema,
      response: FineTuneJobSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        if (!(await data.get(workspaceId, body.trainingData))) {
          throw validationError('Invalid training data', [{ path: 'body.trainingData', message: 'Not a training-data set of this workspace' }]);
        }
        const job = await store.create(workspaceId, {
          ...(body.title !== undefined && { title: body.title }),
          baseModel: body.baseModel,
          trainingData: body.trainingData,
          epochs: body.epochs ?? DEFAULT_EPOCHS,
        });
        return body.start ? store.start(workspaceId, job._id) : job;
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/copy-from`,
      tag: TAG,
      summary: 'Copy a settled job (and its training data) from another workspace the caller can read',
      auth: write,
      emulatorDefined: true,
      body: CopyFromSchema,
      response: FineTuneJobSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        // Another workspace's job is "not found" unless the caller reaches that workspace.
        if (!(await canRead(principal, body.sourceWorkspaceId))) throw fineTuneNotFound();
        return must(await store.copyFrom(body.sourceWorkspaceId, body.fineTuneId, workspaceId, body.title));
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:fineTuneId`,
      tag: TAG,
      summary: 'One fine-tune job',
      auth: read,
      emulatorDefined: true,
      params: FineTuneParamsSchema,
      response: FineTuneJobSchema,
      handler: async ({ principal, params }) => must(await store.get(workspaceOf(principal), params.fineTuneId)),
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:fineTuneId/status`,
      tag: TAG,
      summary: 'The job’s state, per-epoch progress and loss curve',
      auth: read,
      emulatorDefined: true,
      params: FineTuneParamsSchema,
      response: FineTuneStatusAnswerSchema,
      handler: async ({ principal, params }) => {
        const job = must(await store.get(workspaceOf(principal), params.fineTuneId));
        return {
          _id: job._id,
          status: job.status,
          progress: job.progress,
          lossCurve: job.lossCurve,
          fineTunedModel: job.fineTunedModel,
          ...(job.error && { error: job.error }),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:fineTuneId/start`,
      tag: TAG,
      summary: 'Start a created job: queued, then validating, then running',
      auth: write,
      emulatorDefined: true,
      params: FineTuneParamsSchema,
      response: FineTuneJobSchema,
      handler: async ({ principal, params }) => must(await store.start(workspaceOf(principal), params.fineTuneId)),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:fineTuneId/cancel`,
      tag: TAG,
      summary: 'Cancel a job that has not settled',
      auth: write,
      emulatorDefined: true,
      params: FineTuneParamsSchema,
      response: FineTuneJobSchema,
      handler: async ({ principal, params }) => must(await store.cancel(workspaceOf(principal), params.fineTuneId)),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:fineTuneId/export-to-qa`,
      tag: TAG,
      summary: 'Create a QA suite whose tests are the job’s training pairs (question → expected answer); answers the suite',
      auth: write,
      emulatorDefined: true,
      params: FineTuneParamsSchema,
      body: ExportToQaSchema,
      bodyOptional: true,
      response: QaSuiteSchema,
      status: 201,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        const { job, tests } = must(await store.qaTests(workspaceId, params.fineTuneId, body?.limit ?? DEFAULT_QA_TESTS));
        if (tests.length === 0) throw nothingToExport(job._id, job.trainingData);
        const model = job.fineTunedModel ?? `${job.baseModel} (not trained yet)`;
        return suites.create(workspaceId, {
          title: body?.title ?? `${job.title} (QA)`,
          description: body?.description ?? `Exported from fine-tune job ${job._id} (model ${model}): ${tests.length} of its training pairs.`,
          ...(body?.passThreshold !== undefined && { passThreshold: body.passThreshold }),
          tests,
        });
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:fineTuneId`,
      tag: TAG,
      summary: 'Delete a job (a running one stops); releases naming its model can no longer chat',
      auth: write,
      emulatorDefined: true,
      params: FineTuneParamsSchema,
      response: FineTuneDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.fineTuneId))) throw fineTuneNotFound();
        return { _id: params.fineTuneId, deleted: true as const };
      },
    }),
  ];
}
