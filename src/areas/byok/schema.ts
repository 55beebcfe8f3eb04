// Bring-your-own-key provider credential shapes (emulator-defined). The key is write-only.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const BYOK_PROVIDERS = ['openai', 'anthropic', 'google', 'azure-openai', 'mistral'] as const;
export const ByokProviderSchema = lazySchema(() => z.enum(BYOK_PROVIDERS));

/** How many trailing characters of a key the record shows. */
export const KEY_HINT_CHARS = 4;

const ProviderKeySchema = lazySchema(() => z
  .string().check(z.minLength(8, 'A provider key has at least 8 characters'), z.maxLength(4096), z.regex(/^\S+$/, 'A provider key has no whitespace')));

export const CreateByokSchema = lazySchema(() => z
  .strictObject({ provider: ByokProviderSchema, key: ProviderKeySchema, name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional() }));
export type CreateByokInput = z.infer<typeof CreateByokSchema>;

export const RotateByokSchema = lazySchema(() => z.strictObject({ key: ProviderKeySchema }));

export const ByokParamsSchema = lazySchema(() => z.object({ byokId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const ByokListQuerySchema = PageQuerySchema;

export const ByokCredentialSchema = lazySchema(() => z.object({
  id: z.string(),
  workspaceId: z.string(),
  /** One of BYOK_PROVIDERS, or a provider id given on the workspace mount (`TURSO_LIBSQL`). */
  provider: z.union([ByokProviderSchema, z.string()]),
  name: z.string().optional(),
  keyHint: z.string().max(KEY_HINT_CHARS),
  status: z.enum(['active']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  rotatedAt: z.iso.datetime().optional(),
}));
export type ByokCredential = z.infer<typeof ByokCredentialSchema>;

export const ByokListSchema = lazySchema(() => pageSchema(ByokCredentialSchema));
export const ByokDeletedSchema = lazySchema(() => z.object({ status: z.literal('ok'), id: z.string() }));
