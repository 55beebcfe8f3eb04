// Audio records (emulator-defined; the spec says "not shown"): audio transcripts, text-to-speech
// voices, voiceprints and their matches. Document-style (`_id`, `title`) like the real wire.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from './common.js';

export const AudioTranscriptStatusSchema = lazySchema(() => z.enum(['queued', 'transcribing', 'completed', 'failed']));
export type AudioTranscriptStatus = z.infer<typeof AudioTranscriptStatusSchema>;

export const AudioTranscriptSegmentSchema = lazySchema(() => z.object({
  id: z.number().check(z.int(), z.nonnegative()),
  /** Seconds from the start of the audio. */
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
}));
export type AudioTranscriptSegment = z.infer<typeof AudioTranscriptSegmentSchema>;

export const AudioFormatSchema = lazySchema(() => z.object({
  container: z.string(),
  codec: z.string().nullable(),
  sampleRate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
}));
export type AudioFormat = z.infer<typeof AudioFormatSchema>;

export const AudioTranscriptSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  workspaceId: IdSchema,
  status: AudioTranscriptStatusSchema,
  /** Where the audio came from: a presigned upload's `fileKey`, a URL, or the request body. */
  source: z.object({ type: z.enum(['upload', 'url', 'inline']), fileKey: z.string().optional(), url: z.string().optional() }),
  filename: z.string(),
  contentType: z.string(),
  fileSizeBytes: z.number().check(z.int(), z.nonnegative()),
  /** Real duration from the file header; null until transcription reads it (or when it cannot). */
  durationMs: z.number().int().nullable(),
  format: AudioFormatSchema.nullable(),
  language: z.string().nullable(),
  /** The transcript: null until `completed`. */
  text: z.string().nullable(),
  segments: z.array(AudioTranscriptSegmentSchema),
  /** `embedded`: the emulator's own speech read back exactly; `seeded`: generated from the seed and the file. */
  transcriptionSource: z.enum(['embedded', 'seeded']).nullable(),
  /** The text-to-speech voice that spoke it (embedded only). */
  voiceId: z.string().nullable(),
  error: z.string().nullable(),
  /** RAG files made from it by generate-rag. */
  ragFiles: z.array(z.object({ fileId: IdSchema, vectorId: IdSchema })),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  completedAt: IsoTimestampSchema.nullable(),
}));
export type AudioTranscript = z.infer<typeof AudioTranscriptSchema>;

export const AudioUploadUrlSchema = lazySchema(() => z.object({
  uploadId: z.string(),
  fileKey: z.string(),
  filename: z.string(),
  contentType: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
  expiresAt: IsoTimestampSchema,
}));
export type AudioUploadUrl = z.infer<typeof AudioUploadUrlSchema>;

export const TtsVoiceSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  name: z.string(),
  language: z.string(),
  gender: z.enum(['female', 'male']),
  description: z.string(),
  sampleRate: z.number().int(),
  formats: z.array(z.literal('wav')),
}));
export type TtsVoice = z.infer<typeof TtsVoiceSchema>;

export const VoiceprintSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  workspaceId: IdSchema,
  source: z.object({ type: z.enum(['upload', 'inline', 'audio-transcript']), fileKey: z.string().optional(), audioId: z.string().optional() }),
  durationMs: z.number().int(),
  sampleRate: z.number().int(),
  /** Median pitch of the voiced frames (Hz). */
  pitchHz: z.number(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type Voiceprint = z.infer<typeof VoiceprintSchema>;

export const VoiceprintMatchSchema = lazySchema(() => z.object({
  voiceprintId: IdSchema,
  title: z.string(),
  /** Cosine similarity of the voice features, 0 to 1. */
  score: z.number().check(z.gte(0), z.lte(1)),
  /** score ≥ the answer's threshold. */
  isMatch: z.boolean(),
}));
export type VoiceprintMatch = z.infer<typeof VoiceprintMatchSchema>;

export const VoiceprintMatchResultSchema = lazySchema(() => z.object({
  data: z.array(VoiceprintMatchSchema),
  hasMore: z.boolean(),
  total: z.number().check(z.int(), z.nonnegative()),
  threshold: z.number(),
  probe: z.object({ durationMs: z.number().int(), pitchHz: z.number() }),
}));
export type VoiceprintMatchResult = z.infer<typeof VoiceprintMatchResultSchema>;
