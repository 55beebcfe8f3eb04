// The training-data scenario section (`workspaces[].trainingData`): sets placed in any state at the
// scenario's `now`; a queued or running one is continued by the clock.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { TrainingPairSchema, TrainingSourceSchema } from '../../types/model-lifecycle.js';
import { DEFAULT_MAX_PAIRS, MAX_PAIRS } from './schema.js';
import type { TrainingDataStore } from './store.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const TrainingDataDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']).default('succeeded'),
    /** For a running set: the percent of sources already read. */
    progress: z.number().check(z.int(), z.gte(0), z.lte(100)).optional(),
    sources: z.array(TrainingSourceSchema.extend({ title: z.string().max(200).default('') })).default([]),
    pairs: z.array(TrainingPairSchema).default([]),
    maxPairs: z.number().check(z.int(), z.gte(1), z.lte(MAX_PAIRS)).default(DEFAULT_MAX_PAIRS),
    error: z.string().max(2000).optional(),
  })
  .superRefine((doc, ctx) => {
    if ((doc.status === 'queued' || doc.status === 'running') && doc.sources.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['sources'], message: 'A queued or running set needs the sources it reads' });
    }
  }));

export const TrainingDataSectionSchema = lazySchema(() => z.array(TrainingDataDocSchema));
export type TrainingDataSection = z.infer<typeof TrainingDataSectionSchema>;

export async function loadTrainingData(workspaceId: string, section: TrainingDataSection, store: TrainingDataStore) {
  const out: { id: string; title: string; status: string }[] = [];
  for (const set of section) {
    const created = await store.create(workspaceId, {
      ...(set.id !== undefined && { id: set.id }),
      title: set.title,
      sources: set.sources,
      maxPairs: set.maxPairs,
      status: set.status,
      ...(set.progress !== undefined && { progress: set.progress }),
      pairs: set.pairs,
      ...(set.error !== undefined && { error: set.error }),
    });
    out.push({ id: created._id, title: created.title, status: created.status });
  }
  return out;
}
