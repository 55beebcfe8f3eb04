// Request and answer schemas of the audio-transcripts routes (emulator-defined shapes; the records
// live in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { AudioTranscriptSchema, AudioTranscriptStatusSchema } from '../../types/audio.js';
import { ChunkingToolSchema } from '../../types/rag.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
/** Base64 (standard or URL-safe alphabet, padding optional); the JSON body limit bounds its size. */
export const Base64AudioSchema = lazySchema(() => z
  .string().check(z.minLength(4), z.regex(/^[A-Za-z0-9+/_-]+={0,2}$/, 'Expected base64-encoded audio bytes')));
const Filename = lazySchema(() => z
  .string().check(z.trim(), z.minLength(1), z.maxLength(255))
  .refine((name) => !/[\\/\u0000-\u001f]/.test(name), 'A file name, without path separators or control characters'));
const AudioType = lazySchema(() => z
  .string().check(z.trim(), z.maxLength(100), z.regex(/^(audio|video)\/[A-Za-z0-9.+-]+$|^application\/octet-stream$/, 'An audio media type, e.g. audio/wav or audio/mpeg')));

export const AudioParamsSchema = lazySchema(() => z.object({ audioId: Id }));
export const AudioListQuerySchema = lazySchema(() => PageQuerySchema.extend({ status: AudioTranscriptStatusSchema.optional() }));
export const AudioListSchema = lazySchema(() => pageSchema(AudioTranscriptSchema));

export const UploadUrlSchema = lazySchema(() => z.strictObject({ filename: Filename, contentType: AudioType.default('application/octet-stream') }));

export const CreateAudioSchema = lazySchema(() => z
  .strictObject({
    /** A presigned upload's key (POST …/audio/upload-url, or POST /api/v1/rag/presigned). */
    fileKey: z.string().check(z.minLength(1), z.maxLength(300)).optional(),
    /** An http(s) URL the service fetches. */
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    /** The audio bytes themselves, base64 (small files). */
    audio: Base64AudioSchema.optional(),
    filename: Filename.optional(),
    contentType: AudioType.optional(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
    language: z.string().check(z.minLength(2), z.maxLength(20)).optional(),
  })
  .superRefine((body, ctx) => {
    const given = ['fileKey', 'url', 'audio'].filter((k) => body[k as 'fileKey'] !== undefined);
    if (given.length === 0) ctx.addIssue({ code: 'custom', path: ['fileKey'], message: 'Give one of fileKey, url or audio' });
    if (given.length > 1) ctx.addIssue({ code: 'custom', path: [given[1]!], message: `Give only one of fileKey, url or audio (got ${given.join(', ')})` });
  }));
export type CreateAudioInput = z.infer<typeof CreateAudioSchema>;

export const GenerateRagSchema = lazySchema(() => z
  .strictObject({
    vectorId: Id.optional(),
    /** An alias of vectorId (the rag routes' name). */
    ragVectorId: Id.optional(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).optional(),
    description: z.string().max(5000).optional(),
    chunkingTool: ChunkingToolSchema.optional(),
  })
  .refine((b) => !(b.vectorId !== undefined && b.ragVectorId !== undefined && b.vectorId !== b.ragVectorId), {
    path: ['ragVectorId'],
    message: 'Give vectorId or ragVectorId, not two different ids',
  }));

export const AudioDeletedSchema = lazySchema(() => z.object({ _id: z.string(), id: z.string(), deleted: z.literal(true) }));
