// Request and answer schemas of the fine-tune routes (emulator-defined shapes).
import { z } from 'zod';
import { FineTuneJobSchema } from '../../types/model-lifecycle.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

/** The catalog models a job may start from (the chat price table's models). */
export const BASE_MODELS = [
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

export const DEFAULT_EPOCHS = 3;
export const MAX_EPOCHS = 20;

const Id = z.string().min(1).max(200);

export const CreateFineTuneSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    baseModel: z.enum(BASE_MODELS),
    /** A training-data set id of the workspace. */
    trainingData: Id,
    epochs: z.number().int().min(1).max(MAX_EPOCHS).optional(),
    /** Start at once instead of waiting for POST …/start. */
    start: z.boolean().optional(),
  })
  .strict();
export type CreateFineTuneInput = z.infer<typeof CreateFineTuneSchema>;

export const FineTuneParamsSchema = z.object({ fineTuneId: Id });
export const FineTuneListQuerySchema = PageQuerySchema;
export const FineTuneListSchema = pageSchema(FineTuneJobSchema);

export const FineTuneStatusAnswerSchema = FineTuneJobSchema.pick({
  _id: true,
  status: true,
  progress: true,
  lossCurve: true,
  fineTunedModel: true,
  error: true,
});

export const CopyFromSchema = z
  .object({
    sourceWorkspaceId: Id,
    fineTuneId: Id,
    title: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

/** export-to-qa: how many pairs become tests, and the new suite's title, description and pass threshold. */
export const ExportToQaSchema = z
  .object({
    limit: z.number().int().min(1).max(500).optional(),
    title: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    passThreshold: z.number().min(0).max(1).optional(),
  })
  .strict();
export type ExportToQaInput = z.infer<typeof ExportToQaSchema>;

export const FineTuneDeletedSchema = z.object({ _id: Id, deleted: z.literal(true) });
