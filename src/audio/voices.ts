// The text-to-speech voices (static, emulator-defined): each has its own pitch and timbre, so the
// voiceprint features tell them apart.

export interface Voice {
  id: string;
  name: string;
  language: string;
  gender: 'female' | 'male';
  description: string;
  /** Fundamental frequency of its speech (Hz). */
  pitchHz: number;
  /** Scales the vowel formants (vocal tract length). */
  formantScale: number;
  /** How fast the harmonics fall off (brightness), 0 to 1. */
  tilt: number;
}

export const VOICES: readonly Voice[] = [
  { id: 'voice_aria', name: 'Aria', language: 'en-US', gender: 'female', description: 'Warm, clear American English', pitchHz: 220, formantScale: 1.15, tilt: 0.6 },
  { id: 'voice_basil', name: 'Basil', language: 'en-GB', gender: 'male', description: 'Low, calm British English', pitchHz: 100, formantScale: 0.88, tilt: 0.78 },
  { id: 'voice_cleo', name: 'Cleo', language: 'es-ES', gender: 'female', description: 'Bright Castilian Spanish', pitchHz: 175, formantScale: 1.08, tilt: 0.5 },
  { id: 'voice_dmitri', name: 'Dmitri', language: 'de-DE', gender: 'male', description: 'Measured German', pitchHz: 135, formantScale: 0.95, tilt: 0.7 },
];

export const DEFAULT_VOICE_ID = 'voice_aria';

export function voiceById(id: string): Voice | undefined {
  return VOICES.find((v) => v.id === id);
}
