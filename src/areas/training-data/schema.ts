// Request and answer schemas of the training-data routes (emulator-defined shapes; the public ones live in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { TrainingDataSetSchema, TrainingPairSchema } from '../../types/model-lifecycle.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export {
  TRAINING_DATA_MAX_SOURCES as MAX_SOURCES,
  TRAINING_DATA_DEFAULT_MAX_PAIRS as DEFAULT_MAX_PAIRS,
  TRAINING_DATA_MAX_PAIRS as MAX_PAIRS,
  TrainingDataGenerateSchema as GenerateSchema,
  TrainingDataExportQuerySchema as ExportQuerySchema,
  TrainingDataExportToRagSchema as ExportToRagSchema,
  TrainingDataExportedToRagSchema as ExportedToRagSchema,
  TrainingDataStatusAnswerSchema as TrainingStatusSchema,
  LifecycleDeletedSchema as DeletedSchema,
  type TrainingDataGenerate as GenerateInput,
} from '../../types/lifecycle-inputs.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const TrainingDataParamsSchema = lazySchema(() => z.object({ trainingDataId: Id }));
export const TrainingDataListSchema = lazySchema(() => pageSchema(TrainingDataSetSchema));
export const TrainingDataListQuerySchema = PageQuerySchema;
export const PairsPageSchema = lazySchema(() => pageSchema(TrainingPairSchema));
