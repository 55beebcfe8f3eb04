// Request shapes of the QA, trust, arena-preset and style-pattern routes (emulator-defined): suites, tests, the suite document, runs, estimates, calibration, presets, patterns; and their delete answer.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Title = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const Description = lazySchema(() => z.string().max(2000));
const Threshold = lazySchema(() => z.number().check(z.gte(0), z.lte(1)));

// QA suites and tests
export const NewQaTestSchema = lazySchema(() => z
  .strictObject({
    question: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
    expectedAnswer: z.string().check(z.trim(), z.minLength(1), z.maxLength(8000)),
    criteria: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))).max(20).optional(),
  }));
export type NewQaTest = z.infer<typeof NewQaTestSchema>;

export const CreateQaSuiteSchema = lazySchema(() => z
  .strictObject({ title: Title, description: Description.optional(), passThreshold: Threshold.optional(), tests: z.array(NewQaTestSchema).max(500).optional() }));
export type CreateQaSuite = z.infer<typeof CreateQaSuiteSchema>;

export const UpdateQaSuiteSchema = lazySchema(() => z.object({ title: Title, description: Description.nullable(), passThreshold: Threshold }).partial().strict());
export type UpdateQaSuite = z.infer<typeof UpdateQaSuiteSchema>;

export const UpdateQaTestSchema = lazySchema(() => NewQaTestSchema.partial().strict());
export type UpdateQaTest = z.infer<typeof UpdateQaTestSchema>;

/** The download of `export` and the body of `import`: a suite without ids, so it can move workspaces. */
export const QaSuiteDocumentSchema = lazySchema(() => z
  .strictObject({
    format: z.literal('service-emulator.qa-suite'),
    version: z.literal(1),
    title: Title,
    description: Description.optional(),
    passThreshold: Threshold,
    tests: z.array(NewQaTestSchema).max(500),
  }));
export type QaSuiteDocument = z.infer<typeof QaSuiteDocumentSchema>;

// QA runs
export const CreateQaRunSchema = lazySchema(() => z.strictObject({ suiteId: Id, releaseId: Id, title: Title.optional(), passThreshold: Threshold.optional() }));
export type CreateQaRun = z.infer<typeof CreateQaRunSchema>;

export const QaMultiReleaseRunSchema = lazySchema(() => z
  .strictObject({ suiteId: Id, releaseIds: z.array(Id).min(2).max(10), title: Title.optional(), passThreshold: Threshold.optional() })
  .superRefine((v, ctx) => {
    if (new Set(v.releaseIds).size !== v.releaseIds.length) ctx.addIssue({ code: 'custom', path: ['releaseIds'], message: 'Each release may appear once' });
  }));
export type QaMultiReleaseRun = z.infer<typeof QaMultiReleaseRunSchema>;

/** One side of an arena comparison: a release, optionally answering with another model (arena runs and presets). */
export const QaVariantSpecSchema = lazySchema(() => z
  .strictObject({
    label: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)).optional(),
    releaseId: Id,
    model: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    temperature: z.number().check(z.gte(0), z.lte(2)).optional(),
  }));
export type QaVariantSpec = z.infer<typeof QaVariantSpecSchema>;

export const QaArenaRunSchema = lazySchema(() => z
  .strictObject({
    suiteId: Id,
    presetId: Id.optional(),
    variants: z.array(QaVariantSpecSchema).min(2).max(6).optional(),
    title: Title.optional(),
    passThreshold: Threshold.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.presetId === undefined) === (v.variants === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Give exactly one of presetId or variants' });
    }
  }));
export type QaArenaRun = z.infer<typeof QaArenaRunSchema>;

export const QaEstimateRunSchema = lazySchema(() => z
  .strictObject({ releaseId: Id.optional(), releaseIds: z.array(Id).min(1).max(10).optional() })
  .superRefine((v, ctx) => {
    if ((v.releaseId === undefined) === (v.releaseIds === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['releaseId'], message: 'Give exactly one of releaseId or releaseIds' });
    }
  }));
export type QaEstimateRun = z.infer<typeof QaEstimateRunSchema>;

export const QaCalibrateSchema = lazySchema(() => z
  .strictObject({
    runId: Id,
    labels: z.array(z.strictObject({ resultId: Id, passed: z.boolean() })).min(1).max(1000),
    apply: z.boolean().optional(),
  }));
export type QaCalibrate = z.infer<typeof QaCalibrateSchema>;

export const CreateTrustRunSchema = lazySchema(() => z.strictObject({ suiteId: Id, releaseId: Id, title: Title.optional() }));
export type CreateTrustRun = z.infer<typeof CreateTrustRunSchema>;

// Arena presets: a title and 2..6 variants
const PresetVariants = lazySchema(() => z.array(QaVariantSpecSchema).min(2).max(6));
export const CreateArenaPresetSchema = lazySchema(() => z.strictObject({ title: Title, description: Description.optional(), variants: PresetVariants }));
export type CreateArenaPreset = z.infer<typeof CreateArenaPresetSchema>;
export const UpdateArenaPresetSchema = lazySchema(() => z.object({ title: Title, description: Description.nullable(), variants: PresetVariants }).partial().strict());
export type UpdateArenaPreset = z.infer<typeof UpdateArenaPresetSchema>;

// Style patterns: named style rules and the releases they apply to
const Rules = lazySchema(() => z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(1000))).min(1).max(50));
const ReleaseIds = lazySchema(() => z
  .array(Id)
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'Each release may appear once'));
export const CreateStylePatternSchema = lazySchema(() => z.strictObject({ title: Title, description: Description.optional(), rules: Rules, releaseIds: ReleaseIds.optional() }));
export type CreateStylePattern = z.infer<typeof CreateStylePatternSchema>;
export const UpdateStylePatternSchema = lazySchema(() => z.object({ title: Title, description: Description.nullable(), rules: Rules, releaseIds: ReleaseIds }).partial().strict());
export type UpdateStylePattern = z.infer<typeof UpdateStylePatternSchema>;

/** The answer of a suite, test, preset or pattern delete. */
export const QaDeletedSchema = lazySchema(() => z.object({ status: z.literal('ok'), _id: z.string() }));
export type QaDeleted = z.infer<typeof QaDeletedSchema>;
