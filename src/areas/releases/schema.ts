// Release request and response shapes (spec section 2 `Release`, CLI `release` group), built on the
// shared types of service-emulator/types.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { IdSchema } from '../../types/common.js';
import {
  AssistantReferenceSchema,
  AuthModeSchema,
  McpConfigSchema,
  PromptModerationSchema,
  PublicResponseCacheSchema,
  RagIndexRefSchema,
  ReleaseBootstrapSchema,
  ReleaseConfigSchema,
  ReleaseStatusSchema,
  ReleaseWireSchema,
  ThemeSchema,
} from '../../types/releases.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const MAX_NAME_CHARS = 200;
export const MAX_ORIGINS = 100;
export const MAX_FALLBACKS = 10;

/**
 * `config` as written: the spec's fields with their rules (temperature 0..2, chatCTA by the CTA
 * schema...); further keys (the CLI's `--rerank-max-chunks`, `--ai-gateway`...) are kept as given.
 */
export const ReleaseConfigInputSchema = lazySchema(() => ReleaseConfigSchema.catchall(z.unknown()));
export const ThemeInputSchema = lazySchema(() => ThemeSchema.strict());
export const McpConfigInputSchema = lazySchema(() => McpConfigSchema.extend({
  mcpRateLimit: McpConfigSchema.shape.mcpRateLimit.unwrap().strict().optional(),
}).strict());
const FallbacksSchema = lazySchema(() => z.array(AssistantReferenceSchema.strict()).max(MAX_FALLBACKS));
const OriginsSchema = lazySchema(() => z.array(z.string().check(z.minLength(1), z.maxLength(500))).max(MAX_ORIGINS));
const NameSchema = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_CHARS)));

const ChatRefSchema = lazySchema(() => z.strictObject({ id: IdSchema }).nullable().optional());

/**
 * The document-style fields real clients write (REAL-WIRE section 2, demo-pipeline `buildReleaseBody`),
 * accepted beside the spec-typed ones; a pair given on both sides must agree (else 400 naming both).
 */
const WireInputFields = lazySchema(() => ({
  title: NameSchema.optional(),
  slug: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_CHARS)).optional(),
  description: z.string().max(5000).optional(),
  allowAnonymousChat: z.boolean().optional(),
  maxAnonymousChatMessages: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)).optional(),
  requireSignedAnonymousChat: z.boolean().optional(),
  assistant: AssistantReferenceSchema.strict().optional(),
  promptModeration: PromptModerationSchema.optional(),
  /** `[{id}]` as the real clients send it; bare id strings are taken too. */
  ragIndexes: z.array(z.union([RagIndexRefSchema.strict(), IdSchema])).max(MAX_ORIGINS).optional(),
  publicResponseCache: PublicResponseCacheSchema.strict().optional(),
  themeOverride: z.record(z.string(), z.unknown()).optional(),
  /** References to workspace chat resources (`{id}`; null removes the reference). */
  conversationStarter: ChatRefSchema,
  chatWelcomeMessage: ChatRefSchema,
  threadPrefix: ChatRefSchema,
  msgPrefix: ChatRefSchema,
}));
export type WireInput = {
  conversationStarter?: { id: string } | null | undefined;
  chatWelcomeMessage?: { id: string } | null | undefined;
  threadPrefix?: { id: string } | null | undefined;
  msgPrefix?: { id: string } | null | undefined;
  title?: string | undefined;
  slug?: string | undefined;
  description?: string | undefined;
  allowAnonymousChat?: boolean | undefined;
  maxAnonymousChatMessages?: number | undefined;
  requireSignedAnonymousChat?: boolean | undefined;
  assistant?: { id: string; finetune: boolean } | undefined;
  promptModeration?: z.infer<typeof PromptModerationSchema> | undefined;
  ragIndexes?: ({ id: string } | string)[] | undefined;
  publicResponseCache?: { enabled: boolean } | undefined;
  themeOverride?: Record<string, unknown> | null | undefined;
};

export const CreateReleaseSchema = lazySchema(() => z
  .strictObject({
    /** Required unless `title` names the release. */
    name: NameSchema.optional(),
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
    ...WireInputFields,
  })
  .superRefine((body, ctx) => {
    if (body.name === undefined && body.title === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name the release: name or title is required' });
  }));
export type CreateReleaseInput = z.infer<typeof CreateReleaseSchema>;

/**
 * A release update. `config` and `theme` are merged key by key (a null value removes the key) and
 * the result is checked as a whole; `mcpConfig` and `fallbackAssistants` are replaced (null clears).
 * `status` moves between draft and archived; only publish makes a release active.
 */
export const UpdateReleaseSchema = lazySchema(() => z
  .strictObject({
    name: NameSchema.optional(),
    status: ReleaseStatusSchema.optional(),
    authMode: AuthModeSchema.optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    theme: z.record(z.string(), z.unknown()).nullable().optional(),
    allowedOrigins: OriginsSchema.optional(),
    fallbackAssistants: FallbacksSchema.nullable().optional(),
    mcpConfig: McpConfigInputSchema.nullable().optional(),
    ...WireInputFields,
    /** A whole document read back may carry these: `_id` must be the release's, `embedKey` is read-only and ignored. */
    _id: IdSchema.optional(),
    embedKey: z.string().nullable().optional(),
    themeOverride: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'active') {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Publish the release (POST /api/v1/releases/{releaseId}/publish) to make it active' });
    }
  }));
export type UpdateReleaseInput = z.infer<typeof UpdateReleaseSchema>;

export const CloneReleaseSchema = lazySchema(() => z
  .strictObject({
    toWorkspaceId: IdSchema,
    name: NameSchema.optional(),
    /** Old RAG collection id → id in the target workspace (CLI `--rag-id-map`). */
    ragIdMap: z.record(IdSchema, IdSchema).optional(),
  }));
export type CloneReleaseInput = z.infer<typeof CloneReleaseSchema>;

export const DeriveThemeSchema = lazySchema(() => z
  .strictObject({
    /** A site address (http or https) or the id of another release of the workspace. */
    from: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
    /** Store the derived theme on the release (default true); false only answers it. */
    apply: z.boolean().default(true),
  }));
export type DeriveThemeInput = z.infer<typeof DeriveThemeSchema>;

export const ReleaseListQuerySchema = lazySchema(() => PageQuerySchema.extend({ status: ReleaseStatusSchema.optional() }));
export type ReleaseListQuery = z.infer<typeof ReleaseListQuerySchema>;

export const ReleaseParamsSchema = lazySchema(() => z.object({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)) }));

// Responses.

export const ReleaseAnswerSchema = lazySchema(() => ReleaseWireSchema.extend({ config: ReleaseConfigInputSchema }));
export const ReleaseListSchema = lazySchema(() => pageSchema(ReleaseAnswerSchema));
export const ReleaseDeletedSchema = lazySchema(() => z.object({ id: z.string(), deleted: z.literal(true) }));
export const ThemeAnswerSchema = ThemeSchema;
export const BootstrapAnswerSchema = ReleaseBootstrapSchema;
