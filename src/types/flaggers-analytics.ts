// Flaggers, flags, analytics and metrics (emulator-defined shapes; the flagger fields are the SDK's, REAL-WIRE section 9): inputs and answers.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Tag = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(100)));
const Iso = lazySchema(() => z.string());

/** Whether a pattern compiles as a JavaScript regular expression (case-insensitive, as flaggers run it). */
function compiles(source: string): boolean {
  try {
    new RegExp(source, 'i');
    return true;
  } catch {
    return false;
  }
}

export const FlaggerSentimentSchema = lazySchema(() => z.enum(['negative', 'neutral', 'positive']));
export type FlaggerSentiment = z.infer<typeof FlaggerSentimentSchema>;

/**
 * The deterministic rules that stand in for the flagger's model (emulator-defined): `keywords`
 * (case-insensitive whole words or phrases), `regex` (JavaScript, case-insensitive), `sentiment`
 * (a small word list's verdict). `mode: any` hits when one given rule hits; `all` when every one does.
 */
export const FlaggerMatchSchema = lazySchema(() => z
  .strictObject({
    keywords: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).max(100).optional(),
    regex: z
      .string().check(z.minLength(1), z.maxLength(500))
      .refine(compiles, { message: 'Not a valid regular expression' })
      .optional(),
    sentiment: FlaggerSentimentSchema.optional(),
    mode: z.enum(['any', 'all']).optional(),
  }));
export type FlaggerMatch = z.infer<typeof FlaggerMatchSchema>;

/** The model a flagger asks (stored as given): a release id or an assistant reference. */
export const FlaggerAssistantSchema = lazySchema(() => z.union([Id, z.strictObject({ id: Id, finetune: z.boolean() })]));
export type FlaggerAssistant = z.infer<typeof FlaggerAssistantSchema>;

const OutputKey = lazySchema(() => z
  .string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'Letters, digits, _ . - (starting with a letter or _)')));
const OutputValue = lazySchema(() => z.union([z.string().max(1000), z.number(), z.boolean()]));

const flaggerFields = lazySchema(() => ({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  notificationIcon: z.string().max(200).nullable(),
  notificationMessage: z.string().max(1000).nullable(),
  notificationTags: z.array(Tag).max(50),
  assistant: FlaggerAssistantSchema.nullable(),
  prefix: z.string().max(8000).nullable(),
  outputKeys: z.array(OutputKey).max(50),
  flagInput: z.boolean(),
  notifyUser: z.boolean(),
  enabled: z.boolean(),
  releaseIds: z.array(Id).max(100),
  match: FlaggerMatchSchema,
  /** Fixed values for output keys (else each key has its built-in value, docs/flaggers-and-analytics.md). */
  outputs: z.record(OutputKey, OutputValue),
}));

export const CreateFlaggerSchema = lazySchema(() => z
  .strictObject({
    title: flaggerFields.title,
    notificationIcon: flaggerFields.notificationIcon.optional(),
    notificationMessage: flaggerFields.notificationMessage.optional(),
    notificationTags: flaggerFields.notificationTags.optional(),
    assistant: flaggerFields.assistant.optional(),
    prefix: flaggerFields.prefix.optional(),
    outputKeys: flaggerFields.outputKeys.optional(),
    flagInput: flaggerFields.flagInput.optional(),
    notifyUser: flaggerFields.notifyUser.optional(),
    enabled: flaggerFields.enabled.optional(),
    releaseIds: flaggerFields.releaseIds.optional(),
    match: flaggerFields.match.optional(),
    outputs: flaggerFields.outputs.optional(),
  }));
export type CreateFlagger = z.infer<typeof CreateFlaggerSchema>;

export const UpdateFlaggerSchema = lazySchema(() => CreateFlaggerSchema.partial().strict());
export type UpdateFlagger = z.infer<typeof UpdateFlaggerSchema>;

export const FlaggerSchema = lazySchema(() => z.object({
  _id: z.string(),
  id: z.string(),
  workspaceId: z.string(),
  title: z.string(),
  notificationIcon: z.string().nullable(),
  notificationMessage: z.string().nullable(),
  notificationTags: z.array(z.string()),
  assistant: FlaggerAssistantSchema.nullable(),
  prefix: z.string().nullable(),
  outputKeys: z.array(z.string()),
  flagInput: z.boolean(),
  notifyUser: z.boolean(),
  enabled: z.boolean(),
  releaseIds: z.array(z.string()),
  match: z.object({
    keywords: z.array(z.string()),
    regex: z.string().nullable(),
    sentiment: FlaggerSentimentSchema.nullable(),
    mode: z.enum(['any', 'all']),
  }),
  outputs: z.record(z.string(), OutputValue),
  createdAt: Iso,
  updatedAt: Iso,
}));
export type Flagger = z.infer<typeof FlaggerSchema>;

const DryRunFields = lazySchema(() => ({
  content: z.string().check(z.minLength(1), z.maxLength(32_000)),
  /** Judge as if the message were stored on this release (a flagger scoped to other releases does not apply). */
  releaseId: Id.optional(),
}));

export const FlaggerDryRunSchema = lazySchema(() => z.strictObject(DryRunFields));
export type FlaggerDryRun = z.infer<typeof FlaggerDryRunSchema>;

export const UnsavedFlaggerDryRunSchema = lazySchema(() => z.strictObject({ ...DryRunFields, flagger: CreateFlaggerSchema }));
export type UnsavedFlaggerDryRun = z.infer<typeof UnsavedFlaggerDryRunSchema>;

export const FlaggerVerdictSchema = lazySchema(() => z.object({
  /** The rules hit. */
  flagged: z.boolean(),
  /** The flagger would store a flag: it hit, it is enabled and covers the release. */
  wouldFlag: z.boolean(),
  judges: z.enum(['input', 'reply']),
  flaggerId: z.string().nullable(),
  matches: z.object({ keywords: z.array(z.string()), regex: z.string().nullable(), sentiment: FlaggerSentimentSchema }),
  outputs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  tags: z.array(z.string()),
  message: z.string().nullable(),
  notifyUser: z.boolean(),
}));
export type FlaggerVerdict = z.infer<typeof FlaggerVerdictSchema>;

export const FlagSchema = lazySchema(() => z.object({
  _id: z.string(),
  id: z.string(),
  workspaceId: z.string(),
  flaggerId: z.string(),
  flaggerTitle: z.string(),
  messageId: z.string(),
  threadId: z.string(),
  releaseId: z.string(),
  role: z.enum(['user', 'assistant']),
  excerpt: z.string(),
  outputs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  tags: z.array(z.string()),
  notifyUser: z.boolean(),
  createdAt: Iso,
}));
export type Flag = z.infer<typeof FlagSchema>;

// Analytics and metrics answers.

export const AnalyticsRangeSchema = lazySchema(() => z.object({ from: Iso, to: Iso, interval: z.literal('day') }));
export type AnalyticsRange = z.infer<typeof AnalyticsRangeSchema>;

export const MessagesPerDaySchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  totals: z.object({ messages: z.number().int(), userMessages: z.number().int(), assistantMessages: z.number().int(), threads: z.number().int() }),
  data: z.array(
    z.object({ date: z.string(), releaseId: z.string(), messages: z.number().int(), userMessages: z.number().int(), assistantMessages: z.number().int(), threads: z.number().int() }),
  ),
}));
export type MessagesPerDay = z.infer<typeof MessagesPerDaySchema>;

const TokenFigures = lazySchema(() => ({
  replies: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  estimatedCostUsd: z.number(),
}));

export const TokenUsageSchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  totals: z.object(TokenFigures),
  data: z.array(z.object({ date: z.string(), releaseId: z.string(), ...TokenFigures })),
  byModel: z.array(z.object({ model: z.string(), ...TokenFigures })),
}));
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

export const TopQuestionsSchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  totalQuestions: z.number().int(),
  distinctQuestions: z.number().int(),
  data: z.array(z.object({ question: z.string(), count: z.number().int(), lastAskedAt: Iso, releaseIds: z.array(z.string()) })),
}));
export type TopQuestions = z.infer<typeof TopQuestionsSchema>;

const FeedbackFigures = lazySchema(() => ({
  positive: z.number().int(),
  negative: z.number().int(),
  neutral: z.number().int(),
  total: z.number().int(),
  /** positive / (positive + negative), to 4 places; null without votes. */
  ratio: z.number().nullable(),
}));

export const FeedbackRatioSchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  totals: z.object(FeedbackFigures),
  byRelease: z.array(z.object({ releaseId: z.string(), ...FeedbackFigures })),
}));
export type FeedbackRatio = z.infer<typeof FeedbackRatioSchema>;

export const FlagCountsSchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  total: z.number().int(),
  byFlagger: z.array(z.object({ flaggerId: z.string(), title: z.string().nullable(), count: z.number().int() })),
  byTag: z.array(z.object({ tag: z.string(), count: z.number().int() })),
}));
export type FlagCounts = z.infer<typeof FlagCountsSchema>;

export const AnalyticsSummarySchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  messages: MessagesPerDaySchema.shape.totals,
  tokens: TokenUsageSchema.shape.totals,
  feedback: FeedbackRatioSchema.shape.totals,
  flags: z.object({ total: z.number().int() }),
}));
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

export const DurationStatsSchema = lazySchema(() => z.object({
  count: z.number().int(),
  avgMs: z.number().int().nullable(),
  minMs: z.number().int().nullable(),
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
  maxMs: z.number().int().nullable(),
}));
export type DurationStats = z.infer<typeof DurationStatsSchema>;

export const RagIndexMetricsSchema = lazySchema(() => z.object({
  collectionId: z.string(),
  title: z.string().nullable(),
  files: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  inProgress: z.number().int(),
  /** failed / (completed + failed), to 4 places; null while none finished. */
  failureRate: z.number().nullable(),
  uploadToCompleted: DurationStatsSchema,
  uploadToSearchable: DurationStatsSchema,
  stages: z.object({ processing: DurationStatsSchema, chunking: DurationStatsSchema, embedding: DurationStatsSchema, completing: DurationStatsSchema, searchable: DurationStatsSchema }),
}));
export type RagIndexMetrics = z.infer<typeof RagIndexMetricsSchema>;

export const RagMetricsSchema = lazySchema(() => z.object({ range: AnalyticsRangeSchema, data: z.array(RagIndexMetricsSchema) }));
export type RagMetrics = z.infer<typeof RagMetricsSchema>;

export const ChatMetricsSchema = lazySchema(() => z.object({
  range: AnalyticsRangeSchema,
  data: z.array(
    z.object({
      releaseId: z.string(),
      replies: z.number().int(),
      fallbackReplies: z.number().int(),
      truncatedReplies: z.number().int(),
      /** Chat latency is not stored by the emulator (its replies take no emulator time): always null. */
      latencyMs: z.null(),
    }),
  ),
}));
export type ChatMetrics = z.infer<typeof ChatMetricsSchema>;
