// The scenario section `workspaces[].stylePatterns`: style patterns a workspace starts with.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { CreatePatternSchema } from './schema.js';
import type { StylePatternStore } from './store.js';

export const StylePatternSectionSchema = lazySchema(() => z.array(CreatePatternSchema.extend({ id: z.string().check(z.minLength(1), z.maxLength(200)).optional() }).strict()).max(200));
export type StylePatternSection = z.infer<typeof StylePatternSectionSchema>;

export async function loadStylePatterns(section: StylePatternSection, workspaceId: string, store: StylePatternStore): Promise<void> {
  for (const pattern of section) await store.create(workspaceId, pattern);
}
