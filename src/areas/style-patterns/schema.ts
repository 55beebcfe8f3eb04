// Style pattern inputs (emulator-defined, command-line group `style-pattern`): named style rules
// and the releases they apply to.
import { z } from 'zod';
import { PageQuerySchema } from '../workspaces/public.js';

const Title = z.string().trim().min(1).max(200);
const Rules = z.array(z.string().trim().min(1).max(1000)).min(1).max(50);
const ReleaseIds = z
  .array(z.string().min(1).max(200))
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'Each release may appear once');

export const CreatePatternSchema = z
  .object({ title: Title, description: z.string().max(2000).optional(), rules: Rules, releaseIds: ReleaseIds.optional() })
  .strict();
export type CreatePatternInput = z.infer<typeof CreatePatternSchema>;

export const UpdatePatternSchema = z.object({ title: Title, description: z.string().max(2000).nullable(), rules: Rules, releaseIds: ReleaseIds }).partial().strict();
export type UpdatePatternInput = z.infer<typeof UpdatePatternSchema>;

export const PatternParamsSchema = z.object({ patternId: z.string().min(1).max(200) });
export const PatternListQuerySchema = PageQuerySchema.extend({ releaseId: z.string().min(1).max(200).optional() });
