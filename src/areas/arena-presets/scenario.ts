// The scenario section `workspaces[].arenaPresets`: presets a workspace starts with.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { CreatePresetSchema } from './schema.js';
import type { ArenaPresetStore } from './store.js';

export const ArenaPresetSectionSchema = lazySchema(() => z.array(CreatePresetSchema.extend({ id: z.string().check(z.minLength(1), z.maxLength(200)).optional() }).strict()).max(200));
export type ArenaPresetSection = z.infer<typeof ArenaPresetSectionSchema>;

export async function loadArenaPresets(section: ArenaPresetSection, workspaceId: string, store: ArenaPresetStore): Promise<void> {
  for (const preset of section) await store.create(workspaceId, preset);
}
