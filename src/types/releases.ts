// Releases (spec sections 2 and 3): Release, its config, theme, tool-server (MCP) config, chat CTA card and CTA version history.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { EpochMsSchema, IdSchema, ResourceMetadataSchema } from './common.js';

/** Release status (spec section 3). */
export const ReleaseStatusSchema = lazySchema(() => z.enum(['draft', 'active', 'archived']));
export type ReleaseStatus = z.infer<typeof ReleaseStatusSchema>;

export const AuthModeSchema = lazySchema(() => z.enum(['anonymous', 'required', 'optional']));
export type AuthMode = z.infer<typeof AuthModeSchema>;

/** A catalog model, possibly a fine-tune. */
export const AssistantReferenceSchema = lazySchema(() => z.object({
  id: IdSchema,
  finetune: z.boolean(),
}));
export type AssistantReference = z.infer<typeof AssistantReferenceSchema>;

export const McpRateLimitSchema = lazySchema(() => z.object({
  requestsPerMinute: z.number().check(z.int(), z.nonnegative()),
  requestsPerDay: z.number().check(z.int(), z.nonnegative()),
}));
export type McpRateLimit = z.infer<typeof McpRateLimitSchema>;

/** Tool-server (MCP) exposure of a release. */
export const McpConfigSchema = lazySchema(() => z.object({
  enabled: z.boolean(),
  exposedTools: z.array(z.string()).optional(),
  allowedScopes: z.array(z.string()).optional(),
  mcpRateLimit: McpRateLimitSchema.optional(),
  allowAnonymousMcp: z.boolean().optional(),
  maxSpendPerTokenCents: z.number().nonnegative().optional(),
}));
export type McpConfig = z.infer<typeof McpConfigSchema>;

// Chat call-to-action card.

export const CtaTypeSchema = lazySchema(() => z.enum(['link-out', 'email-gated-download']));
export type CtaType = z.infer<typeof CtaTypeSchema>;

/** When a CTA fires; the default behaviour is `keywords`, once per thread. */
export const CtaTriggerModeSchema = lazySchema(() => z.enum(['keywords', 'interval', 'keywords-or-interval']));
export type CtaTriggerMode = z.infer<typeof CtaTriggerModeSchema>;

/** Form fields of a gated download; email is always collected. */
export const CtaFormFieldSchema = lazySchema(() => z.enum(['email', 'name', 'phone']));
export type CtaFormField = z.infer<typeof CtaFormFieldSchema>;

/** The CTA fields without the write-only token (rules of the spec's CTA table). */
const ChatCTAFields = lazySchema(() => z.object({
  title: z.string().min(1),
  teaserText: z.string().min(1),
  /** Case-insensitive; the first match wins. */
  triggerKeywords: z.array(z.string().min(1)),
  ctaType: CtaTypeSchema,
  buttonLabel: z.string().optional(),
  imageUrl: z.string().optional(),
  successMessage: z.string().optional(),
  consentText: z.string().optional(),
  active: z.boolean().optional(),
  /** Required when `ctaType` is `link-out`. */
  targetUrl: z.string().optional(),
  /** The gated file of an email-gated download; revealed only after a successful form submit. */
  assetUrl: z.string().optional(),
  /** Narrow CRM sync destination (the two allowed names are not shown by the spec). */
  crmDestination: z.string().optional(),
  triggerMode: CtaTriggerModeSchema.optional(),
  /** Fire every Nth assistant reply. */
  intervalMessages: z.number().check(z.int(), z.gte(1), z.lte(100)).optional(),
  /** Do not fire before the Nth reply. */
  minMessagesBeforeFirst: z.number().check(z.int(), z.nonnegative()).optional(),
  maxPerThread: z.number().check(z.int(), z.positive()).default(1),
  /** Minimum replies between fires. */
  cooldownMessages: z.number().check(z.int(), z.nonnegative()).optional(),
  formFields: z.array(CtaFormFieldSchema).optional(),
  /** Challenge on submit. */
  requireCaptcha: z.boolean().optional(),
  /** Optional second write to the customer's own mailing list. */
  constantContactListId: z.string().optional(),
}));

type CtaTargetCheck = { ctaType: CtaType; targetUrl?: string | undefined };
const linkOutHasTarget = (cta: CtaTargetCheck) => cta.ctaType !== 'link-out' || (cta.targetUrl ?? '').length > 0;
const linkOutRule = { message: 'targetUrl is required for a link-out CTA', path: ['targetUrl'] };

/**
 * A chat CTA as written (release config input). `constantContactAccessToken` is write-only: omit it on
 * update to keep the stored one, send an empty string to clear it.
 */
export const ChatCTASchema = lazySchema(() => ChatCTAFields.extend({
  constantContactAccessToken: z.string().optional(),
}).refine(linkOutHasTarget, linkOutRule));
export type ChatCTA = z.infer<typeof ChatCTASchema>;
export type ChatCTAInput = z.input<typeof ChatCTASchema>;

/** A chat CTA as read back: never carries `constantContactAccessToken` (its presence fails the parse). */
export const ChatCTAPublicSchema = lazySchema(() => ChatCTAFields.extend({
  constantContactAccessToken: z.never().optional(),
}).refine(linkOutHasTarget, linkOutRule));
export type ChatCTAPublic = z.infer<typeof ChatCTAPublicSchema>;

export const CtaVersionSourceSchema = lazySchema(() => z.enum(['user', 'agent', 'restore']));
export type CtaVersionSource = z.infer<typeof CtaVersionSourceSchema>;

/** A stored CTA revision (read-only); the snapshot holds the editable fields without the write-only token. */
export const CtaVersionEntrySchema = lazySchema(() => z.object({
  version: z.number().check(z.int(), z.positive()),
  savedAt: EpochMsSchema,
  source: CtaVersionSourceSchema,
  snapshot: ChatCTAPublicSchema,
}));
export type CtaVersionEntry = z.infer<typeof CtaVersionEntrySchema>;

// Release configuration.

/** Release `config`; every field optional. */
export const ReleaseConfigSchema = lazySchema(() => z.object({
  model: z.string().optional(),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().check(z.int(), z.positive()).optional(),
  temperature: z.number().check(z.gte(0), z.lte(2)).optional(),
  ragCollectionIds: z.array(IdSchema).optional(),
  contextBubbles: z.boolean().optional(),
  productRecommendations: z.boolean().optional(),
  helpRequests: z.boolean().optional(),
  notifications: z.boolean().optional(),
  metrics: z.boolean().optional(),
  welcomeMessage: z.string().optional(),
  chatDisclaimer: z.string().optional(),
  conversationStarters: z.array(z.string()).optional(),
  chatCTA: ChatCTASchema.optional(),
  /** Routes inference through a provider credential. */
  byokId: IdSchema.optional(),
  /** Turns one anonymous conversation may take (real clients' top-level `maxAnonymousChatMessages`). */
  maxAnonymousChatMessages: z.number().check(z.int(), z.gte(1)).optional(),
  /** Landing-page chat needs the signed headers (the CLI's `--require-signed-anonymous-chat`). */
  requireSignedAnonymousChat: z.boolean().optional(),
}));
export type ReleaseConfig = z.infer<typeof ReleaseConfigSchema>;

/** Release `theme`; every field optional. */
export const ThemeSchema = lazySchema(() => z.object({
  primaryColor: z.string().optional(),
  secondaryColor: z.string().optional(),
  backgroundColor: z.string().optional(),
  textColor: z.string().optional(),
  fontFamily: z.string().optional(),
  logoUrl: z.string().optional(),
  faviconUrl: z.string().optional(),
  darkMode: z.boolean().optional(),
  customCss: z.string().optional(),
}));
export type Theme = z.infer<typeof ThemeSchema>;

/** A release as read: its CTA never carries the write-only token. */
export const ReleaseSchema = lazySchema(() => z.object({
  id: IdSchema,
  name: z.string(),
  status: ReleaseStatusSchema,
  workspaceId: IdSchema,
  authMode: AuthModeSchema,
  config: ReleaseConfigSchema.extend({ chatCTA: ChatCTAPublicSchema.optional() }),
  theme: ThemeSchema.optional(),
  allowedOrigins: z.array(z.string()),
  /** Ordered chain: on a retryable primary failure the first success wins. */
  fallbackAssistants: z.array(AssistantReferenceSchema).optional(),
  mcpConfig: McpConfigSchema.optional(),
  metadata: ResourceMetadataSchema,
}));
export type Release = z.infer<typeof ReleaseSchema>;

export const CreateReleaseOptionsSchema = lazySchema(() => z.object({
  name: z.string().min(1),
  workspaceId: IdSchema,
  authMode: AuthModeSchema.optional(),
  config: ReleaseConfigSchema.optional(),
  theme: ThemeSchema.optional(),
  allowedOrigins: z.array(z.string()).optional(),
  fallbackAssistants: z.array(AssistantReferenceSchema).optional(),
}));
export type CreateReleaseOptions = z.infer<typeof CreateReleaseOptionsSchema>;

// The document-style release of real clients (REAL-WIRE section 2: divinci-ai/divinci-demo-pipeline-oss
// `targets/cloudflare/src/release.js`, `orchestrator/src/api-contracts.test.ts`). Served beside the
// spec-typed fields above, each pair kept equal: `_id` = `id`, `title` = `name`, `ragIndexes` =
// `config.ragCollectionIds`, `assistant` = `config.model`, `allowAnonymousChat` = authMode is
// anonymous or optional.

/** A RAG vector index attached to a release, as real clients send and read it. */
export const RagIndexRefSchema = lazySchema(() => z.object({ id: IdSchema }));
export type RagIndexRef = z.infer<typeof RagIndexRefSchema>;

/** The prompt guards of a release (`castPromptModerationConfig` on the real service). */
export const PromptModerationSchema = lazySchema(() => z.object({
  noHarmful: z.object({ title: z.string(), on: z.boolean() }),
  onTopic: z.object({ title: z.string(), minimumContext: z.number().nonnegative(), minimumTokens: z.number().nonnegative() }),
  custom: z.array(z.unknown()),
}));
export type PromptModeration = z.infer<typeof PromptModerationSchema>;

export const PublicResponseCacheSchema = lazySchema(() => z.object({ enabled: z.boolean() }));
export type PublicResponseCache = z.infer<typeof PublicResponseCacheSchema>;

/** The document-style fields every release answer carries beside the spec's `Release` (from real clients). */
export const ReleaseWireFieldsSchema = lazySchema(() => z.object({
  _id: IdSchema,
  title: z.string(),
  slug: z.string().optional(),
  description: z.string().optional(),
  /**
   * `config.model` as `{id, finetune}`: a model string `ft:<id>` is the fine-tune `<id>`, any other
   * string the catalog model of that id. Absent when the release names no model.
   */
  assistant: AssistantReferenceSchema.optional(),
  ragIndexes: z.array(RagIndexRefSchema),
  allowAnonymousChat: z.boolean(),
  /** `config.maxAnonymousChatMessages`: the turns one anonymous conversation may take. */
  maxAnonymousChatMessages: z.number().check(z.int(), z.gte(1)).optional(),
  /** `config.requireSignedAnonymousChat`: landing chat needs the HMAC headers. */
  requireSignedAnonymousChat: z.boolean().optional(),
  promptModeration: PromptModerationSchema.optional(),
  publicResponseCache: PublicResponseCacheSchema.optional(),
  themeOverride: z.record(z.string(), z.unknown()).optional(),
  /** Set once the release is published (an embed snippet can reach it); null for a draft. */
  embedKey: z.string().nullable(),
  /** Set once `POST /api/v1/releases/{id}/deprecate` withdrew it (emulator-defined marker). */
  deprecatedAt: z.string().optional(),
}));
export type ReleaseWireFields = z.infer<typeof ReleaseWireFieldsSchema>;

/** A release as every release route answers it: the spec's shape and the real clients' document (from real clients). */
export const ReleaseWireSchema = lazySchema(() => ReleaseSchema.extend(ReleaseWireFieldsSchema.shape));
export type ReleaseWire = z.infer<typeof ReleaseWireSchema>;

/**
 * The draft body real clients send to `POST /api/v1/releases` and, whole, to
 * `PATCH /api/v1/releases/{id}` (demo-pipeline `buildReleaseBody`). `ragIndexes` entries may also
 * be bare id strings.
 */
export const ReleaseDraftBodySchema = lazySchema(() => z.object({
  slug: z.string().optional(),
  title: z.string().min(1),
  description: z.string().optional(),
  allowAnonymousChat: z.boolean().optional(),
  maxAnonymousChatMessages: z.number().check(z.int(), z.gte(1)).optional(),
  assistant: AssistantReferenceSchema.optional(),
  promptModeration: PromptModerationSchema.optional(),
  ragIndexes: z.array(z.union([RagIndexRefSchema, IdSchema])).optional(),
  publicResponseCache: PublicResponseCacheSchema.optional(),
  themeOverride: z.record(z.string(), z.unknown()).optional(),
}));
export type ReleaseDraftBody = z.infer<typeof ReleaseDraftBodySchema>;

/**
 * `GET /white-label-release/{id}`, the public bootstrap (no credentials; from real clients:
 * demo-pipeline `orchestrator/src/qa.ts`, `demo-health.ts`; landing template `src/worker.ts`).
 * Only a published release is served, with `status: "available"`.
 */
export const ReleaseBootstrapSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  name: z.string(),
  status: z.literal('available'),
  allowAnonymousChat: z.boolean(),
  authMode: AuthModeSchema,
  /** The owning workspace (the real service's whitelabel). */
  whitelabel: IdSchema,
  /** The owning workspace, as the spec's sign-in section names it. */
  target: IdSchema,
  workspaceId: IdSchema,
  /** An https avatar URL for the chat UI. */
  _whitelabelPicture: z.string(),
  slug: z.string().optional(),
  description: z.string().optional(),
  maxAnonymousChatMessages: z.number().int().optional(),
  requireSignedAnonymousChat: z.boolean().optional(),
  assistant: AssistantReferenceSchema.optional(),
  theme: ThemeSchema.optional(),
  themeOverride: z.record(z.string(), z.unknown()).optional(),
  welcomeMessage: z.string().optional(),
  chatDisclaimer: z.string().optional(),
  conversationStarters: z.array(z.string()).optional(),
  publicResponseCache: PublicResponseCacheSchema.optional(),
  embedKey: z.string().nullable(),
}));
export type ReleaseBootstrap = z.infer<typeof ReleaseBootstrapSchema>;
