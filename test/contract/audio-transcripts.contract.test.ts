// Audio transcripts through every door on every driver: presigned audio uploads, transcription as
// a clock job (queued -> transcribing -> completed | failed, the delay following the duration), a
// foreign WAV's seeded transcript with its real duration, MP3 too, unreadable audio failing with a
// reason, generate-rag making the transcript findable by search, list/get/delete, bad input.
import { describe, expect, it } from 'vitest';
import { AudioTranscriptSchema, AudioUploadUrlSchema } from '../../src/types/audio.js';
import { foreignWav, mp3Frames, speak, toBase64, uploadAudio } from '../support/audio.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('audio transcripts: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const full = () => ({ key: door.key('key_full') });
  const flush = () => door.fetch('/__emulator/jobs/flush', { method: 'POST' });
  const advance = async (advanceMs: number) => {
    const res = await door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
    expect(res.status).toBe(200);
  };
  const get = async (id: string) => AudioTranscriptSchema.parse((await door.call('GET', `/api/v1/audio/${id}`, full())).body);

  it('hands out an upload URL on the emulator that takes the audio with a PUT', async () => {
    const res = await door.call('POST', '/api/v1/audio/upload-url', full(), { filename: 'call.wav', contentType: 'audio/wav' });
    expect(res.status).toBe(200);
    const slot = AudioUploadUrlSchema.parse(res.body);
    expect(slot).toMatchObject({ filename: 'call.wav', contentType: 'audio/wav', method: 'PUT', maxBytes: 25 * 1024 * 1024 });
    expect(slot.uploadUrl.startsWith(door.baseUrl)).toBe(true);
    expect(slot.fileKey).toMatch(/^uploads\/ws_acme\/.+\/call\.wav$/);
    const put = await fetch(slot.uploadUrl, { method: 'PUT', body: foreignWav(1), headers: { 'content-type': 'audio/wav' } });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ fileKey: slot.fileKey, status: 'uploaded' });
  });

  it('transcribes a foreign WAV on the clock: a seeded transcript as long as its real duration', async () => {
    const key = door.key('key_full');
    const wav = foreignWav(6);
    const fileKey = await uploadAudio(door, key, wav, 'interview.wav');
    const res = await door.call('POST', '/api/v1/audio', { key }, { fileKey });
    expect(res.status).toBe(201);
    const queued = AudioTranscriptSchema.parse(res.body);
    expect(queued).toMatchObject({ _id: queued.id, title: 'interview.wav', status: 'queued', source: { type: 'upload', fileKey }, filename: 'interview.wav', contentType: 'audio/wav', fileSizeBytes: wav.length, text: null, durationMs: null });
    await advance(500);
    expect(await get(queued.id)).toMatchObject({ status: 'transcribing', text: null, durationMs: 6000, format: { container: 'WAVE', codec: 'PCM', sampleRate: 22050, channels: 2 } });
    // Transcription runs at four times real time: 6 s of audio take 1.5 s.
    await advance(1499);
    expect((await get(queued.id)).status).toBe('transcribing');
    await advance(1);
    const done = await get(queued.id);
    expect(done).toMatchObject({ status: 'completed', transcriptionSource: 'seeded', voiceId: null, language: 'en', error: null, completedAt: '2026-01-01T09:00:02.000Z' });
    // 150 words per minute: 6 s hold 15 words.
    expect(done.text!.split(/\s+/)).toHaveLength(15);
    expect(done.segments.at(-1)!.end).toBe(6);
    expect(done.segments.map((s) => s.text).join(' ')).toBe(done.text);

    // The same audio again (inline this time) gets the same words; other audio gets others.
    const again = (await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(wav), filename: 'copy.wav' })).body;
    const other = (await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(foreignWav(6, 22_050, 2, 200)) })).body;
    await flush();
    expect((await get(again._id)).text).toBe(done.text);
    expect((await get(other._id)).text).not.toBe(done.text);
  });

  it('reads the duration of an MP3 from its frames', async () => {
    const key = door.key('key_full');
    const created = (await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(mp3Frames(10)), filename: 'memo.mp3', contentType: 'audio/mpeg' })).body;
    await flush();
    const done = await get(created._id);
    expect(done).toMatchObject({ status: 'completed', format: { container: 'MPEG', codec: 'MPEG 1 Layer 3' } });
    expect(Math.abs(done.durationMs! - 10_000)).toBeLessThan(60);
    expect(done.text!.split(/\s+/)).toHaveLength(25);
  });

  it('fails unreadable audio with the reason', async () => {
    const key = door.key('key_full');
    const created = (await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(new Uint8Array(64).fill(7)), filename: 'noise.bin' })).body;
    await flush();
    const failed = await get(created._id);
    expect(failed).toMatchObject({ status: 'failed', text: null, completedAt: null });
    expect(failed.error).toMatch(/^Unreadable audio: /);
  });

  it('indexes a completed transcript into a vector index, findable by search (generate-rag)', async () => {
    const key = door.key('key_full');
    const text = 'Our flamingo warranty covers every pink lawn ornament for seven years.';
    const created = (await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(await speak(door, key, text)), title: 'Warranty memo' })).body;
    const early = await door.call('POST', `/api/v1/audio/${created._id}/generate-rag`, { key }, { vectorId: 'vec_policies' });
    expect(early.status).toBe(409);
    await flush();
    const res = await door.call('POST', `/api/v1/audio/${created._id}/generate-rag`, { key }, { vectorId: 'vec_policies' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ audioId: created._id, vectorId: 'vec_policies', files: [{ title: 'Warranty memo', fileType: 'audio', status: 'pending', collectionId: 'vec_policies' }] });
    const fileId = res.body.files[0]._id;
    expect((await get(created._id)).ragFiles).toEqual([{ fileId, vectorId: 'vec_policies' }]);
    await flush();
    const search = await door.call('GET', '/api/v1/rag/search?q=flamingo%20warranty&collectionId=vec_policies', { key });
    expect(search.status).toBe(200);
    expect(search.body.results[0].document).toMatchObject({ id: fileId, fileType: 'audio' });
    expect(search.body.results[0].chunk.content).toContain('flamingo warranty');

    const unknownVector = await door.call('POST', `/api/v1/audio/${created._id}/generate-rag`, { key }, { vectorId: 'vec_nope' });
    expect(unknownVector.status).toBe(404);
    const badTool = await door.call('POST', `/api/v1/audio/${created._id}/generate-rag`, { key }, { chunkingTool: 'scissors' });
    expect(badTool.status).toBe(400);
    expect(badTool.body.error.details.issues[0].path).toBe('body.chunkingTool');
  });

  it('lists (by status, paged), reads and deletes; other workspaces see nothing', async () => {
    const key = door.key('key_full');
    const ids: string[] = [];
    for (const seconds of [1, 2, 3]) ids.push((await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(foreignWav(seconds, 8000, 1)), title: `clip ${seconds}` })).body._id);
    await door.call('POST', '/api/v1/audio', { key }, { audio: toBase64(new Uint8Array(8)) });
    await flush();
    const all = await door.call('GET', '/api/v1/audio?limit=2', { key });
    expect(all.body).toMatchObject({ total: 4, hasMore: true, data: [{ _id: ids[0] }, { _id: ids[1] }] });
    expect(typeof all.body.nextCursor).toBe('string');
    expect((await door.call('GET', '/api/v1/audio?status=failed', { key })).body.total).toBe(1);
    expect((await door.call('GET', '/api/v1/audio?status=completed', { key })).body.total).toBe(3);
    const globex = { key: door.key('key_globex') };
    expect((await door.call('GET', `/api/v1/audio/${ids[0]}`, globex)).status).toBe(404);
    expect((await door.call('DELETE', `/api/v1/audio/${ids[0]}`, globex)).status).toBe(404);
    expect((await door.call('GET', '/api/v1/audio', globex)).body.total).toBe(0);
    const del = await door.call('DELETE', `/api/v1/audio/${ids[0]}`, { key });
    expect(del.body).toEqual({ _id: ids[0], id: ids[0], deleted: true });
    expect((await door.call('GET', `/api/v1/audio/${ids[0]}`, { key })).status).toBe(404);
    expect((await door.call('DELETE', `/api/v1/audio/${ids[0]}`, { key })).status).toBe(404);
  });

  it('holds keys to their permissions', async () => {
    const read = { key: door.key('key_read') };
    expect((await door.call('GET', '/api/v1/audio', read)).status).toBe(200);
    expect((await door.call('POST', '/api/v1/audio', read, { audio: toBase64(foreignWav(1)) })).status).toBe(403);
    expect((await door.call('POST', '/api/v1/audio/upload-url', read, { filename: 'a.wav' })).status).toBe(403);
    expect((await door.call('GET', '/api/v1/audio', {})).status).toBe(401);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const key = door.key('key_full');
    const bad = async (path: string, body: unknown, field: string) => {
      const res = await door.call('POST', path, { key }, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    };
    await bad('/api/v1/audio', {}, 'body.fileKey');
    await bad('/api/v1/audio', { audio: toBase64(foreignWav(1)), url: 'http://127.0.0.1:9/a.wav' }, 'body.audio');
    await bad('/api/v1/audio', { url: 'ftp://example.com/a.wav' }, 'body.url');
    await bad('/api/v1/audio', { audio: 'not base64!' }, 'body.audio');
    await bad('/api/v1/audio', { fileKey: 'uploads/ws_acme/nope/a.wav' }, 'body.fileKey');
    await bad('/api/v1/audio', { audio: toBase64(foreignWav(1)), title: '' }, 'body.title');
    await bad('/api/v1/audio/upload-url', { contentType: 'audio/wav' }, 'body.filename');
    await bad('/api/v1/audio/upload-url', { filename: '../a.wav' }, 'body.filename');
    await bad('/api/v1/audio/upload-url', { filename: 'a.txt', contentType: 'text/plain' }, 'body.contentType');
    expect((await door.call('GET', '/api/v1/audio?status=done', { key })).status).toBe(400);
    expect((await door.call('GET', '/api/v1/audio', { key })).body.total).toBe(0);
  });
});
