// QA shapes (emulator-defined; the spec names the commands, not the records): suites with tests,
// the suite document of export and import, and the inputs of runs, estimates and calibration.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

// The request bodies are public (service-emulator/types); the area keeps its short names for them.
export {
  NewQaTestSchema as TestInputSchema,
  CreateQaSuiteSchema as CreateSuiteSchema,
  UpdateQaSuiteSchema as UpdateSuiteSchema,
  UpdateQaTestSchema as UpdateTestSchema,
  QaSuiteDocumentSchema as SuiteDocumentSchema,
  CreateQaRunSchema as CreateRunSchema,
  QaMultiReleaseRunSchema as MultiReleaseRunSchema,
  QaVariantSpecSchema as VariantSchema,
  QaArenaRunSchema as ArenaRunSchema,
  QaEstimateRunSchema as EstimateRunSchema,
  QaCalibrateSchema as CalibrateSchema,
  CreateTrustRunSchema as TrustRunSchema,
  type NewQaTest as TestInput,
  type CreateQaSuite as CreateSuiteInput,
  type UpdateQaSuite as UpdateSuiteInput,
  type UpdateQaTest as UpdateTestInput,
  type QaSuiteDocument as SuiteDocument,
  type CreateQaRun as CreateRunInput,
  type QaMultiReleaseRun as MultiReleaseRunInput,
  type QaVariantSpec as VariantInput,
  type QaArenaRun as ArenaRunInput,
  type QaEstimateRun as EstimateRunInput,
  type QaCalibrate as CalibrateInput,
  type CreateTrustRun as TrustRunInput,
} from '../../types/qa-inputs.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const SuiteParamsSchema = lazySchema(() => z.object({ suiteId: Id }));
export const TestParamsSchema = lazySchema(() => z.object({ suiteId: Id, testId: Id }));
export const RunParamsSchema = lazySchema(() => z.object({ runId: Id }));
export const ListQuerySchema = PageQuerySchema;

export const RunStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']));
export type RunStatus = z.infer<typeof RunStatusSchema>;
export const RunKindSchema = lazySchema(() => z.enum(['single', 'multi-release', 'arena', 'trust']));
export type RunKind = z.infer<typeof RunKindSchema>;

export const RunListQuerySchema = lazySchema(() => PageQuerySchema.extend({ suiteId: Id.optional(), status: RunStatusSchema.optional() }));

