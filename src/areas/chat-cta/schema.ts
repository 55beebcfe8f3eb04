// Chat CTA shapes (spec section 2, "Chat call-to-action card"): the card as written, its public
// read form, version entries, the PUT and submit bodies, and the two allowed CRM destinations.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

/** The two narrow CRM destinations the spec allows (a marketing CRM and a second CRM); names emulator-defined. */
export const CRM_DESTINATIONS = ['hubspot', 'salesforce'] as const;
export const CTA_SOURCES = ['user', 'agent', 'restore'] as const;
/** A captcha token the emulator treats as a failed challenge; any other non-empty token passes. */
export const FAILING_CAPTCHA_TOKEN = 'captcha-fail';

const Url = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(2000)));

const CtaFields = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    teaserText: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)),
    triggerKeywords: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).max(100),
    ctaType: z.enum(['link-out', 'email-gated-download']),
    buttonLabel: z.string().max(100).optional(),
    imageUrl: Url.optional(),
    successMessage: z.string().max(1000).optional(),
    consentText: z.string().max(2000).optional(),
    active: z.boolean().optional(),
    targetUrl: Url.optional(),
    assetUrl: Url.optional(),
    crmDestination: z.enum(CRM_DESTINATIONS).optional(),
    triggerMode: z.enum(['keywords', 'interval', 'keywords-or-interval']).optional(),
    intervalMessages: z.number().check(z.int(), z.gte(1), z.lte(100)).optional(),
    minMessagesBeforeFirst: z.number().check(z.int(), z.gte(0), z.lte(10_000)).optional(),
    maxPerThread: z.number().check(z.int(), z.gte(1), z.lte(10_000)).optional(),
    cooldownMessages: z.number().check(z.int(), z.gte(0), z.lte(10_000)).optional(),
    formFields: z.array(z.enum(['email', 'name', 'phone'])).max(3).optional(),
    requireCaptcha: z.boolean().optional(),
    constantContactListId: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
  }));

type Fields = z.infer<typeof CtaFields>;

function rules(cta: Partial<Fields>, ctx: z.RefinementCtx) {
  if (cta.ctaType === 'link-out' && !cta.targetUrl) ctx.addIssue({ code: 'custom', path: ['targetUrl'], message: 'targetUrl is required for a link-out CTA' });
  if (cta.ctaType === 'email-gated-download' && !cta.assetUrl) {
    ctx.addIssue({ code: 'custom', path: ['assetUrl'], message: 'assetUrl is required for an email-gated download' });
  }
  const mode = cta.triggerMode ?? 'keywords';
  if (mode !== 'keywords' && cta.intervalMessages === undefined) {
    ctx.addIssue({ code: 'custom', path: ['intervalMessages'], message: `intervalMessages is required when triggerMode is ${mode}` });
  }
  if (mode !== 'interval' && (cta.triggerKeywords ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['triggerKeywords'], message: `At least one keyword is required when triggerMode is ${mode}` });
  }
  if (cta.formFields && new Set(cta.formFields).size !== cta.formFields.length) {
    ctx.addIssue({ code: 'custom', path: ['formFields'], message: 'Each field at most once' });
  }
}

/** A card as written; `constantContactAccessToken` is write-only (omit to keep, '' to clear). */
export const CtaInputSchema = lazySchema(() => CtaFields.extend({ constantContactAccessToken: z.string().max(4000).optional() }).superRefine(rules));
export type CtaInput = z.infer<typeof CtaInputSchema>;
/** The editable fields: what reads show and what version history keeps. */
export type CtaCard = Omit<Fields, 'crmDestination'> & { crmDestination?: string | undefined };

/** Lenient reading of a card that came from a release's config (scenario or releases routes). */
export const StoredCtaSchema = lazySchema(() => CtaFields.extend({ crmDestination: z.string().optional(), constantContactAccessToken: z.string().optional() }).strip());

export const PutCtaSchema = lazySchema(() => z.strictObject({ cta: CtaInputSchema, source: z.enum(['user', 'agent']).default('user') }));

export const CtaSubmitSchema = lazySchema(() => z
  .strictObject({
    email: z.email().max(320),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    phone: z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{5,32}$/, 'Not a phone number')).optional(),
    captchaToken: z.string().check(z.minLength(1), z.maxLength(4000)).optional(),
  }));

export const ReleaseParamsSchema = lazySchema(() => z.object({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const VersionParamsSchema = lazySchema(() => z.object({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)), version: z.coerce.number().int().positive() }));
export const VersionListQuerySchema = lazySchema(() => z
  .strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20), cursor: z.string().regex(/^\d{1,9}$/).optional() }));

// Answers.

const CardOut = lazySchema(() => CtaFields.extend({ maxPerThread: z.number().int() }));
export const CtaAnswerSchema = lazySchema(() => z.object({
  releaseId: z.string(),
  version: z.number().check(z.int(), z.nonnegative()),
  savedAt: z.number().int().nullable(),
  source: z.enum(CTA_SOURCES).nullable(),
  cta: CardOut.nullable(),
  hasConstantContactAccessToken: z.boolean(),
}));
export const CtaVersionEntrySchema = lazySchema(() => z.object({
  version: z.number().check(z.int(), z.positive()),
  savedAt: z.number().int(),
  source: z.enum(CTA_SOURCES),
  snapshot: CardOut,
}));
export const CtaVersionListSchema = lazySchema(() => z.object({
  data: z.array(CtaVersionEntrySchema),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
  total: z.number().int(),
}));
