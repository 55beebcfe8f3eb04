// The text-to-speech routes (emulator-defined): the voices, and speech as a playable WAV whose
// bytes follow from the text and voice alone (and which carries its text for the transcriber).
import { speechWav, TTS_SAMPLE_RATE } from '../../audio/synth.js';
import { DEFAULT_VOICE_ID, VOICES, voiceById } from '../../audio/voices.js';
import { validationError } from '../../core/errors.js';
import { defineRoute, type RouteAuth, type RouteDef } from '../../core/route.js';
import type { TtsVoice } from '../../types/audio.js';
import { MAX_TTS_CHARACTERS, TtsRequestSchema, VoiceListSchema } from './schema.js';

const TAG = 'tts';
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'transcript:read' };

const voiceAnswer = (v: (typeof VOICES)[number]): TtsVoice => ({
  _id: v.id,
  id: v.id,
  name: v.name,
  language: v.language,
  gender: v.gender,
  description: v.description,
  sampleRate: TTS_SAMPLE_RATE,
  formats: ['wav'],
});

export function ttsRoutes(): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/tts/voices',
      tag: TAG,
      summary: 'The text-to-speech voices (static): id, name, language',
      auth: read,
      emulatorDefined: true,
      response: VoiceListSchema,
      cacheable: 'timeless',
      handler: () => ({ data: VOICES.map(voiceAnswer), hasMore: false, total: VOICES.length }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/tts',
      tag: TAG,
      summary: `Speak a text (at most ${MAX_TTS_CHARACTERS} characters) as a WAV (audio/wav, 16 kHz 16-bit mono, 150 words per minute); the emulator transcribes it back to the same text`,
      auth: read,
      emulatorDefined: true,
      body: TtsRequestSchema,
      mediaType: 'audio/wav',
      handler: ({ body }) => {
        const voiceId = body.voiceId ?? DEFAULT_VOICE_ID;
        const voice = voiceById(voiceId);
        if (!voice) throw validationError('Unknown voice', [{ path: 'body.voiceId', message: `Unknown voice "${voiceId}"; known: ${VOICES.map((v) => v.id).join(', ')}` }]);
        const { wav, durationMs } = speechWav(body.text, voice);
        return new Response(wav as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: {
            'content-type': 'audio/wav',
            'content-length': String(wav.length),
            'content-disposition': 'inline; filename="speech.wav"',
            'x-audio-duration-ms': String(durationMs),
            'x-voice-id': voice.id,
          },
        });
      },
    }),
  ];
}
