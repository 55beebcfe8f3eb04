// Terms-of-service request and response shapes: the spec's gate and accept input (section 2) and the
// emulator-defined management records (CLI `terms` group).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from '../../types/common.js';
import { ReleaseTermsAcceptRequestSchema } from '../../types/landing.js';
import { TermsAcceptInputSchema, TermsGateSchema } from '../../types/terms.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const MAX_TITLE_CHARS = 500;
/** Largest terms body (markdown), emulator-defined. */
export const MAX_CONTENT_CHARS = 200_000;

const TitleSchema = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TITLE_CHARS)));
const ContentSchema = lazySchema(() => z.string().max(MAX_CONTENT_CHARS));

export const CreateTermsSchema = lazySchema(() => z
  .strictObject({
    title: TitleSchema,
    /** The draft's markdown body (CLI `--file`); empty when left out. */
    content: ContentSchema.optional(),
    /** The release the terms gate; one current terms document per release. */
    releaseId: IdSchema.optional(),
  }));
export type CreateTermsInput = z.infer<typeof CreateTermsSchema>;

/** Changes the draft (and the release it is attached to; null detaches). Publish makes it a version. */
export const UpdateTermsSchema = lazySchema(() => z
  .strictObject({
    title: TitleSchema.optional(),
    content: ContentSchema.optional(),
    releaseId: IdSchema.nullable().optional(),
  }));
export type UpdateTermsInput = z.infer<typeof UpdateTermsSchema>;

export const TermsListQuerySchema = lazySchema(() => PageQuerySchema.extend({ releaseId: IdSchema.optional() }));
export const TermsParamsSchema = lazySchema(() => z.object({ tosId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const GateQuerySchema = lazySchema(() => z.object({ releaseId: IdSchema.max(200) }));
export const AcceptTermsSchema = lazySchema(() => TermsAcceptInputSchema.extend({ anonymousSessionId: z.string().check(z.minLength(1), z.maxLength(128)).optional() }).strict());
export type AcceptTermsInput = z.infer<typeof AcceptTermsSchema>;

/** The public per-release accept of landing pages: the visitor is the anonymous session in the body. */
export const ReleaseAcceptSchema = ReleaseTermsAcceptRequestSchema;
export const ReleaseAcceptParamsSchema = lazySchema(() => z.object({ releaseId: z.string().check(z.minLength(1), z.maxLength(200)) }));

// Responses.

export const TermsAnswerSchema = lazySchema(() => z.object({
  id: IdSchema,
  workspaceId: IdSchema,
  releaseId: IdSchema.nullable(),
  title: z.string(),
  content: z.string(),
  publishedVersion: z.number().check(z.int(), z.positive()).nullable(),
  publishedAt: IsoTimestampSchema.nullable(),
  hasUnpublishedChanges: z.boolean(),
  versions: z.array(z.object({ version: z.number().check(z.int(), z.positive()), title: z.string(), publishedAt: IsoTimestampSchema })),
  metadata: z.object({ createdAt: IsoTimestampSchema, updatedAt: IsoTimestampSchema, createdBy: IdSchema.optional() }),
}));
export const TermsListSchema = lazySchema(() => pageSchema(TermsAnswerSchema));
export { TermsGateSchema };
export const AcceptAnswerSchema = lazySchema(() => z.object({
  accepted: z.literal(true),
  tosId: IdSchema,
  version: z.number().check(z.int(), z.positive()),
  releaseId: IdSchema.nullable(),
  acceptedAt: IsoTimestampSchema,
}));
