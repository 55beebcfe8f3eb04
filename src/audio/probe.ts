// Reads an audio file's header with a real parser (music-metadata, loaded on first use): its
// container, codec and real duration. WAV, MP3, M4A, OGG and the rest of what the parser knows.

/** Audio the emulator cannot read (the message says why); transcription fails with it. */
export class AudioReadError extends Error {}

export interface AudioProbe {
  durationMs: number;
  container: string;
  codec: string | null;
  sampleRate: number | null;
  channels: number | null;
}

/** The header facts of `bytes`; AudioReadError when no parser reads them or they hold no duration. */
export async function probeAudio(bytes: Uint8Array, mimeType?: string, filename?: string): Promise<AudioProbe> {
  if (bytes.length === 0) throw new AudioReadError('Unreadable audio: the file is empty');
  const { parseBuffer } = await import('music-metadata');
  let format;
  try {
    const info = { size: bytes.length, ...(mimeType && { mimeType }), ...(filename && { path: filename }) };
    ({ format } = await parseBuffer(bytes, info, { duration: true, skipCovers: true }));
  } catch (err) {
    throw new AudioReadError(`Unreadable audio: ${err instanceof Error ? err.message : String(err)}`);
  }
  const seconds = format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    throw new AudioReadError(`Unreadable audio: no duration in the ${format.container ?? 'file'} header`);
  }
  return {
    durationMs: Math.round(seconds * 1000),
    container: format.container ?? 'unknown',
    codec: format.codec ?? null,
    sampleRate: format.sampleRate ?? null,
    channels: format.numberOfChannels ?? null,
  };
}
