// The scenario document (contract section 5), validated by zod. Every id may be given; omitted ids
// come from the seed. Cross-references (owners, members, key secrets) are checked here too.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { API_KEY_LENGTH, API_KEY_PREFIX } from '../seed/ids.js';
import { MessageInputSchema } from '../areas/transcripts/schema.js';
import { identityReferenceIssues, workspaceIdentityFields } from './identity-schema.js';
import { OAuthSettingsSchema } from '../areas/oauth/schema.js';
import { LandingSettingsSchema } from '../areas/chat/landing-settings.js';
import { WwwRagSettingsSchema } from '../areas/html-pages/settings.js';
import { McpConfigSchema } from '../types/releases.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_.:-]+$/, 'Ids use letters, digits, _ . : -')));
const Iso = lazySchema(() => z.iso.datetime({ offset: true }));
const Obj = lazySchema(() => z.record(z.string(), z.unknown()));

import { PERMISSIONS } from '../core/route.js';
import { TIER_SLUGS, TierLimitsSchema } from '../areas/tiers/public.js';
export { PERMISSIONS };
// Tier slugs and partial tier limits belong to the tiers area; re-exported for the scenario's users.
export { TIER_SLUGS, TierLimitsSchema };

export const UserDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    email: z.email().optional(),
    name: z.string().max(200).optional(),
    nickname: z.string().max(200).optional(),
    picture: z.url().optional(),
    emailVerified: z.boolean().optional(),
    metadata: Obj.optional(),
    /** Lifetime of the access token minted for this user in the handles (default 3600). */
    tokenExpiresInSec: z.number().check(z.int(), z.gte(-31_536_000), z.lte(31_536_000)).optional(),
    /** May decide rate-limit requests (`admin rate-limit-requests`). */
    platformAdmin: z.boolean().optional(),
  }));

export const ApiKeyDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    secret: z
      .string().check(z.length(API_KEY_LENGTH, `A key secret has ${API_KEY_LENGTH} characters`), z.regex(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]+$`), `A key secret is "${API_KEY_PREFIX}" and base62 characters`))
      .optional(),
    permissions: z.array(z.enum(PERMISSIONS)).default([]),
    allowedOrigins: z.array(z.string().min(1)).default([]),
    status: z.enum(['active', 'revoked', 'expired']).default('active'),
    rateLimit: z.number().check(z.int(), z.positive()).nullable().default(null),
    /** Requests already counted against `rateLimit` in the window the scenario starts in (`rate-limited`). */
    rateLimitUsed: z.number().check(z.int(), z.nonnegative()).optional(),
    expiresAt: Iso.nullable().default(null),
    allowedTiers: z.array(z.enum(TIER_SLUGS)).optional(),
    customTierLimits: z.partialRecord(z.enum(TIER_SLUGS), TierLimitsSchema).optional(),
  }));

const MemberDocSchema = lazySchema(() => z
  .strictObject({
    userId: Id,
    role: z.enum(['owner', 'admin', 'editor', 'viewer']),
    permissions: z.array(z.string()).default([]),
  }));

const EmbedTierDocSchema = lazySchema(() => z
  .strictObject({ slug: z.enum(TIER_SLUGS), name: z.string().optional(), limits: TierLimitsSchema.default({}) }));

export const TranscriptDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    title: z.string().check(z.minLength(1), z.maxLength(500)),
    locked: z.boolean().optional(),
    hideConversationStarters: z.boolean().optional(),
    metadata: Obj.optional(),
    childTranscripts: z.array(z.string()).optional(),
    sessionId: z.string().optional(),
    createdAt: Iso.optional(),
    messages: z.array(MessageInputSchema).default([]),
  }));

/** Releases, RAG targets and terms are validated now and loaded by their areas. */
const ReleaseDocSchema = lazySchema(() => z
  .object({
    id: Id.optional(),
    name: z.string().min(1),
    status: z.enum(['draft', 'active', 'archived']).default('active'),
    authMode: z.enum(['anonymous', 'required', 'optional']).default('optional'),
    config: Obj.default({}),
    theme: Obj.optional(),
    allowedOrigins: z.array(z.string()).default([]),
    fallbackAssistants: z.array(Obj).optional(),
    /** Checked like the releases routes check it: the tool-server route reads its numbers. */
    mcpConfig: McpConfigSchema.loose().optional(),
  })
  .passthrough());

const Similarity = lazySchema(() => z.number().check(z.gte(0), z.lte(1)));

/**
 * A RAG file in a scenario: its content inline (`content`, or `contentBase64` for binary files) or
 * from `fixture` (a path under fixtures/, read by the Node resolver), and the state to start in.
 */
const RagFileDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    title: z.string().min(1),
    description: z.string().optional(),
    content: z.string().optional(),
    contentBase64: z.string().optional(),
    fixture: z.string().optional(),
    filename: z.string().check(z.minLength(1), z.maxLength(255), z.regex(/^[^\\/]+$/, 'A file name, not a path')).optional(),
    mimeType: z.string().optional(),
    chunkingTool: z.enum(['default', 'chapter-aware', 'openparse', 'unstructured', 'langextract']).optional(),
    sourceUrl: z.url().optional(),
    state: z.enum(['pending', 'processing', 'completed', 'searchable', 'error']).default('searchable'),
    /** The error message of a file in state `error`. */
    error: z.string().optional(),
  })
  .refine((f) => f.content !== undefined || f.contentBase64 !== undefined || f.fixture !== undefined, {
    message: 'A file needs content, contentBase64 or fixture',
    path: ['content'],
  }));

const RagTargetDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    title: z.string().min(1),
    description: z.string().optional(),
    vectorIndexTool: z.enum(['default', 'vectorize']).optional(),
    embeddingModel: z.string().min(1).optional(),
    chunkingTool: z.enum(['default', 'chapter-aware', 'openparse', 'unstructured', 'langextract']).optional(),
    chunkSize: z.number().check(z.int(), z.gte(32), z.lte(8192)).optional(),
    chunkOverlap: z.number().check(z.int(), z.gte(0), z.lte(4096)).optional(),
    contextPerMessage: z.number().check(z.int(), z.gte(1), z.lte(100)).optional(),
    minimumSimilarity: Similarity.optional(),
    files: z.array(RagFileDocSchema).default([]),
    /** File ids the target references that do not exist (for prune-ghost-refs). */
    ghostFileIds: z.array(Id).default([]),
  }));

const RagDocSchema = lazySchema(() => z
  .strictObject({
    targets: z.array(RagTargetDocSchema).default([]),
    groups: z.array(z.strictObject({ id: Id.optional(), name: z.string().min(1), targetIds: z.array(Id).min(1) })).default([]),
    /** The spec's lazy-count mode: file records leave out `chunksCount`. */
    lazyCounts: z.boolean().default(false),
  }));

/**
 * Terms of service of a release. `versions` are published versions up to `publishedVersion`
 * (default: the highest listed; null: nothing published yet); one version above it is the
 * unpublished draft. Acceptances name a platform user or an anonymous session.
 */
const TermsDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    releaseId: Id.optional(),
    title: z.string().min(1),
    versions: z.array(z.strictObject({ version: z.number().check(z.int(), z.positive()), content: z.string(), title: z.string().min(1).optional() })).default([]),
    publishedVersion: z.number().check(z.int(), z.positive()).nullable().optional(),
    acceptances: z
      .array(
        z
          .strictObject({
            userId: Id.optional(),
            anonymousSessionId: z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, '8 to 128 letters, digits, _ . : -').optional(),
            version: z.number().check(z.int(), z.positive()),
          })
          .refine((a) => (a.userId === undefined) !== (a.anonymousSessionId === undefined), {
            message: 'Name exactly one of userId or anonymousSessionId',
            path: ['userId'],
          }),
      )
      .default([]),
  })
  .superRefine((t, ctx) => {
    const listed = t.versions.map((v) => v.version);
    listed.forEach((v, i) => {
      if (listed.indexOf(v) !== i) ctx.addIssue({ code: 'custom', path: ['versions', i, 'version'], message: `Duplicate version ${v}` });
    });
    const published = t.publishedVersion === undefined ? (listed.length ? Math.max(...listed) : null) : t.publishedVersion;
    if (published !== null && !listed.includes(published)) ctx.addIssue({ code: 'custom', path: ['publishedVersion'], message: 'Not one of the versions listed' });
    listed.forEach((v, i) => {
      if (v > (published ?? 0) + 1) ctx.addIssue({ code: 'custom', path: ['versions', i, 'version'], message: 'Only one draft version may follow the published one' });
    });
    t.acceptances.forEach((a, i) => {
      if (published === null || a.version > published) ctx.addIssue({ code: 'custom', path: ['acceptances', i, 'version'], message: 'Not a published version' });
    });
  }));

export const WorkspaceDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'A slug is lowercase letters, digits and dashes').optional(),
    description: z.string().max(2000).optional(),
    ownerId: Id,
    settings: Obj.default({}),
    limits: z.record(z.string(), z.number().check(z.int(), z.nonnegative())).default({}),
    members: z.array(MemberDocSchema).default([]),
    embedTiers: z.array(EmbedTierDocSchema).default([]),
    apiKeys: z.array(ApiKeyDocSchema).default([]),
    releases: z.array(ReleaseDocSchema).default([]),
    rag: RagDocSchema.default({ targets: [], groups: [], lazyCounts: false }),
    transcripts: z.array(TranscriptDocSchema).default([]),
    /** Content generated from the seed with Faker, after the listed content (the `large` scenario). */
    generate: z.strictObject({ transcripts: z.number().check(z.int(), z.gte(1), z.lte(50_000)) }).optional(),
    terms: z.array(TermsDocSchema).default([]),
    ...workspaceIdentityFields,
  }));

/** Upload limiter defaults (emulator-defined; the spec gives no numbers). */
export const DEFAULT_UPLOAD_LIMITS = {
  perKeyPerMinute: 60,
  keys: {} as Record<string, number>,
  tiers: { free: 5, basic: 10, premium: 30, enterprise: 60 } as Partial<Record<(typeof TIER_SLUGS)[number], number>>,
};

const PerMinute = lazySchema(() => z.strictObject({ perMinute: z.number().check(z.int(), z.positive()) }));

export const SettingsSchema = lazySchema(() => z
  .strictObject({
    rateLimits: z
      .strictObject({ transcripts: PerMinute.optional(), rag: PerMinute.optional() })
      .default({}),
    validateKey: z
      .strictObject({
        maxFailures: z.number().check(z.int(), z.positive()).default(10),
        windowMs: z.number().check(z.int(), z.positive()).default(15 * 60_000),
        lockoutMs: z.number().check(z.int(), z.positive()).default(15 * 60_000),
        /** Requests per minute from one client address, failures or not. */
        perMinute: z.number().check(z.int(), z.positive()).default(60),
      })
      .default({ maxFailures: 10, windowMs: 15 * 60_000, lockoutMs: 15 * 60_000, perMinute: 60 }),
    indexing: z
      .strictObject({
        stageMs: z.number().check(z.int(), z.nonnegative()).default(500),
        consistencyMs: z.tuple([z.number().check(z.int(), z.nonnegative()), z.number().check(z.int(), z.nonnegative())]).default([10_000, 60_000]),
      })
      .default({ stageMs: 500, consistencyMs: [10_000, 60_000] }),
    /** The file-upload limiter (uploads per minute): per key, per-key overrides, per-tier user defaults. */
    uploads: z
      .strictObject({
        perKeyPerMinute: z.number().check(z.int(), z.positive()).default(DEFAULT_UPLOAD_LIMITS.perKeyPerMinute),
        keys: z.record(z.string(), z.number().check(z.int(), z.positive())).default({}),
        tiers: z.partialRecord(z.enum(TIER_SLUGS), z.number().check(z.int(), z.positive())).default(DEFAULT_UPLOAD_LIMITS.tiers),
      })
      .default(DEFAULT_UPLOAD_LIMITS),
    /** OAuth (PKCE): extra clients and whether a login_hint approves at once. */
    oauth: OAuthSettingsSchema.default(() => ({ autoApprove: true, clients: [] })),
    /** A2A: the release that answers agent calls naming none (default: the first published release that takes anonymous chat). */
    a2a: z
      .strictObject({ defaultReleaseId: z.string().check(z.minLength(1), z.maxLength(200)).optional() })
      .default({}),
    /** Landing-page chat and the free-chat gate (REAL-WIRE section 4): the shared HMAC key and limits. */
    landing: LandingSettingsSchema.default(() => LandingSettingsSchema.parse({})),
    /** The onboarding webhook's HMAC secret (default derived from the seed: docs/integrations.md). */
    onboardingWebhookSecret: z.string().check(z.minLength(32), z.maxLength(512)).optional(),
    /** www-rag (REAL-WIRE section 8): webhook secret, corpus workspace, pace, freshness, denylist. */
    wwwRag: WwwRagSettingsSchema.default(() => WwwRagSettingsSchema.parse({})),
  }));

export type Settings = z.infer<typeof SettingsSchema>;
// Areas read the world's settings through `ctx.settings()` (core/area.ts), typed as these.
declare module '../core/area.js' { interface WorldSettings extends Settings {} }

export const DEFAULT_RATE_LIMITS = { transcripts: 600, rag: 600 } as const;

/** The document's shape alone; cross-references are checked by `scenarioReferenceIssues`. */
export const ScenarioShapeSchema = lazySchema(() => z
  .strictObject({
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    description: z.string().optional(),
    seed: z.number().check(z.int(), z.gte(0), z.lte(0xffffffff)).default(1),
    now: Iso.default('2026-01-01T00:00:00.000Z'),
    users: z.array(UserDocSchema).default([]),
    workspaces: z.array(WorkspaceDocSchema).default([]),
    settings: SettingsSchema.default(SettingsSchema.parse({})),
  }));

export interface ReferenceIssue {
  path: (string | number)[];
  message: string;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Owners, members, unique ids, slugs and secrets, checked on the raw document so they are
 * reported even beside type errors elsewhere (every problem at once, each with its path).
 */
export function scenarioReferenceIssues(doc: unknown): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  const users = list(field(doc, 'users'));
  const userIds = new Set(users.map((u) => text(field(u, 'id'))).filter((id): id is string => id !== undefined));
  const seen = new Map<string, string>();
  const unique = (kind: string, id: string | undefined, path: (string | number)[]) => {
    if (id === undefined) return;
    const key = `${kind}:${id}`;
    const first = seen.get(key);
    if (first) issues.push({ path, message: `Duplicate ${kind} id "${id}" (first at ${first})` });
    else seen.set(key, path.join('.'));
  };
  users.forEach((u, i) => unique('user', text(field(u, 'id')), ['users', i, 'id']));
  const slugs = new Set<string>();
  const secrets = new Set<string>();
  list(field(doc, 'workspaces')).forEach((ws, w) => {
    unique('workspace', text(field(ws, 'id')), ['workspaces', w, 'id']);
    const owner = text(field(ws, 'ownerId'));
    if (owner !== undefined && !userIds.has(owner)) issues.push({ path: ['workspaces', w, 'ownerId'], message: `Unknown user "${owner}"` });
    const slug = text(field(ws, 'slug'));
    if (slug !== undefined) {
      if (slugs.has(slug)) issues.push({ path: ['workspaces', w, 'slug'], message: `Duplicate slug "${slug}"` });
      slugs.add(slug);
    }
    list(field(ws, 'members')).forEach((m, i) => {
      const userId = text(field(m, 'userId'));
      if (userId !== undefined && !userIds.has(userId)) issues.push({ path: ['workspaces', w, 'members', i, 'userId'], message: `Unknown user "${userId}"` });
    });
    list(field(ws, 'apiKeys')).forEach((k, i) => {
      unique('apiKey', text(field(k, 'id')), ['workspaces', w, 'apiKeys', i, 'id']);
      const secret = text(field(k, 'secret'));
      if (secret !== undefined) {
        if (secrets.has(secret)) issues.push({ path: ['workspaces', w, 'apiKeys', i, 'secret'], message: 'Duplicate key secret' });
        secrets.add(secret);
      }
    });
    list(field(ws, 'transcripts')).forEach((t, i) => unique('transcript', text(field(t, 'id')), ['workspaces', w, 'transcripts', i, 'id']));
    list(field(ws, 'releases')).forEach((r, i) => unique('release', text(field(r, 'id')), ['workspaces', w, 'releases', i, 'id']));
    const releaseIds = new Set(list(field(ws, 'releases')).map((r) => text(field(r, 'id'))).filter((id): id is string => id !== undefined));
    const termsOf = new Set<string>();
    list(field(ws, 'terms')).forEach((t, i) => {
      unique('terms', text(field(t, 'id')), ['workspaces', w, 'terms', i, 'id']);
      const releaseId = text(field(t, 'releaseId'));
      if (releaseId !== undefined && !releaseIds.has(releaseId)) issues.push({ path: ['workspaces', w, 'terms', i, 'releaseId'], message: `Unknown release "${releaseId}" in this workspace` });
      if (releaseId !== undefined && termsOf.has(releaseId)) issues.push({ path: ['workspaces', w, 'terms', i, 'releaseId'], message: `Release "${releaseId}" already has terms` });
      if (releaseId !== undefined) termsOf.add(releaseId);
      list(field(t, 'acceptances')).forEach((a, j) => {
        const userId = text(field(a, 'userId'));
        if (userId !== undefined && !userIds.has(userId)) issues.push({ path: ['workspaces', w, 'terms', i, 'acceptances', j, 'userId'], message: `Unknown user "${userId}"` });
      });
    });
    const targets = list(field(field(ws, 'rag'), 'targets'));
    const targetIds = new Set(targets.map((t) => text(field(t, 'id'))).filter((id): id is string => id !== undefined));
    targets.forEach((t, i) => {
      unique('ragTarget', text(field(t, 'id')), ['workspaces', w, 'rag', 'targets', i, 'id']);
      list(field(t, 'files')).forEach((f, j) => unique('ragFile', text(field(f, 'id')), ['workspaces', w, 'rag', 'targets', i, 'files', j, 'id']));
    });
    list(field(field(ws, 'rag'), 'groups')).forEach((g, i) => {
      unique('ragGroup', text(field(g, 'id')), ['workspaces', w, 'rag', 'groups', i, 'id']);
      list(field(g, 'targetIds')).forEach((id, j) => {
        if (typeof id === 'string' && !targetIds.has(id)) issues.push({ path: ['workspaces', w, 'rag', 'groups', i, 'targetIds', j], message: `Unknown RAG target "${id}"` });
      });
    });
  });
  issues.push(...identityReferenceIssues(doc));
  return issues;
}

/** The whole scenario document: shape and cross-references. */
export const ScenarioSchema = lazySchema(() => ScenarioShapeSchema.superRefine((doc, ctx) => {
  for (const issue of scenarioReferenceIssues(doc)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}));

export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type Scenario = z.output<typeof ScenarioSchema>;

/** Types a scenario written in TypeScript; validation happens when it is loaded. */
export function defineScenario(doc: ScenarioInput): ScenarioInput {
  return doc;
}
