// Text-to-speech synthesis, deterministic and offline: every word gets a 400 ms slot (150 words per
// minute), every character of it a voiced (harmonics shaped by vowel-like formants) or unvoiced
// (hashed noise) sound with a smooth envelope, in the voice's pitch and timbre. The WAV carries its
// text (text-chunk.ts), so the emulator transcribes it back exactly.
import { textChunk } from './text-chunk.js';
import type { Voice } from './voices.js';
import { encodeWav, infoChunk } from './wav.js';

export const TTS_SAMPLE_RATE = 16_000;
/** 150 words per minute. */
export const WORD_MS = 400;
/** The sounding part of a word's slot; the rest is the pause before the next word. */
const SOUND_MS = 340;
export const LEAD_MS = 250;
export const TAIL_MS = 250;

const TABLE_SIZE = 4096;
let sineTable: Float64Array | undefined;

/** One period of a sine, made at the first word spoken: ~2 ms at import, for every start, otherwise. */
function sine(): Float64Array {
  if (sineTable === undefined) {
    sineTable = new Float64Array(TABLE_SIZE);
    for (let i = 0; i < TABLE_SIZE; i++) sineTable[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);
  }
  return sineTable;
}

/** Vowel formants (F1, F2 in Hz) of an average adult voice. */
const VOWELS: Record<string, [number, number]> = {
  a: [730, 1090],
  e: [530, 1840],
  i: [270, 2290],
  o: [570, 840],
  u: [300, 870],
  y: [400, 2000],
};
const VOICED_CONSONANTS = new Set('bdgjlmnrvwz');

type Sound = { voiced: true; f1: number; f2: number; gain: number } | { voiced: false; hiss: number; gain: number };

function soundOf(char: string, voice: Voice): Sound {
  const c = char.toLowerCase();
  const code = c.codePointAt(0) ?? 0;
  const vowel = VOWELS[c];
  if (vowel) return { voiced: true, f1: vowel[0] * voice.formantScale, f2: vowel[1] * voice.formantScale, gain: 1 };
  if (VOICED_CONSONANTS.has(c)) return { voiced: true, f1: (250 + (code % 5) * 40) * voice.formantScale, f2: (900 + (code % 7) * 180) * voice.formantScale, gain: 0.6 };
  if (c >= '0' && c <= '9') return { voiced: true, f1: (400 + (code - 48) * 30) * voice.formantScale, f2: (1200 + (code - 48) * 100) * voice.formantScale, gain: 0.8 };
  return { voiced: false, hiss: 2500 + (code % 8) * 150, gain: 0.35 };
}

const resonance = (f: number, formant: number) => 1 / (1 + ((f - formant) / 110) ** 2);

/** A deterministic noise sample in [-1, 1] (an integer hash of the sample index and character). */
function noise(i: number, code: number): number {
  let h = Math.imul(i ^ Math.imul(code, 0x27d4eb2d), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2147483648 - 1;
}

export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** The length of the speech of `text` (ms): a lead-in, 400 ms per word, a tail. */
export function speechMs(text: string): number {
  return LEAD_MS + wordsOf(text).length * WORD_MS + TAIL_MS;
}

function smooth(x: number): number {
  return x >= 1 ? 1 : x <= 0 ? 0 : 0.5 - 0.5 * Math.cos(Math.PI * x);
}

/** Writes one word into `out` from sample `start`. */
function speakWord(out: Float32Array, start: number, word: string, voice: Voice): void {
  const soundLen = Math.round((SOUND_MS / 1000) * TTS_SAMPLE_RATE);
  const chars = [...word];
  const slot = soundLen / chars.length;
  const maxHarmonics = Math.max(1, Math.min(10, Math.floor(3600 / voice.pitchHz)));
  const amps = new Float64Array(maxHarmonics + 1);
  const wave = sine();
  let phase = 0;
  for (let ci = 0; ci < chars.length; ci++) {
    const sound = soundOf(chars[ci]!, voice);
    const code = chars[ci]!.codePointAt(0) ?? 0;
    let total = 0;
    if (sound.voiced) {
      for (let k = 1; k <= maxHarmonics; k++) {
        const f = k * voice.pitchHz;
        amps[k] = voice.tilt ** (k - 1) * (0.25 + resonance(f, sound.f1) + 0.7 * resonance(f, sound.f2));
        total += amps[k]!;
      }
    }
    const from = Math.round(ci * slot);
    const to = Math.round((ci + 1) * slot);
    const edge = Math.max(1, Math.min((to - from) / 3, 0.004 * TTS_SAMPLE_RATE));
    const wordEdge = 0.015 * TTS_SAMPLE_RATE;
    for (let n = from; n < to; n++) {
      // A slight fall of pitch across the word, as speech has.
      const f0 = voice.pitchHz * (1 + 0.04 * (0.5 - n / soundLen));
      phase += f0 / TTS_SAMPLE_RATE;
      phase -= Math.floor(phase);
      let v = 0;
      if (sound.voiced) {
        const step = phase * TABLE_SIZE;
        for (let k = 1; k <= maxHarmonics; k++) v += amps[k]! * wave[Math.floor(k * step) & (TABLE_SIZE - 1)]!;
        v /= total;
      } else {
        const hissPhase = ((start + n) * sound.hiss) / TTS_SAMPLE_RATE;
        v = 0.7 * noise(start + n, code) + 0.3 * wave[Math.floor(hissPhase * TABLE_SIZE) & (TABLE_SIZE - 1)]!;
      }
      // Envelopes only near the edges of the sound and of the word (elsewhere 1).
      let env = 1;
      if (n - from < edge) env *= smooth((n - from) / edge);
      if (to - n < edge) env *= smooth((to - n) / edge);
      if (n < wordEdge) env *= smooth(n / wordEdge);
      if (soundLen - n < wordEdge) env *= smooth((soundLen - n) / wordEdge);
      out[start + n] = v * sound.gain * env;
    }
  }
}

/** The samples of `text` spoken by `voice`, in [-1, 1]. */
export function synthesize(text: string, voice: Voice): Float32Array {
  const words = wordsOf(text);
  const total = Math.round((speechMs(text) / 1000) * TTS_SAMPLE_RATE);
  const out = new Float32Array(total);
  const lead = Math.round((LEAD_MS / 1000) * TTS_SAMPLE_RATE);
  const wordLen = Math.round((WORD_MS / 1000) * TTS_SAMPLE_RATE);
  words.forEach((word, i) => speakWord(out, lead + i * wordLen, word, voice));
  return out;
}

/** `text` spoken by `voice` as a 16 kHz 16-bit mono WAV that carries its text. */
export function speechWav(text: string, voice: Voice): { wav: Uint8Array; durationMs: number; samples: number } {
  const floats = synthesize(text, voice);
  const pcmBytes = new Uint8Array(floats.length * 2);
  const view = new DataView(pcmBytes.buffer);
  for (let i = 0; i < floats.length; i++) view.setInt16(i * 2, Math.round(Math.max(-1, Math.min(1, floats[i]!)) * 0.5 * 32767), true);
  const wav = encodeWav(pcmBytes, TTS_SAMPLE_RATE, [infoChunk({ ISFT: 'service-emulator text-to-speech', INAM: voice.name }), textChunk({ text, voiceId: voice.id }, pcmBytes)]);
  return { wav, durationMs: Math.round((floats.length / TTS_SAMPLE_RATE) * 1000), samples: floats.length };
}
