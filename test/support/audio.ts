// Audio helpers for the audio suites: a WAV written by hand (a different writer from the emulator's:
// raw PCM after a bare 44-byte header), base64, and a presigned upload through a door.
import type { SuiteDoor } from './use-door.js';

/** A 16-bit PCM WAV of `seconds` of a gliding tone (plus a little hashed noise), header and all. */
export function foreignWav(seconds: number, sampleRate = 22_050, channels = 2, hz = 180): Uint8Array<ArrayBuffer> {
  const frames = Math.round(seconds * sampleRate);
  const dataBytes = frames * channels * 2;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    phase += (hz * (1 + 0.05 * Math.sin(i / sampleRate))) / sampleRate;
    const v = 0.4 * Math.sin(2 * Math.PI * phase) + 0.2 * Math.sin(4 * Math.PI * phase) + 0.02 * ((((i * 2654435761) >>> 0) % 1000) / 500 - 1);
    for (let ch = 0; ch < channels; ch++) view.setInt16(44 + (i * channels + ch) * 2, Math.round(v * 20_000), true);
  }
  return out;
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Speech from the emulator's text-to-speech, as bytes. */
export async function speak(door: SuiteDoor, key: string, text: string, voiceId?: string): Promise<Uint8Array<ArrayBuffer>> {
  const res = await door.fetch('/api/v1/tts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ text, ...(voiceId && { voiceId }) }),
  });
  if (res.status !== 200) throw new Error(`tts answered ${res.status}: ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** An audio upload URL, then the PUT of `bytes` to it; answers the fileKey. */
export async function uploadAudio(door: SuiteDoor, key: string, bytes: Uint8Array<ArrayBuffer>, filename: string, contentType = 'audio/wav'): Promise<string> {
  const slot = await door.call('POST', '/api/v1/audio/upload-url', { key }, { filename, contentType });
  if (slot.status !== 200) throw new Error(`upload-url answered ${slot.status}: ${slot.text}`);
  const put = await fetch(slot.body.uploadUrl as string, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
  return slot.body.fileKey as string;
}

/** An MP3 of `seconds` (MPEG-1 Layer III frames, 128 kb/s at 44.1 kHz, 417 bytes each, silent payload): another real format. */
export function mp3Frames(seconds: number): Uint8Array<ArrayBuffer> {
  const frames = Math.round((seconds * 44_100) / 1152);
  const out = new Uint8Array(frames * 417);
  for (let i = 0; i < frames; i++) out.set([0xff, 0xfb, 0x90, 0x64], i * 417);
  return out;
}
