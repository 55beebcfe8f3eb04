// The chunk that carries the text of the emulator's own speech inside its WAV files, with a checksum
// over the text and the samples: a file that went through the user's disk transcribes back to its
// text exactly, while an edited one (other samples, or other text) is treated as foreign audio.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { RiffWave, WavChunk } from './wav.js';

/** Four-letter RIFF id of the text chunk ("service text"); readers skip chunks they do not know. */
export const TEXT_CHUNK_ID = 'svtx';

export interface CarriedText {
  text: string;
  voiceId: string;
}

/** MurmurHash3-style 32-bit mix of a byte run (fast over megabytes; a checksum, not a secret). */
function mix32(bytes: Uint8Array, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    h = Math.imul(h ^ bytes[i]!, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h ^ (h >>> 16)) >>> 0;
}

/** SHA-256 of the voice, text and length, then a 32-bit mix of the samples seeded from it. */
function checksum(carried: CarriedText, pcm: Uint8Array): string {
  const head = sha256(utf8ToBytes(`${carried.voiceId}\u0000${carried.text}\u0000${pcm.length}`));
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return `${bytesToHex(head.subarray(4, 20))}${mix32(pcm, view.getUint32(0)).toString(16).padStart(8, '0')}`;
}

/** The chunk for a file whose `data` chunk will hold `pcm` (its body has an even length: no pad byte). */
export function textChunk(carried: CarriedText, pcm: Uint8Array): WavChunk {
  let json = JSON.stringify({ v: 1, voiceId: carried.voiceId, text: carried.text, sha256: checksum(carried, pcm) });
  const body = utf8ToBytes(json);
  if (body.length % 2 === 0) return { id: TEXT_CHUNK_ID, body };
  json += ' ';
  return { id: TEXT_CHUNK_ID, body: utf8ToBytes(json) };
}

/** The text a WAV carries, when its chunk is there, well formed, and its checksum matches the samples. */
export function carriedText(wave: RiffWave): CarriedText | undefined {
  const body = wave.chunks.get(TEXT_CHUNK_ID);
  if (!body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { v, voiceId, text, sha256: sum } = parsed as Record<string, unknown>;
  if (v !== 1 || typeof voiceId !== 'string' || typeof text !== 'string' || typeof sum !== 'string') return undefined;
  const carried = { text, voiceId };
  return checksum(carried, wave.data) === sum ? carried : undefined;
}
