// The ingestion API other areas index content through (audio transcripts, ...): the same checks,
// storage limits and pipeline as an upload, one file record per target.
import type { Actor } from '../rag-targets/public.js';
import { resolveTargets, saveUpload } from './intake.js';
import type { ChunkingTool, FileRecord } from './schema.js';
import type { FileOptions } from './store.js';
import type { RagFileServices } from './services.js';

export interface IngestInput {
  workspaceId: string;
  /** The target; the workspace's first target when absent (like an upload). 404 for an unknown one. */
  vectorId?: string | undefined;
  title: string;
  description?: string | undefined;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  /** The text to index instead of parsing the bytes (an audio transcript). */
  transcript?: string | undefined;
  /** Why the bytes yield no text: the file is saved and fails its processing step with this message. */
  transcriptError?: string | undefined;
  chunkingTool?: ChunkingTool | undefined;
  sourceUrl?: string | undefined;
  fileKey?: string | undefined;
  fileType?: string | undefined;
  extraOptions?: FileOptions;
  actor: Actor;
}

/** Saves the content as files of its targets and starts their indexing; answers their records. */
export async function ingestFile(rag: RagFileServices, input: IngestInput): Promise<FileRecord[]> {
  const rows = await resolveTargets(rag.targets, input.workspaceId, input.vectorId);
  await rag.limits.ensureStorage(input.workspaceId, input.bytes.length * rows.length);
  const options: FileOptions = {
    ...input.extraOptions,
    ...(input.transcript !== undefined && { transcript: input.transcript }),
    ...(input.transcriptError !== undefined && { transcriptError: input.transcriptError }),
  };
  const saved = await saveUpload(rag.files, rag.pipeline, {
    workspaceId: input.workspaceId,
    targets: rows,
    title: input.title,
    description: input.description ?? '',
    chunkingTool: input.chunkingTool ?? 'default',
    options,
    incoming: { filename: input.filename, contentType: input.contentType, bytes: input.bytes },
    sourceUrl: input.sourceUrl,
    fileKey: input.fileKey,
    ...(input.fileType !== undefined && { fileType: input.fileType }),
    actor: input.actor,
  });
  return rag.files.records(saved, false);
}
