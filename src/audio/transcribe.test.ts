// The transcriber on its own: the emulator's speech reads back exactly, survives a copy of its
// bytes, and an edited file (one sample, or the text) is foreign audio with a seeded transcript.
import { describe, expect, it } from 'vitest';
import { speechWav } from './synth.js';
import { TEXT_CHUNK_ID } from './text-chunk.js';
import { transcribeAudio } from './transcribe.js';
import { VOICES } from './voices.js';

const TEXT = 'Line one of the memo.\nLine two, with   spaces kept!';

describe('transcribeAudio', () => {
  it('reads the emulator speech back exactly, and a copy of its bytes too', async () => {
    const { wav } = speechWav(TEXT, VOICES[2]!);
    const result = await transcribeAudio(Uint8Array.from(wav), { seed: 1 });
    expect(result).toMatchObject({ text: TEXT, source: 'embedded', voiceId: 'voice_cleo', language: 'es-ES' });
    expect(result.segments.map((s) => s.text)).toEqual(['Line one of the memo.', 'Line two, with   spaces kept!']);
  });

  it('treats edited speech as foreign audio: a seeded transcript of its duration', async () => {
    const { wav, durationMs } = speechWav(TEXT, VOICES[0]!);
    const sample = wav.slice();
    sample[sample.length - 2] = (sample[sample.length - 2]! + 1) & 0xff;
    const text = wav.slice();
    const at = Buffer.from(text).indexOf(TEXT_CHUNK_ID) + 8;
    const lineAt = Buffer.from(text).indexOf('Line one', at);
    text[lineAt] = 'M'.charCodeAt(0);
    for (const edited of [sample, text]) {
      const result = await transcribeAudio(edited, { seed: 1 });
      expect(result.source).toBe('seeded');
      expect(result.durationMs).toBe(durationMs);
      expect(result.text.split(' ')).toHaveLength(Math.round(durationMs / 400));
    }
    expect((await transcribeAudio(sample, { seed: 1 })).text).toBe((await transcribeAudio(sample, { seed: 1 })).text);
    expect((await transcribeAudio(sample, { seed: 2 })).text).not.toBe((await transcribeAudio(sample, { seed: 1 })).text);
  });
});
