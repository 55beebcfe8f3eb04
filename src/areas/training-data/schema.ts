// Request and answer schemas of the training-data routes (emulator-defined shapes).
import { z } from 'zod';
import { TrainingDataSetSchema, TrainingPairSchema } from '../../types/model-lifecycle.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const MAX_SOURCES = 50;
export const DEFAULT_MAX_PAIRS = 50;
export const MAX_PAIRS = 1000;

const Id = z.string().min(1).max(200);

/** At least one source: RAG files, every file of a RAG target, or transcripts. */
export const GenerateSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    fileIds: z.array(Id).min(1).max(MAX_SOURCES).optional(),
    ragVectorId: Id.optional(),
    transcriptIds: z.array(Id).min(1).max(MAX_SOURCES).optional(),
    maxPairs: z.number().int().min(1).max(MAX_PAIRS).optional(),
  })
  .strict()
  .refine((b) => b.fileIds !== undefined || b.ragVectorId !== undefined || b.transcriptIds !== undefined, {
    message: 'Name at least one source: fileIds, ragVectorId or transcriptIds',
    path: ['fileIds'],
  });
export type GenerateInput = z.infer<typeof GenerateSchema>;

export const TrainingDataParamsSchema = z.object({ trainingDataId: Id });
export const TrainingDataListSchema = pageSchema(TrainingDataSetSchema);
export const TrainingDataListQuerySchema = PageQuerySchema;

export const ExportQuerySchema = z.object({ format: z.enum(['jsonl', 'csv']).default('jsonl') });

export const ExportToRagSchema = z
  .object({
    ragVectorId: Id,
    title: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

export const TrainingStatusSchema = TrainingDataSetSchema.pick({ _id: true, status: true, progress: true, pairCount: true, error: true });

export const PairsPageSchema = pageSchema(TrainingPairSchema);

export const ExportedToRagSchema = z.object({
  trainingDataId: Id,
  ragVectorId: Id,
  fileId: Id,
  title: z.string(),
  status: z.string(),
});

export const DeletedSchema = z.object({ _id: Id, deleted: z.literal(true) });
