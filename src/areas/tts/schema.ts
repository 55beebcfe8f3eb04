// Request and answer schemas of the text-to-speech routes (emulator-defined).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { TtsVoiceSchema } from '../../types/audio.js';
import { pageSchema } from '../workspaces/public.js';

/** The longest text one request speaks (about 200 words, over a minute of speech). */
export const MAX_TTS_CHARACTERS = 1000;

export const TtsRequestSchema = lazySchema(() => z
  .strictObject({
    text: z
      .string()
      .max(MAX_TTS_CHARACTERS, `At most ${MAX_TTS_CHARACTERS} characters`)
      .refine((t) => t.trim().length > 0, 'Text to speak is required'),
    /** A voice of GET /api/v1/tts/voices (default voice_aria). */
    voiceId: z.string().check(z.minLength(1), z.maxLength(100)).optional(),
    /** Only WAV (16 kHz, 16-bit PCM, mono). */
    format: z.literal('wav').default('wav'),
  }));

export const VoiceListSchema = lazySchema(() => pageSchema(TtsVoiceSchema));
