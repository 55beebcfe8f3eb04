// Releases (spec sections 2 and 3): Release, its config, theme, tool-server (MCP) config, chat CTA card and CTA version history.
import { z } from 'zod';
import { EpochMsSchema, IdSchema, ResourceMetadataSchema } from './common.js';

/** Release status (spec section 3). */
export const ReleaseStatusSchema = z.enum(['draft', 'active', 'archived']);
export type ReleaseStatus = z.infer<typeof ReleaseStatusSchema>;

export const AuthModeSchema = z.enum(['anonymous', 'required', 'optional']);
export type AuthMode = z.infer<typeof AuthModeSchema>;

/** A catalog model, possibly a fine-tune. */
export const AssistantReferenceSchema = z.object({
  id: IdSchema,
  finetune: z.boolean(),
});
export type AssistantReference = z.infer<typeof AssistantReferenceSchema>;

export const McpRateLimitSchema = z.object({
  requestsPerMinute: z.number().int().nonnegative(),
  requestsPerDay: z.number().int().nonnegative(),
});
export type McpRateLimit = z.infer<typeof McpRateLimitSchema>;

/** Tool-server (MCP) exposure of a release. */
export const McpConfigSchema = z.object({
  enabled: z.boolean(),
  exposedTools: z.array(z.string()).optional(),
  allowedScopes: z.array(z.string()).optional(),
  mcpRateLimit: McpRateLimitSchema.optional(),
  allowAnonymousMcp: z.boolean().optional(),
  maxSpendPerTokenCents: z.number().nonnegative().optional(),
});
export type McpConfig = z.infer<typeof McpConfigSchema>;

// Chat call-to-action card.

export const CtaTypeSchema = z.enum(['link-out', 'email-gated-download']);
export type CtaType = z.infer<typeof CtaTypeSchema>;

/** When a CTA fires; the default behaviour is `keywords`, once per thread. */
export const CtaTriggerModeSchema = z.enum(['keywords', 'interval', 'keywords-or-interval']);
export type CtaTriggerMode = z.infer<typeof CtaTriggerModeSchema>;

/** Form fields of a gated download; email is always collected. */
export const CtaFormFieldSchema = z.enum(['email', 'name', 'phone']);
export type CtaFormField = z.infer<typeof CtaFormFieldSchema>;

/** The CTA fields without the write-only token (rules of the spec's CTA table). */
const ChatCTAFields = z.object({
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
  intervalMessages: z.number().int().min(1).max(100).optional(),
  /** Do not fire before the Nth reply. */
  minMessagesBeforeFirst: z.number().int().nonnegative().optional(),
  maxPerThread: z.number().int().positive().default(1),
  /** Minimum replies between fires. */
  cooldownMessages: z.number().int().nonnegative().optional(),
  formFields: z.array(CtaFormFieldSchema).optional(),
  /** Challenge on submit. */
  requireCaptcha: z.boolean().optional(),
  /** Optional second write to the customer's own mailing list. */
  constantContactListId: z.string().optional(),
});

type CtaTargetCheck = { ctaType: CtaType; targetUrl?: string | undefined };
const linkOutHasTarget = (cta: CtaTargetCheck) => cta.ctaType !== 'link-out' || (cta.targetUrl ?? '').length > 0;
const linkOutRule = { message: 'targetUrl is required for a link-out CTA', path: ['targetUrl'] };

/**
 * A chat CTA as written (release config input). `constantContactAccessToken` is write-only: omit it on
 * update to keep the stored one, send an empty string to clear it.
 */
export const ChatCTASchema = ChatCTAFields.extend({
  constantContactAccessToken: z.string().optional(),
}).refine(linkOutHasTarget, linkOutRule);
export type ChatCTA = z.infer<typeof ChatCTASchema>;
export type ChatCTAInput = z.input<typeof ChatCTASchema>;

/** A chat CTA as read back: never carries `constantContactAccessToken` (its presence fails the parse). */
export const ChatCTAPublicSchema = ChatCTAFields.extend({
  constantContactAccessToken: z.never().optional(),
}).refine(linkOutHasTarget, linkOutRule);
export type ChatCTAPublic = z.infer<typeof ChatCTAPublicSchema>;

export const CtaVersionSourceSchema = z.enum(['user', 'agent', 'restore']);
export type CtaVersionSource = z.infer<typeof CtaVersionSourceSchema>;

/** A stored CTA revision (read-only); the snapshot holds the editable fields without the write-only token. */
export const CtaVersionEntrySchema = z.object({
  version: z.number().int().positive(),
  savedAt: EpochMsSchema,
  source: CtaVersionSourceSchema,
  snapshot: ChatCTAPublicSchema,
});
export type CtaVersionEntry = z.infer<typeof CtaVersionEntrySchema>;

// Release configuration.

/** Release `config`; every field optional. */
export const ReleaseConfigSchema = z.object({
  model: z.string().optional(),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
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
});
export type ReleaseConfig = z.infer<typeof ReleaseConfigSchema>;

/** Release `theme`; every field optional. */
export const ThemeSchema = z.object({
  primaryColor: z.string().optional(),
  secondaryColor: z.string().optional(),
  backgroundColor: z.string().optional(),
  textColor: z.string().optional(),
  fontFamily: z.string().optional(),
  logoUrl: z.string().optional(),
  faviconUrl: z.string().optional(),
  darkMode: z.boolean().optional(),
  customCss: z.string().optional(),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** A release as read: its CTA never carries the write-only token. */
export const ReleaseSchema = z.object({
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
});
export type Release = z.infer<typeof ReleaseSchema>;

export const CreateReleaseOptionsSchema = z.object({
  name: z.string().min(1),
  workspaceId: IdSchema,
  authMode: AuthModeSchema.optional(),
  config: ReleaseConfigSchema.optional(),
  theme: ThemeSchema.optional(),
  allowedOrigins: z.array(z.string()).optional(),
  fallbackAssistants: z.array(AssistantReferenceSchema).optional(),
});
export type CreateReleaseOptions = z.infer<typeof CreateReleaseOptionsSchema>;
