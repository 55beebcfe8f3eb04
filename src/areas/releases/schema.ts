// Release request and response shapes (spec section 2 `Release`, CLI `release` group), built on the
// shared types of service-emulator/types.
import { z } from 'zod';
import { IdSchema } from '../../types/common.js';
import {
  AssistantReferenceSchema,
  AuthModeSchema,
  McpConfigSchema,
  ReleaseConfigSchema,
  ReleaseSchema,
  ReleaseStatusSchema,
  ThemeSchema,
} from '../../types/releases.js';
import { PageQuerySchema, pageSchema } from '../workspaces/paging.js';

export const MAX_NAME_CHARS = 200;
export const MAX_ORIGINS = 100;
export const MAX_FALLBACKS = 10;

/**
 * `config` as written: the spec's fields with their rules (temperature 0..2, chatCTA by the CTA
 * schema...); further keys (the CLI's `--rerank-max-chunks`, `--ai-gateway`...) are kept as given.
 */
export const ReleaseConfigInputSchema = ReleaseConfigSchema.catchall(z.unknown());
export const ThemeInputSchema = ThemeSchema.strict();
export const McpConfigInputSchema = McpConfigSchema.extend({
  mcpRateLimit: McpConfigSchema.shape.mcpRateLimit.unwrap().strict().optional(),
}).strict();
const FallbacksSchema = z.array(AssistantReferenceSchema.strict()).max(MAX_FALLBACKS);
const OriginsSchema = z.array(z.string().min(1).max(500)).max(MAX_ORIGINS);
const NameSchema = z.string().trim().min(1).max(MAX_NAME_CHARS);

export const CreateReleaseSchema = z
  .object({
    name: NameSchema,
    /** Optional: the workspace comes from the caller; when given it must be that workspace. */
    workspaceId: IdSchema.optional(),
    /** Another release of the workspace whose settings the new one starts from (CLI `--from`). */
    from: IdSchema.optional(),
    authMode: AuthModeSchema.optional(),
    config: ReleaseConfigInputSchema.optional(),
    theme: ThemeInputSchema.optional(),
    allowedOrigins: OriginsSchema.optional(),
    fallbackAssistants: FallbacksSchema.optional(),
    mcpConfig: McpConfigInputSchema.optional(),
  })
  .strict();
export type CreateReleaseInput = z.infer<typeof CreateReleaseSchema>;

/**
 * A release update. `config` and `theme` are merged key by key (a null value removes the key) and
 * the result is checked as a whole; `mcpConfig` and `fallbackAssistants` are replaced (null clears).
 * `status` moves between draft and archived; only publish makes a release active.
 */
export const UpdateReleaseSchema = z
  .object({
    name: NameSchema.optional(),
    status: ReleaseStatusSchema.optional(),
    authMode: AuthModeSchema.optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    theme: z.record(z.string(), z.unknown()).nullable().optional(),
    allowedOrigins: OriginsSchema.optional(),
    fallbackAssistants: FallbacksSchema.nullable().optional(),
    mcpConfig: McpConfigInputSchema.nullable().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.status === 'active') {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Publish the release (POST /api/v1/releases/{releaseId}/publish) to make it active' });
    }
  });
export type UpdateReleaseInput = z.infer<typeof UpdateReleaseSchema>;

export const CloneReleaseSchema = z
  .object({
    toWorkspaceId: IdSchema,
    name: NameSchema.optional(),
    /** Old RAG collection id → id in the target workspace (CLI `--rag-id-map`). */
    ragIdMap: z.record(IdSchema, IdSchema).optional(),
  })
  .strict();
export type CloneReleaseInput = z.infer<typeof CloneReleaseSchema>;

export const DeriveThemeSchema = z
  .object({
    /** A site address (http or https) or the id of another release of the workspace. */
    from: z.string().trim().min(1).max(2000),
    /** Store the derived theme on the release (default true); false only answers it. */
    apply: z.boolean().default(true),
  })
  .strict();
export type DeriveThemeInput = z.infer<typeof DeriveThemeSchema>;

export const ReleaseListQuerySchema = PageQuerySchema.extend({ status: ReleaseStatusSchema.optional() });
export type ReleaseListQuery = z.infer<typeof ReleaseListQuerySchema>;

export const ReleaseParamsSchema = z.object({ releaseId: z.string().min(1).max(200) });

// Responses.

export const ReleaseAnswerSchema = ReleaseSchema.extend({ config: ReleaseConfigInputSchema });
export const ReleaseListSchema = pageSchema(ReleaseAnswerSchema);
export const ReleaseDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export const ThemeAnswerSchema = ThemeSchema;
