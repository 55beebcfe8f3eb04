// RIFF/WAVE reading and writing: PCM 16-bit mono out, any integer or float PCM in (mixed to mono),
// and the extra chunks the emulator's own audio carries (its text, see text-chunk.ts).

/** The format chunk of a WAV file (fields as RIFF names them). */
export interface WavFormat {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

export interface RiffWave {
  format: WavFormat;
  /** The `data` chunk's bytes (a view of the input, clipped to what the file holds). */
  data: Uint8Array;
  /** Every other chunk by id (the first of each id). */
  chunks: Map<string, Uint8Array>;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/** Reads a RIFF/WAVE container; undefined when the bytes are not one (or have no fmt/data chunk). */
export function readRiffWave(bytes: Uint8Array): RiffWave | undefined {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | undefined;
  let data: Uint8Array | undefined;
  const chunks = new Map<string, Uint8Array>();
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
    if (id === 'fmt ' && body.length >= 16) {
      const v = new DataView(body.buffer, body.byteOffset, body.byteLength);
      format = {
        audioFormat: v.getUint16(0, true),
        channels: v.getUint16(2, true),
        sampleRate: v.getUint32(4, true),
        byteRate: v.getUint32(8, true),
        blockAlign: v.getUint16(12, true),
        bitsPerSample: v.getUint16(14, true),
      };
      // WAVE_FORMAT_EXTENSIBLE names its real format in the sub-format GUID's first two bytes.
      if (format.audioFormat === 0xfffe && body.length >= 26) format.audioFormat = v.getUint16(24, true);
    } else if (id === 'data') data = body;
    else if (!chunks.has(id)) chunks.set(id, body);
    at += 8 + size + (size % 2);
  }
  return format && data ? { format, data, chunks } : undefined;
}

/** The first `limit` samples of a PCM WAV mixed to mono in [-1, 1]; undefined for a format it cannot decode. */
export function monoSamples(wave: RiffWave, limit = Infinity): Float32Array | undefined {
  const { audioFormat, channels, bitsPerSample } = wave.format;
  const bytesPer = bitsPerSample / 8;
  if (channels < 1 || !Number.isInteger(bytesPer) || bytesPer < 1) return undefined;
  const isFloat = audioFormat === 3;
  if (audioFormat !== 1 && !(isFloat && bitsPerSample === 32)) return undefined;
  if (!isFloat && bitsPerSample > 32) return undefined;
  const frame = bytesPer * channels;
  const count = Math.min(limit, Math.floor(wave.data.length / frame));
  const view = new DataView(wave.data.buffer, wave.data.byteOffset, wave.data.byteLength);
  const out = new Float32Array(count);
  if (bitsPerSample === 16 && channels === 1 && !isFloat) {
    for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true) / 32768;
    return out;
  }
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let ch = 0; ch < channels; ch++) {
      const at = i * frame + ch * bytesPer;
      switch (bitsPerSample) {
        case 8:
          sum += (view.getUint8(at) - 128) / 128;
          break;
        case 16:
          sum += view.getInt16(at, true) / 32768;
          break;
        case 24: {
          const v = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
          sum += v / 8388608;
          break;
        }
        case 32:
          sum += isFloat ? view.getFloat32(at, true) : view.getInt32(at, true) / 2147483648;
          break;
        default:
          return undefined;
      }
    }
    out[i] = sum / channels;
  }
  return out;
}

export interface WavChunk {
  id: string;
  body: Uint8Array;
}

/** A RIFF/WAVE file of 16-bit mono PCM (little-endian bytes), with extra chunks placed before `data` (readers skip them). */
export function encodeWav(pcm: Uint8Array, sampleRate: number, extra: WavChunk[] = []): Uint8Array {
  const dataBytes = pcm.length;
  const extraBytes = extra.reduce((n, c) => n + 8 + c.body.length + (c.body.length % 2), 0);
  const total = 12 + 24 + extraBytes + 8 + dataBytes;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const tag = (at: number, id: string) => {
    for (let i = 0; i < 4; i++) out[at + i] = id.charCodeAt(i);
  };
  tag(0, 'RIFF');
  view.setUint32(4, total - 8, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  let at = 36;
  for (const chunk of extra) {
    tag(at, chunk.id);
    view.setUint32(at + 4, chunk.body.length, true);
    out.set(chunk.body, at + 8);
    at += 8 + chunk.body.length + (chunk.body.length % 2);
  }
  tag(at, 'data');
  view.setUint32(at + 4, dataBytes, true);
  out.set(pcm, at + 8);
  return out;
}

/** A LIST/INFO chunk with the given (four-letter id → text) entries, each NUL-terminated and padded. */
export function infoChunk(entries: Record<string, string>): WavChunk {
  const parts: number[] = [...'INFO'].map((c) => c.charCodeAt(0));
  for (const [id, text] of Object.entries(entries)) {
    const body = [...new TextEncoder().encode(text), 0];
    if (body.length % 2) body.push(0);
    parts.push(...[...id].map((c) => c.charCodeAt(0)), body.length & 0xff, (body.length >> 8) & 0xff, (body.length >> 16) & 0xff, body.length >>> 24, ...body);
  }
  return { id: 'LIST', body: Uint8Array.from(parts) };
}
