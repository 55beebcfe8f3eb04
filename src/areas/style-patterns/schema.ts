// Style pattern inputs (emulator-defined, command-line group `style-pattern`): named style rules and the releases they apply to (public in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

export {
  CreateStylePatternSchema as CreatePatternSchema,
  UpdateStylePatternSchema as UpdatePatternSchema,
  type CreateStylePattern as CreatePatternInput,
  type UpdateStylePattern as UpdatePatternInput,
} from '../../types/qa-inputs.js';

export const PatternParamsSchema = lazySchema(() => z.object({ patternId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const PatternListQuerySchema = lazySchema(() => PageQuerySchema.extend({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)).optional() }));
