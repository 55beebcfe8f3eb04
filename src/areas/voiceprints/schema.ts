// Request and answer schemas of the voiceprint routes (emulator-defined; records in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { VoiceprintSchema } from '../../types/audio.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const Base64 = lazySchema(() => z
  .string().check(z.minLength(4), z.regex(/^[A-Za-z0-9+/_-]+={0,2}$/, 'Expected base64-encoded WAV bytes')));

/** Where the voice comes from: exactly one of inline WAV bytes, a presigned upload, or an audio transcript's recording. */
const AudioSource = lazySchema(() => ({
  audio: Base64.optional(),
  fileKey: z.string().check(z.minLength(1), z.maxLength(300)).optional(),
  audioId: Id.optional(),
}));

function oneSource(body: { audio?: string | undefined; fileKey?: string | undefined; audioId?: string | undefined }, ctx: z.RefinementCtx) {
  const given = (['audio', 'fileKey', 'audioId'] as const).filter((k) => body[k] !== undefined);
  if (given.length === 0) ctx.addIssue({ code: 'custom', path: ['audio'], message: 'Give one of audio (base64 WAV), fileKey or audioId' });
  if (given.length > 1) ctx.addIssue({ code: 'custom', path: [given[1]!], message: `Give only one of audio, fileKey or audioId (got ${given.join(', ')})` });
}

export const VoiceprintParamsSchema = lazySchema(() => z.object({ voiceprintId: Id }));
export const VoiceprintListSchema = lazySchema(() => pageSchema(VoiceprintSchema));
export const VoiceprintListQuerySchema = PageQuerySchema;

export const EnrolSchema = lazySchema(() => z
  .strictObject({ title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), description: z.string().max(2000).optional(), ...AudioSource })
  .superRefine(oneSource));
export type EnrolInput = z.infer<typeof EnrolSchema>;

/** Matches at or above this score count as the same voice (emulator-defined). */
export const DEFAULT_MATCH_THRESHOLD = 0.85;

export const MatchSchema = lazySchema(() => z
  .strictObject({
    ...AudioSource,
    topK: z.number().check(z.int(), z.gte(1), z.lte(100)).optional(),
    threshold: z.number().check(z.gte(0), z.lte(1)).optional(),
  })
  .superRefine(oneSource));

export const VoiceprintDeletedSchema = lazySchema(() => z.object({ _id: z.string(), id: z.string(), deleted: z.literal(true) }));
