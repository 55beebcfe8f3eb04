// The fine-tune scenario section (`workspaces[].fineTunes`): jobs in any state at the scenario's
// `now`, e.g. one half-way through training that the clock then finishes.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { BASE_MODELS, DEFAULT_EPOCHS, MAX_EPOCHS } from './schema.js';
import type { FineTuneStore, TrainingDataReader } from './store.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const FineTuneDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    title: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    baseModel: z.enum(BASE_MODELS),
    /** The id of a training-data set of the same workspace (its `trainingData` section). */
    trainingData: Id,
    status: z.enum(['created', 'queued', 'validating', 'running', 'succeeded', 'failed', 'cancelled']).default('succeeded'),
    epochs: z.number().check(z.int(), z.gte(1), z.lte(MAX_EPOCHS)).default(DEFAULT_EPOCHS),
    /** Epochs already trained (a running, cancelled or failed job); the clock trains the rest. */
    epoch: z.number().check(z.int(), z.gte(0), z.lte(MAX_EPOCHS)).default(0),
    error: z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(100)), message: z.string().max(2000) }).optional(),
  })
  .superRefine((doc, ctx) => {
    if (doc.epoch > doc.epochs) ctx.addIssue({ code: 'custom', path: ['epoch'], message: 'More than the job’s epochs' });
  }));

export const FineTuneSectionSchema = lazySchema(() => z.array(FineTuneDocSchema));
export type FineTuneSection = z.infer<typeof FineTuneSectionSchema>;

export async function loadFineTunes(workspaceId: string, section: FineTuneSection, store: FineTuneStore, data: TrainingDataReader, path: string) {
  const out: { id: string; status: string; fineTunedModel: string | null }[] = [];
  for (const [index, job] of section.entries()) {
    if (!(await data.get(workspaceId, job.trainingData))) {
      throw validationError('Invalid scenario', [{ path: `${path}[${index}].trainingData`, message: 'Not a training-data set of this workspace' }]);
    }
    const created = await store.create(workspaceId, {
      ...(job.id !== undefined && { id: job.id }),
      ...(job.title !== undefined && { title: job.title }),
      baseModel: job.baseModel,
      trainingData: job.trainingData,
      epochs: job.epochs,
      status: job.status,
      epoch: job.epoch,
      ...(job.error !== undefined && { error: job.error }),
    });
    out.push({ id: created._id, status: created.status, fineTunedModel: created.fineTunedModel });
  }
  return out;
}
