// Shapes of the validate-key route (emulator-defined: the spec shows none).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

export const ValidateKeyBodySchema = lazySchema(() => z.object({ apiKey: z.string() }));

export const ValidateKeyAnswerSchema = lazySchema(() => z.object({
  valid: z.literal(true),
  workspaceId: z.string(),
  keyId: z.string(),
  permissions: z.array(z.string()),
  key: z.object({ id: z.string(), name: z.string(), keyPrefix: z.string(), status: z.string() }),
  workspace: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
}));
