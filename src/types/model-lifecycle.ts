// The model lifecycle records (emulator-defined; the spec says "not shown"): training-data sets,
// fine-tune jobs, and the workspace chat completion answer. Document-style like the real wire.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from './common.js';

export const TrainingDataStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'succeeded', 'failed']));
export type TrainingDataStatus = z.infer<typeof TrainingDataStatusSchema>;

export const TrainingSourceSchema = lazySchema(() => z.object({
  type: z.enum(['ragFile', 'transcript']),
  id: IdSchema,
  title: z.string(),
}));
export type TrainingSource = z.infer<typeof TrainingSourceSchema>;

export const TrainingPairSchema = lazySchema(() => z.object({
  question: z.string(),
  answer: z.string(),
  source: TrainingSourceSchema.optional(),
}));
export type TrainingPair = z.infer<typeof TrainingPairSchema>;

export const TrainingDataSetSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  workspaceId: IdSchema,
  status: TrainingDataStatusSchema,
  /** Percent of the sources read, 0 to 100. */
  progress: z.number().check(z.int(), z.gte(0), z.lte(100)),
  sources: z.array(TrainingSourceSchema),
  maxPairs: z.number().int(),
  pairCount: z.number().check(z.int(), z.nonnegative()),
  error: z.string().optional(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  startedAt: IsoTimestampSchema.optional(),
  completedAt: IsoTimestampSchema.optional(),
}));
export type TrainingDataSet = z.infer<typeof TrainingDataSetSchema>;

export const FineTuneStatusSchema = lazySchema(() => z.enum(['created', 'queued', 'validating', 'running', 'succeeded', 'failed', 'cancelled']));
export type FineTuneStatus = z.infer<typeof FineTuneStatusSchema>;

export const LossPointSchema = lazySchema(() => z.object({ epoch: z.number().check(z.int(), z.gte(1)), loss: z.number() }));
export type LossPoint = z.infer<typeof LossPointSchema>;

export const FineTuneJobSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  workspaceId: IdSchema,
  baseModel: z.string(),
  /** The training-data set id the job trains on. */
  trainingData: IdSchema,
  status: FineTuneStatusSchema,
  hyperparameters: z.object({ epochs: z.number().check(z.int(), z.gte(1)) }),
  progress: z.object({ epoch: z.number().check(z.int(), z.nonnegative()), totalEpochs: z.number().check(z.int(), z.gte(1)), percent: z.number().check(z.int(), z.gte(0), z.lte(100)) }),
  lossCurve: z.array(LossPointSchema),
  trainedPairs: z.number().check(z.int(), z.nonnegative()).optional(),
  /** `ft:<baseModel>:<id>` once succeeded: what a release's `assistant {id, finetune: true}` names. */
  fineTunedModel: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  copiedFrom: z.object({ workspaceId: IdSchema, fineTuneId: IdSchema }).optional(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  startedAt: IsoTimestampSchema.optional(),
  finishedAt: IsoTimestampSchema.optional(),
}));
export type FineTuneJob = z.infer<typeof FineTuneJobSchema>;

/** @deprecated The old export-to-qa answer; export-to-qa now creates a QA suite and answers it (`QaSuiteSchema`). */
export const QaExportSchema = lazySchema(() => z.object({
  fineTuneId: IdSchema,
  model: z.string().nullable(),
  tests: z.array(z.object({ question: z.string(), expectedAnswer: z.string() })),
}));
export type QaExport = z.infer<typeof QaExportSchema>;

export const WorkspaceChatMessageSchema = lazySchema(() => z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().check(z.minLength(1), z.maxLength(32_000)),
}));
export type WorkspaceChatMessage = z.infer<typeof WorkspaceChatMessageSchema>;

/** OpenAI-style completion fields plus the transcript the exchange was stored in. */
export const WorkspaceChatCompletionSchema = lazySchema(() => z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  workspaceId: IdSchema,
  releaseId: IdSchema,
  transcriptId: IdSchema,
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string() }),
      finish_reason: z.enum(['stop', 'length']),
    }),
  ),
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int(), estimatedCostUsd: z.number() }),
  /** The stored assistant message (its `metadata.model` names the model that answered). */
  message: z.record(z.string(), z.unknown()),
}));
export type WorkspaceChatCompletion = z.infer<typeof WorkspaceChatCompletionSchema>;
