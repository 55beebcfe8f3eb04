// Deterministic transcription: the emulator's own speech gives back its text exactly (the WAV carries
// it); any other audio gets a seeded transcript (faker phrases from the seed and the file's hash) as
// long as its real duration allows at 150 words per minute. Unreadable audio is an AudioReadError.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { seededFaker } from '../seed/faker.js';
import { AudioReadError, probeAudio, type AudioProbe } from './probe.js';
import { LEAD_MS, WORD_MS, wordsOf } from './synth.js';
import { carriedText } from './text-chunk.js';
import { voiceById } from './voices.js';
import { readRiffWave } from './wav.js';

export { AudioReadError };

export interface TranscriptSegment {
  id: number;
  /** Seconds from the start. */
  start: number;
  end: number;
  text: string;
}

export interface Transcription {
  text: string;
  language: string;
  durationMs: number;
  segments: TranscriptSegment[];
  /** `embedded`: the emulator's own speech, read back exactly; `seeded`: generated from the seed and the file. */
  source: 'embedded' | 'seeded';
  voiceId: string | null;
  format: Omit<AudioProbe, 'durationMs'>;
}

const SOUND_GAP_MS = 60;
const sec = (ms: number) => Math.round(ms) / 1000;

/** Sentences of a text with how many words each holds (words split on whitespace, as speech lays them out). */
function sentences(text: string): { text: string; words: number }[] {
  return text
    .split(/(?<=[.!?\u2026])\s+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ text: s, words: wordsOf(s).length }));
}

/** Segments of speech laid out by synth.ts: word i sounds from LEAD + i·400 ms for 340 ms. */
function speechSegments(text: string): TranscriptSegment[] {
  let word = 0;
  return sentences(text).map((s, id) => {
    const start = LEAD_MS + word * WORD_MS;
    word += s.words;
    return { id, start: sec(start), end: sec(LEAD_MS + word * WORD_MS - SOUND_GAP_MS), text: s.text };
  });
}

/** A seeded transcript of `words` words over `durationMs`, its sentences timed by their words. */
async function seededTranscript(seed: number, hash: string, durationMs: number): Promise<{ text: string; segments: TranscriptSegment[] }> {
  const faker = await seededFaker(seed, `audio-transcript:${hash}`);
  const target = Math.max(1, Math.round(durationMs / WORD_MS));
  const parts: string[][] = [];
  let count = 0;
  while (count < target) {
    let words = wordsOf(faker.hacker.phrase());
    if (count + words.length > target) {
      words = words.slice(0, target - count);
      words[words.length - 1] = `${words[words.length - 1]!.replace(/[^\p{L}\p{N}]+$/u, '')}.`;
    }
    parts.push(words);
    count += words.length;
  }
  let at = 0;
  const segments = parts.map((words, id) => {
    const start = (at / target) * durationMs;
    at += words.length;
    return { id, start: sec(start), end: sec((at / target) * durationMs), text: words.join(' ') };
  });
  return { text: segments.map((s) => s.text).join(' '), segments };
}

/** Transcribes `bytes`; AudioReadError when the audio cannot be read. */
export async function transcribeAudio(bytes: Uint8Array, options: { seed: number; mimeType?: string; filename?: string }): Promise<Transcription> {
  const probe = await probeAudio(bytes, options.mimeType, options.filename);
  const { durationMs, ...format } = probe;
  const wave = readRiffWave(bytes);
  const carried = wave && carriedText(wave);
  if (carried) {
    const voice = voiceById(carried.voiceId);
    return {
      text: carried.text,
      language: voice?.language ?? 'en-US',
      durationMs,
      segments: speechSegments(carried.text),
      source: 'embedded',
      voiceId: carried.voiceId,
      format,
    };
  }
  const hash = bytesToHex(sha256(bytes)).slice(0, 32);
  const { text, segments } = await seededTranscript(options.seed, hash, durationMs);
  return { text, language: 'en', durationMs, segments, source: 'seeded', voiceId: null, format };
}
