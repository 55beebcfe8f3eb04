// Arena preset inputs (emulator-defined, command-line group `arena-preset`): a title and 2..6 variants (public in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

export {
  QaVariantSpecSchema as PresetVariantSchema,
  CreateArenaPresetSchema as CreatePresetSchema,
  UpdateArenaPresetSchema as UpdatePresetSchema,
  type QaVariantSpec as PresetVariantInput,
  type CreateArenaPreset as CreatePresetInput,
  type UpdateArenaPreset as UpdatePresetInput,
} from '../../types/qa-inputs.js';

export const PresetParamsSchema = lazySchema(() => z.object({ presetId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const PresetListQuerySchema = PageQuerySchema;
