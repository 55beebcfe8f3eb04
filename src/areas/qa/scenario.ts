// The scenario section `workspaces[].qaSuites`: suites with tests, and runs in any state (queued,
// half-way at the scenario's `now`, completed, failed, cancelled), built by the same run engine.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { RunStatusSchema, TestInputSchema, VariantSchema } from './schema.js';
import { itemsOf } from './run-store.js';
import type { QaService } from './service.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

const RunSectionSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    kind: z.enum(['single', 'multi-release', 'arena', 'trust']).default('single'),
    releaseIds: z.array(Id).min(1).max(10).optional(),
    variants: z.array(VariantSchema).min(2).max(6).optional(),
    status: RunStatusSchema,
    /** Results already in (running, failed or cancelled runs); a completed run has them all. */
    completed: z.number().check(z.int(), z.gte(0), z.lte(5000)).optional(),
    /** Why a failed run failed (or, with `failAfter`, why it will fail). */
    error: z.string().check(z.minLength(1), z.maxLength(500)).optional(),
    /** A queued or running run that fails on the clock: once it holds this many results, it fails with `error`. */
    failAfter: z.number().check(z.int(), z.gte(0), z.lte(5000)).optional(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
  })
  .superRefine((run, ctx) => {
    if (run.failAfter !== undefined && run.status !== 'queued' && run.status !== 'running') {
      ctx.addIssue({ code: 'custom', path: ['failAfter'], message: 'Only a queued or running run can fail on the clock' });
    }
    if (run.failAfter !== undefined && run.failAfter < (run.completed ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['failAfter'], message: 'At least the results already in (`completed`)' });
    }
    if (run.kind === 'arena' ? run.variants === undefined : run.releaseIds === undefined) {
      ctx.addIssue({ code: 'custom', path: [run.kind === 'arena' ? 'variants' : 'releaseIds'], message: run.kind === 'arena' ? 'An arena run names its variants' : 'A run names its releases' });
    }
  }));

export const QaSectionSchema = lazySchema(() => z
  .array(
    z
      .strictObject({
        id: Id.optional(),
        title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
        description: z.string().max(2000).optional(),
        passThreshold: z.number().check(z.gte(0), z.lte(1)).optional(),
        tests: z.array(TestInputSchema.extend({ id: Id.optional() }).strict()).max(500),
        runs: z.array(RunSectionSchema).max(100).optional(),
      }),
  )
  .max(100));
export type QaSection = z.infer<typeof QaSectionSchema>;

export async function loadQaSuites(section: QaSection, workspaceId: string, qa: QaService): Promise<void> {
  for (const [i, entry] of section.entries()) {
    const suite = await qa.suites.create(workspaceId, entry);
    for (const [j, spec] of (entry.runs ?? []).entries()) {
      const where = `qaSuites[${i}].runs[${j}]`;
      const variants = spec.variants ? await qa.variantsOf(workspaceId, { variants: spec.variants }) : undefined;
      const releaseIds = variants ? [...new Set(variants.map((v) => v.releaseId))] : (spec.releaseIds as string[]);
      const run = await qa
        .prepare(workspaceId, { kind: spec.kind, suiteId: suite._id, releaseIds, ...(variants && { variants }), ...(spec.title !== undefined && { title: spec.title }) }, { ...(spec.id !== undefined && { id: spec.id }) })
        .catch((err: Error) => {
          throw validationError('Invalid scenario', [{ path: where, message: err.message }]);
        });
      const now = run.createdAt;
      if (spec.status !== 'queued') {
        run.status = 'running';
        run.startedAt = now;
      }
      // A completed run answers everything; a running one stops at least one short of the end.
      const total = itemsOf(run);
      if (spec.failAfter !== undefined) {
        if (spec.failAfter >= total) throw validationError('Invalid scenario', [{ path: `${where}.failAfter`, message: `Fewer than the run's ${total} results (it would complete first)` }]);
        run.plannedFailure = { after: spec.failAfter, message: spec.error ?? 'The run failed' };
      }
      const target = spec.status === 'completed' ? total : Math.min(spec.completed ?? 0, spec.status === 'running' ? total - 1 : total);
      while (run.status === 'running' && run.results.length < target) await qa.engine.advance(run);
      if (spec.status === 'failed' || spec.status === 'cancelled') {
        run.status = spec.status;
        run.completedAt = now;
        if (spec.status === 'failed') run.error = { code: 'RUN_FAILED', message: spec.error ?? 'The run failed' };
      }
      await qa.engine.start(run);
    }
  }
}
