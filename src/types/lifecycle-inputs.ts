// Request and answer shapes of the training-data, fine-tune and workspace chat routes (emulator-defined): what a client sends, and the small answers beside the records.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { FineTuneJobSchema, TrainingDataSetSchema, WorkspaceChatMessageSchema } from './model-lifecycle.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

// Training data
export const TRAINING_DATA_MAX_SOURCES = 50;
export const TRAINING_DATA_DEFAULT_MAX_PAIRS = 50;
export const TRAINING_DATA_MAX_PAIRS = 1000;

/** `POST /api/v1/training-data/generate`: at least one source (RAG files, every file of a RAG target, or transcripts). */
export const TrainingDataGenerateSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    fileIds: z.array(Id).min(1).max(TRAINING_DATA_MAX_SOURCES).optional(),
    ragVectorId: Id.optional(),
    transcriptIds: z.array(Id).min(1).max(TRAINING_DATA_MAX_SOURCES).optional(),
    maxPairs: z.number().check(z.int(), z.gte(1), z.lte(TRAINING_DATA_MAX_PAIRS)).optional(),
  })
  .refine((b) => b.fileIds !== undefined || b.ragVectorId !== undefined || b.transcriptIds !== undefined, {
    message: 'Name at least one source: fileIds, ragVectorId or transcriptIds',
    path: ['fileIds'],
  }));
export type TrainingDataGenerate = z.infer<typeof TrainingDataGenerateSchema>;

/** `GET …/{id}/export?format=`. */
export const TrainingDataExportQuerySchema = lazySchema(() => z.object({ format: z.enum(['jsonl', 'csv']).default('jsonl') }));
export type TrainingDataExportQuery = z.infer<typeof TrainingDataExportQuerySchema>;

/** `POST …/{id}/export-to-rag`. */
export const TrainingDataExportToRagSchema = lazySchema(() => z.strictObject({ ragVectorId: Id, title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional() }));
export type TrainingDataExportToRag = z.infer<typeof TrainingDataExportToRagSchema>;

/** The answer of export-to-rag: the RAG file it added. */
export const TrainingDataExportedToRagSchema = lazySchema(() => z.object({ trainingDataId: Id, ragVectorId: Id, fileId: Id, title: z.string(), status: z.string() }));
export type TrainingDataExportedToRag = z.infer<typeof TrainingDataExportedToRagSchema>;

/** `GET …/{id}/status`. */
export const TrainingDataStatusAnswerSchema = lazySchema(() => TrainingDataSetSchema.pick({ _id: true, status: true, progress: true, pairCount: true, error: true }));
export type TrainingDataStatusAnswer = z.infer<typeof TrainingDataStatusAnswerSchema>;

/** The answer of a training-data or fine-tune delete. */
export const LifecycleDeletedSchema = lazySchema(() => z.object({ _id: Id, deleted: z.literal(true) }));
export type LifecycleDeleted = z.infer<typeof LifecycleDeletedSchema>;

// Fine-tune
/** The catalog models a job may start from (the chat price table's models). */
export const FINE_TUNE_BASE_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'claude-3-5-sonnet',
  'claude-3-5-haiku',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
] as const;
export const FINE_TUNE_DEFAULT_EPOCHS = 3;
export const FINE_TUNE_MAX_EPOCHS = 20;

/** `POST /api/v1/fine-tune`. */
export const CreateFineTuneSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    baseModel: z.enum(FINE_TUNE_BASE_MODELS),
    /** A training-data set id of the workspace. */
    trainingData: Id,
    epochs: z.number().check(z.int(), z.gte(1), z.lte(FINE_TUNE_MAX_EPOCHS)).optional(),
    /** Start at once instead of waiting for POST …/start. */
    start: z.boolean().optional(),
  }));
export type CreateFineTune = z.infer<typeof CreateFineTuneSchema>;

/** `GET /api/v1/fine-tune/{id}/status`. */
export const FineTuneStatusAnswerSchema = lazySchema(() => FineTuneJobSchema.pick({ _id: true, status: true, progress: true, lossCurve: true, fineTunedModel: true, error: true }));
export type FineTuneStatusAnswer = z.infer<typeof FineTuneStatusAnswerSchema>;

/** `POST /api/v1/fine-tune/copy-from`. */
export const FineTuneCopyFromSchema = lazySchema(() => z.strictObject({ sourceWorkspaceId: Id, fineTuneId: Id, title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional() }));
export type FineTuneCopyFrom = z.infer<typeof FineTuneCopyFromSchema>;

/** `POST /api/v1/fine-tune/{id}/export-to-qa`: how many pairs become tests, and the new suite's title, description and pass threshold. */
export const FineTuneExportToQaSchema = lazySchema(() => z
  .strictObject({
    limit: z.number().check(z.int(), z.gte(1), z.lte(500)).optional(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    description: z.string().max(2000).optional(),
    passThreshold: z.number().check(z.gte(0), z.lte(1)).optional(),
  }));
export type FineTuneExportToQa = z.infer<typeof FineTuneExportToQaSchema>;

// Workspace chat
/** `POST /api/v1/workspaces/{ws}/chat/completions` (the path is the server SDK's; the body is emulator-defined, OpenAI-style). */
export const WorkspaceChatRequestSchema = lazySchema(() => z
  .strictObject({
    messages: z.array(WorkspaceChatMessageSchema).min(1).max(200),
    /** The release whose settings (RAG indexes, assistant, prompt) answer; default: the workspace's first active release. */
    releaseId: Id.optional(),
    /** A model in place of the release's: a catalog id, or a fine-tune (`ft:…`) of the workspace once succeeded. */
    model: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    /** Continue a conversation this route answered before (its `transcriptId`); only the last message is new then. */
    transcriptId: Id.optional(),
    /** `true` answers server-sent `chat.completion.chunk` events, then `data: [DONE]`. */
    stream: z.boolean().optional(),
  })
  .refine((b) => b.messages[b.messages.length - 1]?.role === 'user', { message: 'The last message must be the user’s', path: ['messages'] }));
export type WorkspaceChatRequest = z.infer<typeof WorkspaceChatRequestSchema>;
