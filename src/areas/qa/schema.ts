// QA shapes (emulator-defined; the spec names the commands, not the records): suites with tests,
// the suite document of export and import, and the inputs of runs, estimates and calibration.
import { z } from 'zod';
import { PageQuerySchema } from '../workspaces/public.js';

const Id = z.string().min(1).max(200);
const Title = z.string().trim().min(1).max(200);
const Description = z.string().max(2000);
const Threshold = z.number().min(0).max(1);

export const TestInputSchema = z
  .object({
    question: z.string().trim().min(1).max(4000),
    expectedAnswer: z.string().trim().min(1).max(8000),
    criteria: z.array(z.string().trim().min(1).max(500)).max(20).optional(),
  })
  .strict();
export type TestInput = z.infer<typeof TestInputSchema>;

export const CreateSuiteSchema = z
  .object({ title: Title, description: Description.optional(), passThreshold: Threshold.optional(), tests: z.array(TestInputSchema).max(500).optional() })
  .strict();
export type CreateSuiteInput = z.infer<typeof CreateSuiteSchema>;

export const UpdateSuiteSchema = z.object({ title: Title, description: Description.nullable(), passThreshold: Threshold }).partial().strict();
export type UpdateSuiteInput = z.infer<typeof UpdateSuiteSchema>;

export const UpdateTestSchema = TestInputSchema.partial().strict();
export type UpdateTestInput = z.infer<typeof UpdateTestSchema>;

/** The download of `export` and the body of `import`: a suite without ids, so it can move workspaces. */
export const SuiteDocumentSchema = z
  .object({
    format: z.literal('service-emulator.qa-suite'),
    version: z.literal(1),
    title: Title,
    description: Description.optional(),
    passThreshold: Threshold,
    tests: z.array(TestInputSchema).max(500),
  })
  .strict();
export type SuiteDocument = z.infer<typeof SuiteDocumentSchema>;

export const SuiteParamsSchema = z.object({ suiteId: Id });
export const TestParamsSchema = z.object({ suiteId: Id, testId: Id });
export const RunParamsSchema = z.object({ runId: Id });
export const ListQuerySchema = PageQuerySchema;

export const RunStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatusSchema>;
export const RunKindSchema = z.enum(['single', 'multi-release', 'arena', 'trust']);
export type RunKind = z.infer<typeof RunKindSchema>;

export const RunListQuerySchema = PageQuerySchema.extend({ suiteId: Id.optional(), status: RunStatusSchema.optional() });

export const CreateRunSchema = z.object({ suiteId: Id, releaseId: Id, title: Title.optional(), passThreshold: Threshold.optional() }).strict();
export type CreateRunInput = z.infer<typeof CreateRunSchema>;

export const MultiReleaseRunSchema = z
  .object({ suiteId: Id, releaseIds: z.array(Id).min(2).max(10), title: Title.optional(), passThreshold: Threshold.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (new Set(v.releaseIds).size !== v.releaseIds.length) ctx.addIssue({ code: 'custom', path: ['releaseIds'], message: 'Each release may appear once' });
  });
export type MultiReleaseRunInput = z.infer<typeof MultiReleaseRunSchema>;

/** One side of an arena comparison: a release, optionally answering with another model. */
export const VariantSchema = z
  .object({
    label: z.string().trim().min(1).max(100).optional(),
    releaseId: Id,
    model: z.string().trim().min(1).max(200).optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();
export type VariantInput = z.infer<typeof VariantSchema>;

export const ArenaRunSchema = z
  .object({
    suiteId: Id,
    presetId: Id.optional(),
    variants: z.array(VariantSchema).min(2).max(6).optional(),
    title: Title.optional(),
    passThreshold: Threshold.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.presetId === undefined) === (v.variants === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Give exactly one of presetId or variants' });
    }
  });
export type ArenaRunInput = z.infer<typeof ArenaRunSchema>;

export const EstimateRunSchema = z
  .object({ releaseId: Id.optional(), releaseIds: z.array(Id).min(1).max(10).optional() })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.releaseId === undefined) === (v.releaseIds === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['releaseId'], message: 'Give exactly one of releaseId or releaseIds' });
    }
  });
export type EstimateRunInput = z.infer<typeof EstimateRunSchema>;

export const CalibrateSchema = z
  .object({
    runId: Id,
    labels: z.array(z.object({ resultId: Id, passed: z.boolean() }).strict()).min(1).max(1000),
    apply: z.boolean().optional(),
  })
  .strict();
export type CalibrateInput = z.infer<typeof CalibrateSchema>;

export const TrustRunSchema = z.object({ suiteId: Id, releaseId: Id, title: Title.optional() }).strict();
export type TrustRunInput = z.infer<typeof TrustRunSchema>;
