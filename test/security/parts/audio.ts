// The tenant walk's audio part: audio transcripts, text-to-speech and voiceprints. A's transcript
// and voiceprint are made from a small hand-written WAV; B naming them (in a path or a body) is refused.
import { foreignWav, toBase64 } from '../../support/audio.js';
import type { TenantPart } from '../tenant-parts.js';
import { own, scoped } from '../tenant-routes.js';

export const audioPart: TenantPart = {
  rules: {
    'GET /api/v1/audio': own(),
    'POST /api/v1/audio/upload-url': own(() => ({ filename: 'b.wav', contentType: 'audio/wav' })),
    'POST /api/v1/audio': own((ids) => ({ fileKey: ids.audioFileKey })),
    'GET /api/v1/audio/:audioId': scoped(),
    'DELETE /api/v1/audio/:audioId': scoped(),
    'POST /api/v1/audio/:audioId/generate-rag': scoped(() => ({ vectorId: 'vec_globex' })),
    'GET /api/v1/tts/voices': own(),
    'POST /api/v1/tts': own(() => ({ text: 'Spoken by B' })),
    'GET /api/v1/voiceprints': own(),
    'POST /api/v1/voiceprints': own((ids) => ({ title: 'B', audioId: ids.audioId })),
    'POST /api/v1/voiceprints/match': own((ids) => ({ audioId: ids.audioId })),
    'GET /api/v1/voiceprints/:voiceprintId': scoped(),
    'DELETE /api/v1/voiceprints/:voiceprintId': scoped(),
  },
  populate: async (door) => {
    const key = { key: door.key('key_full') };
    const wav = foreignWav(1, 8000, 1);
    const slot = (await door.call('POST', '/api/v1/audio/upload-url', key, { filename: 'a.wav', contentType: 'audio/wav' })).body;
    await fetch(slot.uploadUrl as string, { method: 'PUT', body: wav, headers: { 'content-type': 'audio/wav' } });
    const audio = (await door.call('POST', '/api/v1/audio', key, { fileKey: slot.fileKey, title: 'A private recording' })).body;
    const print = (await door.call('POST', '/api/v1/voiceprints', key, { title: 'A private voice', audio: toBase64(wav) })).body;
    await door.fetch('/__emulator/jobs/flush', { method: 'POST' });
    return { audioId: audio._id as string, audioFileKey: slot.fileKey as string, voiceprintId: print._id as string };
  },
};
