// Voiceprints through every door on every driver: enrol voices from WAV audio (inline, a presigned
// upload, an audio transcript), list/get/delete, and match: each text-to-speech voice, speaking
// another text, ranks its own voiceprint first; bad input and unreadable audio are 400s.
import { describe, expect, it } from 'vitest';
import { VoiceprintMatchResultSchema, VoiceprintSchema } from '../../src/types/audio.js';
import { foreignWav, mp3Frames, speak, toBase64, uploadAudio } from '../support/audio.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const VOICES = ['voice_aria', 'voice_basil', 'voice_cleo', 'voice_dmitri'];
const ENROL_TEXT = 'The quick brown fox jumps over the lazy dog near the river bank';
const PROBE_TEXT = 'Please send me the invoice for last month and both receipts';

describe.each(MATRIX)('voiceprints: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const full = () => ({ key: door.key('key_full') });

  it('ranks the enrolled voice first for every text-to-speech voice', async () => {
    const key = door.key('key_full');
    const ids: string[] = [];
    for (const voice of VOICES) {
      const res = await door.call('POST', '/api/v1/voiceprints', { key }, { title: voice, audio: toBase64(await speak(door, key, ENROL_TEXT, voice)) });
      expect(res.status).toBe(201);
      const print = VoiceprintSchema.parse(res.body);
      expect(print).toMatchObject({ _id: print.id, title: voice, source: { type: 'inline' }, sampleRate: 16000, durationMs: 250 + 13 * 400 + 250 });
      ids.push(print.id);
    }
    const pitches = await Promise.all(ids.map(async (id) => (await door.call('GET', `/api/v1/voiceprints/${id}`, { key })).body.pitchHz as number));
    expect(pitches[1]).toBeLessThan(pitches[3]!);
    expect(pitches[3]).toBeLessThan(pitches[2]!);
    expect(pitches[2]).toBeLessThan(pitches[0]!);
    for (const [i, voice] of VOICES.entries()) {
      const res = await door.call('POST', '/api/v1/voiceprints/match', { key }, { audio: toBase64(await speak(door, key, PROBE_TEXT, voice)) });
      expect(res.status).toBe(200);
      const result = VoiceprintMatchResultSchema.parse(res.body);
      expect(result.total).toBe(4);
      expect(result.data[0]).toMatchObject({ voiceprintId: ids[i], title: voice, isMatch: true });
      expect(result.data[0]!.score).toBeGreaterThan(0.9);
      expect(result.data.slice(1).every((m) => !m.isMatch && m.score < 0.6)).toBe(true);
      expect(result.data.map((m) => m.score)).toEqual([...result.data.map((m) => m.score)].sort((a, b) => b - a));
    }
    const top = await door.call('POST', '/api/v1/voiceprints/match', { key }, { audio: toBase64(await speak(door, key, PROBE_TEXT, 'voice_cleo')), topK: 1, threshold: 0.99 });
    expect(top.body).toMatchObject({ total: 4, hasMore: true, threshold: 0.99, data: [{ voiceprintId: ids[2] }] });
  });

  it('enrols from a presigned upload and from an audio transcript; lists, reads, deletes', async () => {
    const key = door.key('key_full');
    const fileKey = await uploadAudio(door, key, foreignWav(3), 'caller.wav');
    const fromUpload = await door.call('POST', '/api/v1/voiceprints', { key }, { title: 'Caller', description: 'Hotline caller', fileKey });
    expect(fromUpload.status).toBe(201);
    expect(fromUpload.body).toMatchObject({ title: 'Caller', description: 'Hotline caller', source: { type: 'upload', fileKey }, durationMs: 3000, sampleRate: 22050 });
    expect(fromUpload.body.pitchHz).toBeGreaterThan(170);
    expect(fromUpload.body.pitchHz).toBeLessThan(200);
    const audio = (await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(await speak(door, key, 'Good morning', 'voice_basil')) })).body;
    const fromTranscript = await door.call('POST', '/api/v1/voiceprints', { key }, { title: 'Basil', audioId: audio._id });
    expect(fromTranscript.status).toBe(201);
    expect(fromTranscript.body.source).toEqual({ type: 'audio-transcript', audioId: audio._id });

    const list = await door.call('GET', '/api/v1/voiceprints', { key });
    expect(list.body).toMatchObject({ total: 2, hasMore: false, data: [{ _id: fromUpload.body._id }, { _id: fromTranscript.body._id }] });
    const globex = { key: door.key('key_globex') };
    expect((await door.call('GET', `/api/v1/voiceprints/${fromUpload.body._id}`, globex)).status).toBe(404);
    expect((await door.call('GET', '/api/v1/voiceprints', globex)).body.total).toBe(0);
    const probe = { audio: toBase64(foreignWav(2)) };
    expect((await door.call('POST', '/api/v1/voiceprints/match', globex, probe)).body).toMatchObject({ total: 0, data: [] });
    expect((await door.call('POST', '/api/v1/voiceprints', globex, { title: 'x', audioId: audio._id })).status).toBe(400);
    expect((await door.call('DELETE', `/api/v1/voiceprints/${fromUpload.body._id}`, { key })).body).toEqual({ _id: fromUpload.body._id, id: fromUpload.body._id, deleted: true });
    expect((await door.call('GET', `/api/v1/voiceprints/${fromUpload.body._id}`, { key })).status).toBe(404);
    expect((await door.call('POST', '/api/v1/voiceprints/match', { key }, probe)).body.total).toBe(1);
  });

  it('refuses bad input and unreadable audio with 400 naming the field; keys keep to their permissions', async () => {
    const key = door.key('key_full');
    const bad = async (path: string, body: unknown, field: string) => {
      const res = await door.call('POST', path, { key }, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    };
    const wav = toBase64(foreignWav(1));
    await bad('/api/v1/voiceprints', { audio: wav }, 'body.title');
    await bad('/api/v1/voiceprints', { title: 'x' }, 'body.audio');
    await bad('/api/v1/voiceprints', { title: 'x', audio: wav, fileKey: 'k' }, 'body.fileKey');
    await bad('/api/v1/voiceprints', { title: 'x', audio: toBase64(mp3Frames(2)) }, 'body.audio');
    const silence = foreignWav(1, 16000, 1).fill(0, 44);
    await bad('/api/v1/voiceprints', { title: 'x', audio: toBase64(silence) }, 'body.audio');
    await bad('/api/v1/voiceprints', { title: 'x', fileKey: 'uploads/ws_acme/none/a.wav' }, 'body.fileKey');
    await bad('/api/v1/voiceprints/match', { audio: wav, topK: 0 }, 'body.topK');
    await bad('/api/v1/voiceprints/match', { audio: wav, threshold: 2 }, 'body.threshold');
    expect((await door.call('GET', '/api/v1/voiceprints', { key })).body.total).toBe(0);
    const read = { key: door.key('key_read') };
    expect((await door.call('POST', '/api/v1/voiceprints', read, { title: 'x', audio: wav })).status).toBe(403);
    expect((await door.call('POST', '/api/v1/voiceprints/match', read, { audio: wav })).status).toBe(200);
    expect((await door.call('GET', '/api/v1/voiceprints', {})).status).toBe(401);
  });
});
