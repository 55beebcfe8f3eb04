// The model-edits scenario section (`workspaces[].modelEdits`): corrections in any state at the
// scenario's `now`, e.g. one half-applied (`applying`) that the clock then lands.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import type { ReleaseStore } from '../releases/public.js';
import type { ModelEditStore } from './store.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const ModelEditDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    releaseId: Id,
    title: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
    originalReply: z.string().max(20_000).optional(),
    correctedReply: z.string().check(z.trim(), z.minLength(1), z.maxLength(20_000)),
    status: z.enum(['draft', 'queued', 'applying', 'applied', 'failed', 'reverted']).default('applied'),
    error: z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(100)), message: z.string().max(2000) }).optional(),
  }));

export const ModelEditsSectionSchema = lazySchema(() => z.array(ModelEditDocSchema));
export type ModelEditsSection = z.infer<typeof ModelEditsSectionSchema>;

export async function loadModelEdits(workspaceId: string, section: ModelEditsSection, store: ModelEditStore, releases: ReleaseStore, ownerId: string) {
  const out: { id: string; status: string }[] = [];
  for (const [index, doc] of section.entries()) {
    if (!(await releases.get(doc.releaseId, workspaceId))) {
      throw validationError('Invalid scenario', [{ path: `modelEdits[${index}].releaseId`, message: 'Not a release of this workspace' }]);
    }
    const edit = await store.create(workspaceId, {
      ...(doc.id !== undefined && { id: doc.id }),
      releaseId: doc.releaseId,
      ...(doc.title !== undefined && { title: doc.title }),
      prompt: doc.prompt,
      originalReply: doc.originalReply ?? null,
      correctedReply: doc.correctedReply,
      status: doc.status,
      ...(doc.error !== undefined && { error: doc.error }),
      createdBy: ownerId,
    });
    out.push({ id: edit._id, status: edit.status });
  }
  return out;
}
