// The scenario section `workspaces[].flaggers`: the flaggers a workspace starts with.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { CreateFlaggerSchema } from '../../types/flaggers-analytics.js';
import type { FlaggerStore } from './store.js';

export const FlaggerSectionSchema = lazySchema(() => z.array(CreateFlaggerSchema.extend({ id: z.string().check(z.minLength(1), z.maxLength(200)).optional() }).strict()).max(200));
export type FlaggerSection = z.infer<typeof FlaggerSectionSchema>;

export async function loadFlaggers(section: FlaggerSection, workspaceId: string, store: FlaggerStore): Promise<void> {
  for (const flagger of section) await store.create(workspaceId, flagger);
}
