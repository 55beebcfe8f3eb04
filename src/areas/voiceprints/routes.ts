// The voiceprint routes (emulator-defined): enrol a voice from WAV audio (inline, a presigned
// upload, or an audio transcript's recording), list, get, delete, and match a probe against them.
import { voiceFeatures, type VoiceFeatures } from '../../audio/features.js';
import { AudioReadError } from '../../audio/probe.js';
import { notFound, validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import { VoiceprintMatchResultSchema, VoiceprintSchema, type Voiceprint } from '../../types/audio.js';
import type { AudioTranscriptStore } from '../audio-transcripts/public.js';
import { base64ToBytes, type RagFileServices } from '../rag-files/public.js';
import { paginate } from '../workspaces/public.js';
import {
  DEFAULT_MATCH_THRESHOLD,
  EnrolSchema,
  MatchSchema,
  VoiceprintDeletedSchema,
  VoiceprintListQuerySchema,
  VoiceprintListSchema,
  VoiceprintParamsSchema,
} from './schema.js';
import type { VoiceprintStore } from './store.js';

const TAG = 'voiceprints';
const BASE = '/api/v1/voiceprints';
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'transcript:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'transcript:write' };

export interface VoiceprintRouteDeps {
  store: VoiceprintStore;
  rag: RagFileServices;
  audio: AudioTranscriptStore;
}

const voiceprintNotFound = () => notFound('Voiceprint');

type AudioRef = { audio?: string | undefined; fileKey?: string | undefined; audioId?: string | undefined };

export function voiceprintRoutes({ store, rag, audio }: VoiceprintRouteDeps): RouteDef[] {
  /** The features of the audio a body names; 400 at that field when it is missing or holds no readable voice. */
  const featuresOf = async (workspaceId: string, ref: AudioRef): Promise<{ features: VoiceFeatures; source: Voiceprint['source'] }> => {
    let bytes: Uint8Array;
    let path: string;
    let source: Voiceprint['source'];
    if (ref.audio !== undefined) {
      path = 'body.audio';
      source = { type: 'inline' };
      try {
        bytes = base64ToBytes(ref.audio.replace(/-/g, '+').replace(/_/g, '/'));
      } catch {
        throw validationError('Invalid body', [{ path, message: 'Not valid base64' }]);
      }
    } else if (ref.fileKey !== undefined) {
      path = 'body.fileKey';
      source = { type: 'upload', fileKey: ref.fileKey };
      bytes = (await rag.uploads.take(workspaceId, ref.fileKey, path)).bytes;
    } else {
      path = 'body.audioId';
      source = { type: 'audio-transcript', audioId: ref.audioId as string };
      const found = await audio.withAudio(workspaceId, ref.audioId as string);
      if (!found) throw validationError('Invalid body', [{ path, message: 'No audio transcript of this workspace has this id' }]);
      bytes = found.bytes;
    }
    try {
      return { features: voiceFeatures(bytes), source };
    } catch (err) {
      if (!(err instanceof AudioReadError)) throw err;
      throw validationError('The audio holds no voice the emulator can read', [{ path, message: err.message }]);
    }
  };

  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'List the workspace’s voiceprints, oldest first',
      auth: read,
      emulatorDefined: true,
      query: VoiceprintListQuerySchema,
      response: VoiceprintListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Enrol a voice from WAV audio: base64 `audio`, a presigned upload’s `fileKey`, or an audio transcript’s `audioId`',
      auth: write,
      emulatorDefined: true,
      body: EnrolSchema,
      response: VoiceprintSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const { features, source } = await featuresOf(workspaceId, body);
        return store.create(workspaceId, { title: body.title, description: body.description, source, features });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/match`,
      tag: TAG,
      summary: 'Rank the workspace’s voiceprints against a probe recording by voice similarity (0 to 1), best first',
      auth: read,
      emulatorDefined: true,
      body: MatchSchema,
      response: VoiceprintMatchResultSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const { features } = await featuresOf(workspaceId, body);
        const threshold = body.threshold ?? DEFAULT_MATCH_THRESHOLD;
        const ranked = await store.match(workspaceId, features.vector, threshold);
        const data = body.topK === undefined ? ranked : ranked.slice(0, body.topK);
        return { data, hasMore: data.length < ranked.length, total: ranked.length, threshold, probe: { durationMs: features.durationMs, pitchHz: features.pitchHz } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:voiceprintId`,
      tag: TAG,
      summary: 'One voiceprint',
      auth: read,
      emulatorDefined: true,
      params: VoiceprintParamsSchema,
      response: VoiceprintSchema,
      handler: async ({ principal, params }) => {
        const found = await store.get(workspaceOf(principal), params.voiceprintId);
        if (!found) throw voiceprintNotFound();
        return found;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:voiceprintId`,
      tag: TAG,
      summary: 'Delete a voiceprint',
      auth: write,
      emulatorDefined: true,
      params: VoiceprintParamsSchema,
      response: VoiceprintDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.voiceprintId))) throw voiceprintNotFound();
        return { _id: params.voiceprintId, id: params.voiceprintId, deleted: true as const };
      },
    }),
  ];
}
