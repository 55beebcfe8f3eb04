// The RAG upload routes (spec section 4): multipart upload (202), presigned upload URLs and the
// PUT that receives their bytes, the cost estimate dry run, and audio indexing.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { actorOf } from '../rag-targets/public.js';
import { targetNotFound } from '../rag-targets/public.js';
import { TARGET_DEFAULTS } from '../rag-targets/public.js';
import { loadTokenCounter } from './parsing/chunker.js';
import { ParseError, detectKind, extractText } from './parsing/parse.js';
import { AudioReadError, transcribeAudio } from '../../audio/transcribe.js';
import { fetchAudio, nameOfUrl, type Fetcher } from '../../audio/fetch-audio.js';
import { ingestFile } from './ingest.js';
import { parseCleaners, readUpload, resolveTargets, saveUpload, type IncomingFile } from './intake.js';
import { fileBytes } from './multipart.js';
import {
  AudioFromPresignedSchema,
  AudioFromUrlSchema,
  EstimateCostSchema,
  FileRecordSchema,
  MAX_UPLOAD_BYTES,
  PresignedRequestSchema,
  PresignedResultSchema,
  UploadParamsSchema,
  type AudioInput,
} from './schema.js';
import type { RagFileServices } from './services.js';
import { PRESIGNED_PATH } from './uploads.js';
import { RagUploadFieldsSchema } from '../../types/rag.js';

const TAG = 'rag';
const READ = { kind: 'apiKey', permission: 'rag:read', feature: 'rag' } as const;
const WRITE = { kind: 'apiKey', permission: 'rag:write', feature: 'rag' } as const;

/** The multipart form as the document shows it: a `file` part, or the `fileKey` of a presigned upload. */
const UploadFormDocSchema = lazySchema(() => RagUploadFieldsSchema.partial({ file: true }).extend({ fileKey: z.string().optional() }));

/** Embedding price used by estimates (USD per million tokens; emulator-defined). */
const EMBEDDING_USD_PER_MTOK = 0.02;
/** Layout-aware chunkers cost extra per page-sized block of 500 tokens (emulator-defined). */
const LAYOUT_USD_PER_BLOCK = { default: 0, 'chapter-aware': 0, langextract: 0, openparse: 0.001, unstructured: 0.002 } as const;

/** What the audio routes need beyond the area's stores: the seed (transcripts) and outbound fetch. */
export interface RagAudioDeps {
  seed(): number;
  outbound: Fetcher;
}

export function ragUploadRoutes(rag: RagFileServices, audio: RagAudioDeps): RouteDef[] {
  const { files, targets, pipeline, uploads, uploadLimiter } = rag;

  /** Transcribes the audio (unless a transcript is given) and indexes the text; unreadable audio saves a file that fails processing. */
  const indexAudio = async (principal: Parameters<typeof actorOf>[0], body: AudioInput, incoming: IncomingFile, fileKey?: string, fetchError?: string) => {
    let transcript = body.transcript;
    let transcriptError = fetchError;
    if (transcript === undefined && transcriptError === undefined) {
      try {
        transcript = (await transcribeAudio(incoming.bytes, { seed: audio.seed(), mimeType: incoming.contentType, filename: incoming.filename })).text;
      } catch (err) {
        if (!(err instanceof AudioReadError)) throw err;
        transcriptError = err.message;
      }
    }
    return ingestFile(rag, {
      workspaceId: workspaceOf(principal),
      vectorId: body.ragVectorId,
      title: body.title ?? incoming.filename,
      description: body.description,
      filename: incoming.filename,
      contentType: incoming.contentType,
      bytes: incoming.bytes,
      transcript,
      transcriptError,
      chunkingTool: body.chunkingTool,
      fileKey,
      fileType: 'audio',
      ...('audioUrl' in body && { extraOptions: { audioUrl: body.audioUrl } }),
      actor: actorOf(principal),
    });
  };

  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/files',
      tag: TAG,
      summary: 'Upload a file (multipart/form-data); 202 with the saved records, one per target; indexing continues asynchronously',
      auth: WRITE,
      bodyDoc: { schema: UploadFormDocSchema, mediaTypes: ['multipart/form-data'] },
      status: 202,
      response: lazySchema(() => z.array(FileRecordSchema)),
      handler: async ({ principal, request }) => {
        uploadLimiter.hit(principal);
        const workspaceId = workspaceOf(principal);
        const { fields, options, file } = await readUpload(request);
        const rows = await resolveTargets(targets, workspaceId, fields.ragVectorId, fields.ragVectorIds);
        const incoming: IncomingFile = file
          ? { filename: file.name, contentType: file.type, bytes: await fileBytes(file) }
          : await uploads.take(workspaceId, fields.fileKey as string, 'body.fileKey');
        await rag.limits.ensureStorage(workspaceId, incoming.bytes.length * rows.length);
        const saved = await saveUpload(files, pipeline, {
          workspaceId,
          targets: rows,
          title: fields.title,
          description: fields.description,
          chunkingTool: fields.chunkingTool,
          options,
          incoming,
          sourceUrl: fields.sourceUrl,
          fileKey: fields.fileKey,
          actor: actorOf(principal),
        });
        return files.records(saved, false);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/presigned',
      tag: TAG,
      summary: 'Presigned upload URLs (pointing at the emulator) for a list of {byteSize, filename}',
      auth: WRITE,
      body: PresignedRequestSchema,
      response: lazySchema(() => z.array(PresignedResultSchema)),
      handler: ({ principal, body, request }) => uploads.create(workspaceOf(principal), body, new URL(request.url).origin),
    }),
    defineRoute({
      method: 'PUT',
      path: `${PRESIGNED_PATH}/:uploadId`,
      tag: TAG,
      summary: 'Receives the bytes of a presigned upload (the URL is the credential)',
      auth: { kind: 'none' },
      emulatorDefined: true,
      params: UploadParamsSchema,
      handler: async ({ params, request }) => {
        if (Number(request.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES) {
          throw validationError('Upload too large', [{ path: 'body', message: `At most ${MAX_UPLOAD_BYTES} bytes` }], { maxBytes: MAX_UPLOAD_BYTES });
        }
        const bytes = new Uint8Array(await request.arrayBuffer());
        return uploads.put(params.uploadId, bytes, request.headers.get('content-type'));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/files/estimate-cost',
      tag: TAG,
      summary: 'Dry run: estimated tokens, chunks and cost of indexing, without storing anything',
      auth: READ,
      emulatorDefined: true,
      body: EstimateCostSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const tool = body.chunkingTool ?? body.chunker ?? 'default';
        const cleaners = parseCleaners(body.cleaners);
        if (cleaners.error) throw validationError('Invalid body', [{ path: 'body.cleaners', message: cleaners.error }]);
        let target = body.ragVectorId === undefined ? (await targets.rows(workspaceId))[0] : await targets.row(workspaceId, body.ragVectorId);
        if (body.ragVectorId !== undefined && !target) throw targetNotFound();
        const chunkSize = target ? Number(target.chunk_size) : TARGET_DEFAULTS.chunkSize;
        const overlap = target ? Number(target.chunk_overlap) : TARGET_DEFAULTS.chunkOverlap;
        let tokens: number;
        let basis: 'content' | 'fileKey' | 'byteSize';
        if (body.content !== undefined) {
          tokens = (await loadTokenCounter())(body.content);
          basis = 'content';
        } else if (body.fileKey !== undefined) {
          const upload = await uploads.take(workspaceId, body.fileKey, 'body.fileKey');
          try {
            tokens = (await loadTokenCounter())(await extractText(upload.bytes, detectKind(upload.filename, upload.contentType), upload.filename));
          } catch (err) {
            if (!(err instanceof ParseError)) throw err;
            throw validationError('The uploaded file cannot be read', [{ path: 'body.fileKey', message: err.message }]);
          }
          basis = 'fileKey';
        } else {
          tokens = Math.ceil((body.byteSize as number) / 4);
          basis = 'byteSize';
        }
        const chunks = tokens === 0 ? 0 : Math.max(1, Math.ceil((tokens - overlap) / Math.max(1, chunkSize - overlap)));
        const embeddingUsd = (tokens + chunks * overlap) * (EMBEDDING_USD_PER_MTOK / 1_000_000);
        const chunkingUsd = Math.ceil(tokens / 500) * LAYOUT_USD_PER_BLOCK[tool];
        const round = (usd: number) => Math.round(usd * 1e8) / 1e8;
        return {
          dryRun: true,
          basis,
          chunkingTool: tool,
          cleaners: cleaners.cleaners ?? [],
          extractPublishedDate: body.extractPublishedDate ?? false,
          embeddingModel: target?.embedding_model ?? TARGET_DEFAULTS.embeddingModel,
          chunkSize,
          chunkOverlap: overlap,
          estimatedTokens: tokens,
          estimatedChunks: chunks,
          estimatedCostUsd: round(embeddingUsd + chunkingUsd),
          breakdown: { embeddingUsd: round(embeddingUsd), chunkingUsd: round(chunkingUsd) },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/files/audio',
      tag: TAG,
      summary: 'Index an audio recording by URL: fetched, transcribed (deterministically), and its transcript indexed; an unreachable URL or unreadable audio fails the file with the reason',
      auth: WRITE,
      emulatorDefined: true,
      body: AudioFromUrlSchema,
      response: lazySchema(() => z.array(FileRecordSchema)),
      handler: async ({ principal, body }) => {
        uploadLimiter.hit(principal);
        // A transcript given by the caller is indexed as it is: nothing to fetch.
        if (body.transcript !== undefined) return indexAudio(principal, body, { filename: nameOfUrl(body.audioUrl), contentType: 'audio/mpeg', bytes: new Uint8Array(0) });
        await resolveTargets(targets, workspaceOf(principal), body.ragVectorId);
        const fetched = await fetchAudio(audio.outbound, body.audioUrl, MAX_UPLOAD_BYTES);
        if (!fetched.ok) return indexAudio(principal, body, { filename: fetched.filename, contentType: 'audio/mpeg', bytes: new Uint8Array(0) }, undefined, fetched.error);
        return indexAudio(principal, body, { filename: fetched.filename, contentType: fetched.contentType, bytes: fetched.bytes });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/files/audio-from-presigned',
      tag: TAG,
      summary: 'Finalise a presigned audio upload: transcribe it and index its transcript',
      auth: WRITE,
      emulatorDefined: true,
      body: AudioFromPresignedSchema,
      response: lazySchema(() => z.array(FileRecordSchema)),
      handler: async ({ principal, body }) => {
        uploadLimiter.hit(principal);
        const upload = await uploads.take(workspaceOf(principal), body.fileKey, 'body.fileKey');
        if (detectKind(upload.filename, upload.contentType) !== 'audio') {
          throw validationError('Not an audio upload', [{ path: 'body.fileKey', message: `"${upload.filename}" (${upload.contentType}) is not audio` }]);
        }
        return indexAudio(principal, body, { filename: upload.filename, contentType: upload.contentType, bytes: upload.bytes }, body.fileKey);
      },
    }),
  ];
}
