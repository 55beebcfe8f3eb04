// Text-to-speech through every door on every driver: the voices, speech as a real WAV (wav-decoder
// and music-metadata read it; its length follows the words at 150 per minute; it is not silence),
// byte-identical for the same text and voice, and transcribed back to its exact text; bad input.
import { parseBuffer } from 'music-metadata';
import wavDecoder from 'wav-decoder';
import { describe, expect, it } from 'vitest';
import { AudioTranscriptSchema, TtsVoiceSchema } from '../../src/types/audio.js';
import { speak, toBase64, uploadAudio } from '../support/audio.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const TEXT = 'Welcome to Acme support. Your refund was approved on March 4, and it should arrive within 5 business days!';

describe.each(MATRIX)('tts: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const full = () => ({ key: door.key('key_full') });
  const flush = () => door.fetch('/__emulator/jobs/flush', { method: 'POST' });

  it('lists the voices: ids, names, languages', async () => {
    const res = await door.call('GET', '/api/v1/tts/voices', full());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMore: false, total: 4 });
    const voices = res.body.data.map((v: unknown) => TtsVoiceSchema.parse(v));
    expect(voices.map((v: { id: string }) => v.id)).toEqual(['voice_aria', 'voice_basil', 'voice_cleo', 'voice_dmitri']);
    expect(voices[1]).toMatchObject({ _id: 'voice_basil', name: 'Basil', language: 'en-GB', sampleRate: 16000, formats: ['wav'] });
  });

  it('speaks a text as a playable WAV whose length follows its words', async () => {
    const res = await door.fetch('/api/v1/tts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': door.key('key_full') },
      body: JSON.stringify({ text: TEXT, voiceId: 'voice_basil', format: 'wav' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const words = TEXT.split(/\s+/).length;
    const durationMs = 250 + words * 400 + 250;
    expect(res.headers.get('x-audio-duration-ms')).toBe(String(durationMs));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));

    const decoded = await wavDecoder.decode(bytes.slice().buffer);
    expect(decoded.sampleRate).toBe(16000);
    expect(decoded.numberOfChannels).toBe(1);
    expect(decoded.channelData[0]!.length).toBe((durationMs / 1000) * 16000);
    const samples = decoded.channelData[0]!;
    const rms = Math.sqrt(samples.reduce((s, x) => s + x * x, 0) / samples.length);
    expect(rms).toBeGreaterThan(0.05);

    const meta = await parseBuffer(bytes, { mimeType: 'audio/wav' });
    expect(meta.format).toMatchObject({ container: 'WAVE', codec: 'PCM', sampleRate: 16000, numberOfChannels: 1, bitsPerSample: 16 });
    expect(meta.format.duration).toBeCloseTo(durationMs / 1000, 3);
  });

  it('answers the same bytes for the same text and voice, other bytes for another voice', async () => {
    const key = door.key('key_full');
    const a = await speak(door, key, 'Hello from the emulator', 'voice_cleo');
    const b = await speak(door, key, 'Hello from the emulator', 'voice_cleo');
    const c = await speak(door, key, 'Hello from the emulator', 'voice_dmitri');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
    // Same words, same length of speech: only the voice differs.
    expect((await wavDecoder.decode(c.slice().buffer)).length).toBe((await wavDecoder.decode(a.slice().buffer)).length);
  });

  it('transcribes its speech back to the exact text, uploaded or inline', async () => {
    const key = door.key('key_full');
    const wav = await speak(door, key, TEXT, 'voice_dmitri');
    const fileKey = await uploadAudio(door, key, wav, 'answer.wav');
    const created = await door.call('POST', '/api/v1/audio', { key }, { fileKey, title: 'Refund answer' });
    expect(created.status).toBe(201);
    const inline = await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(wav), filename: 'inline.wav' });
    expect(inline.status).toBe(201);
    await flush();
    for (const id of [created.body._id, inline.body._id]) {
      const done = AudioTranscriptSchema.parse((await door.call('GET', `/api/v1/audio/${id}`, { key })).body);
      expect(done).toMatchObject({ status: 'completed', text: TEXT, transcriptionSource: 'embedded', voiceId: 'voice_dmitri', language: 'de-DE', error: null });
      expect(done.segments.map((s) => s.text).join(' ')).toBe(TEXT);
      expect(done.segments[0]).toMatchObject({ id: 0, start: 0.25, text: 'Welcome to Acme support.' });
      expect(done.durationMs).toBe(250 + TEXT.split(/\s+/).length * 400 + 250);
    }
  });

  it('refuses bad input with 400 naming the field, and callers without a key', async () => {
    const key = door.key('key_full');
    const bad = async (body: unknown, path: string) => {
      const res = await door.call('POST', '/api/v1/tts', { key }, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    };
    await bad({ text: '   ' }, 'body.text');
    await bad({ text: 'x'.repeat(1001) }, 'body.text');
    await bad({}, 'body.text');
    await bad({ text: 'hi', voiceId: 'voice_nobody' }, 'body.voiceId');
    await bad({ text: 'hi', format: 'mp3' }, 'body.format');
    await bad({ text: 'hi', speed: 2 }, 'body.speed');
    expect((await door.call('POST', '/api/v1/tts', {}, { text: 'hi' })).status).toBe(401);
    expect((await door.call('GET', '/api/v1/tts/voices', {})).status).toBe(401);
  });
});
