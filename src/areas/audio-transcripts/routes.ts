// The audio-transcripts routes (emulator-defined; the spec's `audio` commands list, get,
// upload-url, delete and generate-rag): presigned audio uploads, transcripts made from an upload, a
// URL or inline bytes, and indexing a finished transcript into a RAG vector index.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { fetchAudio } from '../../audio/fetch-audio.js';
import type { OutboundFetch } from '../../core/area.js';
import { validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import { AudioTranscriptSchema, AudioUploadUrlSchema, type AudioUploadUrl } from '../../types/audio.js';
import { base64ToBytes, ingestFile, type RagFileServices } from '../rag-files/public.js';
import { actorOf } from '../rag-targets/public.js';
import { paginate } from '../workspaces/public.js';
import { audioNotFound, notTranscribed } from './errors.js';
import { AudioDeletedSchema, AudioListQuerySchema, AudioListSchema, AudioParamsSchema, CreateAudioSchema, GenerateRagSchema, UploadUrlSchema } from './schema.js';
import type { AudioTranscriptStore } from './store.js';

const TAG = 'audio-transcripts';
const BASE = '/api/v1/audio';
/** The largest audio accepted (the upload limit of the rag area). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'transcript:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'transcript:write' };
const ragWrite: RouteAuth = { kind: 'workspace', level: 'write', permission: 'rag:write' };

export interface AudioRouteDeps {
  store: AudioTranscriptStore;
  rag: RagFileServices;
  outbound: OutboundFetch;
}

function decodeInline(audio: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(audio.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw validationError('Invalid body', [{ path: 'body.audio', message: 'Not valid base64' }]);
  }
  if (bytes.length === 0) throw validationError('Invalid body', [{ path: 'body.audio', message: 'The audio is empty' }]);
  return bytes;
}

const FileRecordLike = lazySchema(() => z.object({ _id: z.string(), status: z.string() }).catchall(z.unknown()));

export function audioTranscriptRoutes({ store, rag, outbound }: AudioRouteDeps): RouteDef[] {
  const must = async (workspaceId: string, id: string) => {
    const found = await store.get(workspaceId, id);
    if (!found) throw audioNotFound();
    return found;
  };
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'List the workspace’s audio transcripts, oldest first (optionally by status)',
      auth: read,
      emulatorDefined: true,
      query: AudioListQuerySchema,
      response: AudioListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal), query.status), query),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/upload-url`,
      tag: TAG,
      summary: 'A presigned URL on the emulator to PUT an audio file to (any size up to 25 MB); its fileKey then makes a transcript',
      auth: write,
      emulatorDefined: true,
      body: UploadUrlSchema,
      response: AudioUploadUrlSchema,
      handler: async ({ principal, body, request }): Promise<AudioUploadUrl> => {
        const [slot] = await rag.uploads.create(workspaceOf(principal), [{ byteSize: 0, filename: body.filename, contentType: body.contentType }], new URL(request.url).origin);
        const { uploadId, fileKey, filename, uploadUrl, method, headers, expiresAt } = slot!;
        return { uploadId, fileKey, filename, contentType: body.contentType, uploadUrl, method, headers, maxBytes: MAX_AUDIO_BYTES, expiresAt };
      },
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Transcribe audio from a presigned upload (fileKey), a URL (fetched by the service) or inline base64 bytes; 201 queued',
      auth: write,
      emulatorDefined: true,
      body: CreateAudioSchema,
      response: AudioTranscriptSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const common = { ...(body.language !== undefined && { language: body.language }) };
        if (body.fileKey !== undefined) {
          const upload = await rag.uploads.take(workspaceId, body.fileKey, 'body.fileKey');
          return store.create(workspaceId, {
            ...common,
            title: body.title ?? upload.filename,
            sourceType: 'upload',
            sourceRef: body.fileKey,
            filename: upload.filename,
            contentType: body.contentType ?? upload.contentType,
            bytes: upload.bytes,
          });
        }
        if (body.url !== undefined) {
          const fetched = await fetchAudio(outbound, body.url, MAX_AUDIO_BYTES);
          const filename = body.filename ?? fetched.filename;
          return store.create(workspaceId, {
            ...common,
            title: body.title ?? filename,
            sourceType: 'url',
            sourceRef: body.url,
            filename,
            ...(fetched.ok
              ? { contentType: body.contentType ?? fetched.contentType, bytes: fetched.bytes }
              : { contentType: body.contentType ?? 'application/octet-stream', fetchError: fetched.error }),
          });
        }
        const bytes = decodeInline(body.audio as string);
        if (bytes.length > MAX_AUDIO_BYTES) throw validationError('Invalid body', [{ path: 'body.audio', message: `At most ${MAX_AUDIO_BYTES} bytes` }]);
        const filename = body.filename ?? 'audio';
        return store.create(workspaceId, { ...common, title: body.title ?? filename, sourceType: 'inline', filename, contentType: body.contentType ?? 'application/octet-stream', bytes });
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:audioId`,
      tag: TAG,
      summary: 'One audio transcript: its status, and once completed its text, segments and duration',
      auth: read,
      emulatorDefined: true,
      params: AudioParamsSchema,
      response: AudioTranscriptSchema,
      handler: ({ principal, params }) => must(workspaceOf(principal), params.audioId),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:audioId`,
      tag: TAG,
      summary: 'Delete an audio transcript (RAG files made from it stay)',
      auth: write,
      emulatorDefined: true,
      params: AudioParamsSchema,
      response: AudioDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.audioId))) throw audioNotFound();
        return { _id: params.audioId, id: params.audioId, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:audioId/generate-rag`,
      tag: TAG,
      summary: 'Index a completed transcript into a RAG vector index (the same pipeline as uploads); 409 before it is completed',
      auth: ragWrite,
      emulatorDefined: true,
      params: AudioParamsSchema,
      body: GenerateRagSchema,
      bodyOptional: true,
      response: lazySchema(() => z.object({ audioId: z.string(), vectorId: z.string(), files: z.array(FileRecordLike) })),
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        const found = await store.withAudio(workspaceId, params.audioId);
        if (!found) throw audioNotFound();
        const { record, bytes } = found;
        if (record.status !== 'completed' || record.text === null) throw notTranscribed(record._id, record.status);
        const files = await ingestFile(rag, {
          workspaceId,
          vectorId: body.vectorId ?? body.ragVectorId,
          title: body.title ?? record.title,
          description: body.description,
          filename: record.filename,
          contentType: record.contentType,
          bytes,
          transcript: record.text,
          chunkingTool: body.chunkingTool,
          fileType: 'audio',
          ...(record.source.url !== undefined && { sourceUrl: record.source.url }),
          actor: actorOf(principal),
        });
        await store.addRagFiles(record._id, files.map((f) => ({ fileId: f._id, vectorId: f.collectionId })));
        return { audioId: record._id, vectorId: files[0]!.collectionId, files };
      },
    }),
  ];
}
