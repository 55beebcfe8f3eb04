// The scenario sections of the model lifecycle (per workspace): training-data sets and fine-tune
// jobs placed in any state at the scenario's `now`; running ones are continued by the clock.
import { z } from 'zod';
import { validationError } from '../../core/errors.js';
import { TrainingPairSchema, TrainingSourceSchema } from '../../types/model-lifecycle.js';
import { BASE_MODELS, DEFAULT_EPOCHS, MAX_EPOCHS } from '../fine-tune/schema.js';
import type { FineTuneStore } from '../fine-tune/store.js';
import { DEFAULT_MAX_PAIRS, MAX_PAIRS } from './schema.js';
import type { TrainingDataStore } from './store.js';

const Id = z.string().min(1).max(200);

export const TrainingDataDocSchema = z
  .object({
    id: Id.optional(),
    title: z.string().min(1).max(200),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']).default('succeeded'),
    /** For a running set: the percent of sources already read. */
    progress: z.number().int().min(0).max(100).optional(),
    sources: z.array(TrainingSourceSchema.extend({ title: z.string().max(200).default('') })).default([]),
    pairs: z.array(TrainingPairSchema).default([]),
    maxPairs: z.number().int().min(1).max(MAX_PAIRS).default(DEFAULT_MAX_PAIRS),
    error: z.string().max(2000).optional(),
  })
  .strict()
  .superRefine((doc, ctx) => {
    if ((doc.status === 'queued' || doc.status === 'running') && doc.sources.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['sources'], message: 'A queued or running set needs the sources it reads' });
    }
  });

export const FineTuneDocSchema = z
  .object({
    id: Id.optional(),
    title: z.string().min(1).max(200).optional(),
    baseModel: z.enum(BASE_MODELS),
    /** The id of a training-data set of the same workspace. */
    trainingData: Id,
    status: z.enum(['created', 'queued', 'validating', 'running', 'succeeded', 'failed', 'cancelled']).default('succeeded'),
    epochs: z.number().int().min(1).max(MAX_EPOCHS).default(DEFAULT_EPOCHS),
    /** Epochs already trained (running, cancelled or failed jobs); the clock trains the rest. */
    epoch: z.number().int().min(0).max(MAX_EPOCHS).default(0),
    error: z.object({ code: z.string().min(1).max(100), message: z.string().max(2000) }).strict().optional(),
  })
  .strict()
  .superRefine((doc, ctx) => {
    if (doc.epoch > doc.epochs) ctx.addIssue({ code: 'custom', path: ['epoch'], message: 'More than the job’s epochs' });
  });

export type TrainingDataDoc = z.infer<typeof TrainingDataDocSchema>;
export type FineTuneDoc = z.infer<typeof FineTuneDocSchema>;

export interface ModelLifecycleHandles {
  trainingData?: { id: string; title: string; status: string }[];
  fineTunes?: { id: string; status: string; fineTunedModel: string | null }[];
}

/** Loads one workspace's sections; `path` is where the workspace sits in the document (for errors). */
export async function loadModelLifecycle(
  workspaceId: string,
  doc: { trainingData: TrainingDataDoc[]; fineTunes: FineTuneDoc[] },
  stores: { trainingData: TrainingDataStore; fineTunes: FineTuneStore },
  path: string,
): Promise<ModelLifecycleHandles> {
  const out: ModelLifecycleHandles = {};
  if (doc.trainingData.length) out.trainingData = [];
  for (const set of doc.trainingData) {
    const created = await stores.trainingData.create(workspaceId, {
      ...(set.id !== undefined && { id: set.id }),
      title: set.title,
      sources: set.sources,
      maxPairs: set.maxPairs,
      status: set.status,
      ...(set.progress !== undefined && { progress: set.progress }),
      pairs: set.pairs,
      ...(set.error !== undefined && { error: set.error }),
    });
    out.trainingData?.push({ id: created._id, title: created.title, status: created.status });
  }
  if (doc.fineTunes.length) out.fineTunes = [];
  for (const [index, job] of doc.fineTunes.entries()) {
    if (!(await stores.trainingData.get(workspaceId, job.trainingData))) {
      throw validationError('Invalid scenario', [{ path: `${path}.fineTunes[${index}].trainingData`, message: 'Not a training-data set of this workspace' }]);
    }
    const created = await stores.fineTunes.create(workspaceId, {
      ...(job.id !== undefined && { id: job.id }),
      ...(job.title !== undefined && { title: job.title }),
      baseModel: job.baseModel,
      trainingData: job.trainingData,
      epochs: job.epochs,
      status: job.status,
      epoch: job.epoch,
      ...(job.error !== undefined && { error: job.error }),
    });
    out.fineTunes?.push({ id: created._id, status: created.status, fineTunedModel: created.fineTunedModel });
  }
  return out;
}
