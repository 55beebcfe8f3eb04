// Request and answer schemas of the fine-tune routes (emulator-defined shapes; the public ones live in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { FineTuneJobSchema } from '../../types/model-lifecycle.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export {
  FINE_TUNE_BASE_MODELS as BASE_MODELS,
  FINE_TUNE_DEFAULT_EPOCHS as DEFAULT_EPOCHS,
  FINE_TUNE_MAX_EPOCHS as MAX_EPOCHS,
  CreateFineTuneSchema,
  FineTuneStatusAnswerSchema,
  FineTuneCopyFromSchema as CopyFromSchema,
  FineTuneExportToQaSchema as ExportToQaSchema,
  LifecycleDeletedSchema as FineTuneDeletedSchema,
  type CreateFineTune as CreateFineTuneInput,
  type FineTuneExportToQa as ExportToQaInput,
} from '../../types/lifecycle-inputs.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const FineTuneParamsSchema = lazySchema(() => z.object({ fineTuneId: Id }));
export const FineTuneListQuerySchema = PageQuerySchema;
export const FineTuneListSchema = lazySchema(() => pageSchema(FineTuneJobSchema));
