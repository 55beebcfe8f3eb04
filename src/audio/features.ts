// Voice features for voiceprints: from the voiced frames of a PCM WAV, the median pitch (by
// autocorrelation, encoded over log-spaced pitch bins), the spectral shape (log energy in bands
// measured with Goertzel filters) and the zero-crossing rate; compared by cosine similarity.
import { AudioReadError } from './probe.js';
import { monoSamples, readRiffWave } from './wav.js';

export interface VoiceFeatures {
  /** The feature vector (pitch bins, band shape, zero-crossing rate), each part weighted. */
  vector: number[];
  pitchHz: number;
  durationMs: number;
  sampleRate: number;
  voicedFrames: number;
}

const FRAME_MS = 32;
/** Frames analysed at most (about 13 s of speech): bounded work per call. */
const MAX_FRAMES = 400;
const PITCH_MIN = 60;
const PITCH_MAX = 400;
const PITCH_BINS = 24;
const BANDS = [150, 250, 400, 550, 700, 900, 1150, 1400, 1700, 2050, 2450, 2900, 3400];
const PITCH_WEIGHT = 2;
const BAND_WEIGHT = 1;
const ZCR_WEIGHT = 0.5;

/** Power of `frame` at `freq` (Goertzel). */
function goertzel(frame: Float32Array, freq: number, sampleRate: number): number {
  const coeff = 2 * Math.cos((2 * Math.PI * freq) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < frame.length; i++) {
    const s = frame[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return (s1 * s1 + s2 * s2 - coeff * s1 * s2) / frame.length;
}

/** The frame's pitch by normalised autocorrelation over 60–400 Hz; 0 when it has none. */
function framePitch(frame: Float32Array, sampleRate: number): number {
  const minLag = Math.floor(sampleRate / PITCH_MAX);
  const maxLag = Math.min(frame.length - 1, Math.ceil(sampleRate / PITCH_MIN));
  let energy = 0;
  for (let i = 0; i < frame.length; i++) energy += frame[i]! * frame[i]!;
  if (energy === 0) return 0;
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < frame.length; i += 2) sum += frame[i]! * frame[i + lag]!;
    const r = (2 * sum) / energy;
    // A clearly stronger peak at a longer lag wins; ties go to the shorter lag (no octave errors).
    if (r > best * 1.1) {
      best = r;
      bestLag = lag;
    }
  }
  return best > 0.3 && bestLag > 0 ? sampleRate / bestLag : 0;
}

const unit = (v: number[]) => {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? v.map(() => 0) : v.map((x) => x / norm);
};

/** Features of a PCM WAV; AudioReadError for anything else, or audio with no voice in it. */
export function voiceFeatures(bytes: Uint8Array): VoiceFeatures {
  const wave = readRiffWave(bytes);
  if (!wave) throw new AudioReadError('Voiceprints need WAV audio (RIFF/WAVE, PCM)');
  const { sampleRate } = wave.format;
  const frameLen = Math.round((FRAME_MS / 1000) * sampleRate);
  const samples = monoSamples(wave, frameLen * MAX_FRAMES);
  if (!samples || sampleRate < 8000) throw new AudioReadError('Voiceprints need PCM WAV audio (8, 16, 24 or 32-bit) of at least 8 kHz');
  const frameCount = Math.min(MAX_FRAMES, Math.floor(samples.length / frameLen));
  const energies: number[] = [];
  for (let f = 0; f < frameCount; f++) {
    let e = 0;
    for (let i = f * frameLen; i < (f + 1) * frameLen; i++) e += samples[i]! * samples[i]!;
    energies.push(e / frameLen);
  }
  const loudest = Math.max(0, ...energies);
  const pitches: number[] = [];
  const bands = new Array<number>(BANDS.length).fill(0);
  let crossings = 0;
  let voiced = 0;
  for (let f = 0; f < frameCount; f++) {
    if (loudest === 0 || energies[f]! < loudest * 0.1) continue;
    const frame = samples.subarray(f * frameLen, (f + 1) * frameLen);
    const pitch = framePitch(frame, sampleRate);
    if (pitch === 0) continue;
    voiced++;
    pitches.push(pitch);
    BANDS.forEach((freq, b) => {
      bands[b]! += Math.log(1e-9 + goertzel(frame, freq, sampleRate));
    });
    for (let i = 1; i < frame.length; i++) if (frame[i - 1]! < 0 !== frame[i]! < 0) crossings++;
  }
  if (voiced === 0) throw new AudioReadError('No voice found in the audio (silence, noise, or too short)');
  pitches.sort((a, b) => a - b);
  const pitchHz = pitches[Math.floor(pitches.length / 2)]!;
  const position = (Math.log(pitchHz / PITCH_MIN) / Math.log(PITCH_MAX / PITCH_MIN)) * (PITCH_BINS - 1);
  const pitchPart = unit(Array.from({ length: PITCH_BINS }, (_, i) => Math.exp(-((i - position) ** 2) / 2)));
  const meanBand = bands.reduce((s, x) => s + x, 0) / bands.length;
  const bandPart = unit(bands.map((x) => x / voiced - meanBand / voiced));
  const zcr = crossings / (voiced * frameLen);
  const vector = [...pitchPart.map((x) => x * PITCH_WEIGHT), ...bandPart.map((x) => x * BAND_WEIGHT), zcr * 10 * ZCR_WEIGHT].map((x) => Math.round(x * 1e6) / 1e6);
  return { vector, pitchHz: Math.round(pitchHz * 10) / 10, durationMs: Math.round((samples.length / sampleRate) * 1000), sampleRate, voicedFrames: voiced };
}

/** Cosine similarity of two feature vectors mapped to [0, 1], rounded to 4 decimals. */
export function similarity(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0) return 0;
  const cos = dot / Math.sqrt(na * nb);
  return Math.round(Math.max(0, cos) * 10000) / 10000;
}
