// QA, arena presets, style patterns and trust runs (emulator-defined records of the spec's `qa` tag and command-line groups).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from './common.js';

export const QaTestSchema = lazySchema(() => z.object({
  _id: IdSchema,
  suiteId: IdSchema,
  question: z.string(),
  expectedAnswer: z.string(),
  criteria: z.array(z.string()),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type QaTest = z.infer<typeof QaTestSchema>;

export const QaSuiteSchema = lazySchema(() => z.object({
  _id: IdSchema,
  title: z.string(),
  description: z.string().optional(),
  workspaceId: IdSchema,
  /** A result passes when its judge score is at least this (0..1). */
  passThreshold: z.number(),
  tests: z.array(QaTestSchema),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type QaSuite = z.infer<typeof QaSuiteSchema>;

export const QaRunStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']));
export type QaRunStatus = z.infer<typeof QaRunStatusSchema>;

export const QaRunKindSchema = lazySchema(() => z.enum(['single', 'multi-release', 'arena', 'trust']));
export type QaRunKind = z.infer<typeof QaRunKindSchema>;

export const QaUsageSchema = lazySchema(() => z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  estimatedCostUsd: z.number(),
}));
export type QaUsage = z.infer<typeof QaUsageSchema>;

/** How the judge scored one reply: token-overlap F1, blended with the share of criteria met. */
export const QaJudgementSchema = lazySchema(() => z.object({
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  criteriaMet: z.number().nullable(),
}));
export type QaJudgement = z.infer<typeof QaJudgementSchema>;

export const QaArenaVariantSchema = lazySchema(() => z.object({
  index: z.number().check(z.int(), z.nonnegative()),
  label: z.string(),
  releaseId: IdSchema,
  model: z.string().nullable(),
  temperature: z.number().nullable(),
  content: z.string(),
  score: z.number(),
  passed: z.boolean(),
  judge: QaJudgementSchema,
  usage: QaUsageSchema.nullable(),
  error: z.string().optional(),
}));
export type QaArenaVariant = z.infer<typeof QaArenaVariantSchema>;

/** One result of a run: a test answered by a release (or, in an arena run, by every variant side by side). */
export const QaResultSchema = lazySchema(() => z.object({
  _id: IdSchema,
  testId: IdSchema,
  question: z.string(),
  expectedAnswer: z.string(),
  releaseId: IdSchema.nullable(),
  model: z.string().nullable(),
  role: z.literal('assistant'),
  /** The reply (in an arena run, the selected variant's). */
  content: z.string(),
  timestamp: IsoTimestampSchema,
  score: z.number(),
  passed: z.boolean(),
  judge: QaJudgementSchema.nullable(),
  usage: QaUsageSchema.nullable(),
  /** Why no reply came (e.g. every assistant of the release failed). */
  error: z.string().optional(),
  arenaVariants: z.array(QaArenaVariantSchema).optional(),
  arenaSelectedIndex: z.number().check(z.int(), z.nonnegative()).optional(),
  arenaStreamingStatus: z.string().optional(),
  arenaExpectedVariants: z.number().check(z.int(), z.nonnegative()).optional(),
}));
export type QaResult = z.infer<typeof QaResultSchema>;

export const QaReleaseSummarySchema = lazySchema(() => z.object({
  releaseId: IdSchema,
  label: z.string().optional(),
  total: z.number().int(),
  passed: z.number().int(),
  meanScore: z.number(),
  wins: z.number().int().optional(),
}));
export type QaReleaseSummary = z.infer<typeof QaReleaseSummarySchema>;

export const QaRunSummarySchema = lazySchema(() => z.object({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  errored: z.number().int(),
  passRate: z.number(),
  meanScore: z.number(),
  byRelease: z.array(QaReleaseSummarySchema),
}));
export type QaRunSummary = z.infer<typeof QaRunSummarySchema>;

export const QaRunVariantSchema = lazySchema(() => z.object({
  label: z.string(),
  releaseId: IdSchema,
  model: z.string().nullable(),
  temperature: z.number().nullable(),
}));
export type QaRunVariant = z.infer<typeof QaRunVariantSchema>;

export const QaRunSchema = lazySchema(() => z.object({
  _id: IdSchema,
  title: z.string(),
  workspaceId: IdSchema,
  suiteId: IdSchema,
  kind: QaRunKindSchema,
  status: QaRunStatusSchema,
  releaseIds: z.array(IdSchema),
  variants: z.array(QaRunVariantSchema),
  passThreshold: z.number(),
  progress: z.object({ completed: z.number().int(), total: z.number().int() }),
  results: z.array(QaResultSchema),
  summary: QaRunSummarySchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: IsoTimestampSchema,
  startedAt: IsoTimestampSchema.nullable(),
  completedAt: IsoTimestampSchema.nullable(),
  updatedAt: IsoTimestampSchema,
}));
export type QaRun = z.infer<typeof QaRunSchema>;

/** A trust (benchmark) run: a QA run whose verification is honestly unsigned (spec section 9). */
export const TrustRunSchema = lazySchema(() => QaRunSchema.extend({
  verification: z.object({ status: z.literal('unsigned'), signature: z.null(), reason: z.string() }),
}));
export type TrustRun = z.infer<typeof TrustRunSchema>;

export const QaEstimateLineSchema = lazySchema(() => z.object({
  releaseId: IdSchema,
  model: z.string(),
  tests: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  estimatedCostUsd: z.number(),
}));
export type QaEstimateLine = z.infer<typeof QaEstimateLineSchema>;

export const QaEstimateSchema = lazySchema(() => z.object({
  suiteId: IdSchema,
  tests: z.number().int(),
  releases: z.array(QaEstimateLineSchema),
  total: QaUsageSchema,
  runCreated: z.literal(false),
}));
export type QaEstimate = z.infer<typeof QaEstimateSchema>;

export const QaCalibrationSchema = lazySchema(() => z.object({
  suiteId: IdSchema,
  runId: IdSchema,
  previousThreshold: z.number(),
  threshold: z.number(),
  labeled: z.number().int(),
  agreed: z.number().int(),
  agreement: z.number(),
  /** Agreement of the previous threshold with the same labels. */
  previousAgreement: z.number(),
  applied: z.boolean(),
}));
export type QaCalibration = z.infer<typeof QaCalibrationSchema>;

export const ArenaPresetVariantSchema = lazySchema(() => z.object({
  label: z.string().optional(),
  releaseId: IdSchema,
  model: z.string().optional(),
  temperature: z.number().optional(),
}));
export type ArenaPresetVariant = z.infer<typeof ArenaPresetVariantSchema>;

export const ArenaPresetSchema = lazySchema(() => z.object({
  _id: IdSchema,
  title: z.string(),
  description: z.string().optional(),
  workspaceId: IdSchema,
  variants: z.array(ArenaPresetVariantSchema),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type ArenaPreset = z.infer<typeof ArenaPresetSchema>;

export const StylePatternSchema = lazySchema(() => z.object({
  _id: IdSchema,
  title: z.string(),
  description: z.string().optional(),
  workspaceId: IdSchema,
  /** Named style rules, e.g. "Answer in at most three sentences". */
  rules: z.array(z.string()),
  /** Releases the pattern applies to (recorded; replies are not restyled). */
  releaseIds: z.array(IdSchema),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type StylePattern = z.infer<typeof StylePatternSchema>;
