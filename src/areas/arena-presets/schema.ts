// Arena preset inputs (emulator-defined, command-line group `arena-preset`): a title and 2..6 variants.
import { z } from 'zod';
import { PageQuerySchema } from '../workspaces/public.js';

export const PresetVariantSchema = z
  .object({
    label: z.string().trim().min(1).max(100).optional(),
    releaseId: z.string().min(1).max(200),
    model: z.string().trim().min(1).max(200).optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();
export type PresetVariantInput = z.infer<typeof PresetVariantSchema>;

const Title = z.string().trim().min(1).max(200);
const Variants = z.array(PresetVariantSchema).min(2).max(6);

export const CreatePresetSchema = z.object({ title: Title, description: z.string().max(2000).optional(), variants: Variants }).strict();
export type CreatePresetInput = z.infer<typeof CreatePresetSchema>;

export const UpdatePresetSchema = z.object({ title: Title, description: z.string().max(2000).nullable(), variants: Variants }).partial().strict();
export type UpdatePresetInput = z.infer<typeof UpdatePresetSchema>;

export const PresetParamsSchema = z.object({ presetId: z.string().min(1).max(200) });
export const PresetListQuerySchema = PageQuerySchema;
