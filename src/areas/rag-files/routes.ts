// The RAG file routes (spec section 4): list, get, patch, delete, vectorize-status, chunks, reindex.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { actorOf } from '../rag-targets/public.js';
import { fileNotFound } from './errors.js';
import {
  ChunkPageSchema,
  ChunksQuerySchema,
  FileParamsSchema,
  FileRecordSchema,
  FilesQuerySchema,
  PatchFileSchema,
  ReindexFileSchema,
} from './schema.js';
import type { RagFileServices } from './services.js';
import { z } from 'zod';
import { VectorizeStatusSchema } from '../../types/rag.js';

const TAG = 'rag';
const READ = { kind: 'apiKey', permission: 'rag:read', feature: 'rag' } as const;
const WRITE = { kind: 'apiKey', permission: 'rag:write', feature: 'rag' } as const;

export function ragFileRoutes(rag: RagFileServices): RouteDef[] {
  const { files, pipeline } = rag;
  const found = async (workspaceId: string, fileId: string) => {
    const row = await files.row(workspaceId, fileId);
    if (!row) throw fileNotFound();
    return row;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/files',
      tag: TAG,
      summary: 'List the workspace’s files: a bare array, oldest first; chunksCount is absent in lazy-count mode',
      auth: READ,
      query: FilesQuerySchema,
      response: lazySchema(() => z.array(FileRecordSchema)),
      handler: async ({ principal, query }) => {
        const workspaceId = workspaceOf(principal);
        const lazy = query.lazyCount ?? (await files.lazyCounts(workspaceId));
        const rows = await files.list(workspaceId, {
          ...(query.status && { status: query.status }),
          ...(query.ragVectorId && { targetId: query.ragVectorId }),
        });
        return files.records(rows, lazy);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/files/:fileId',
      tag: TAG,
      summary: 'One file record',
      auth: READ,
      params: FileParamsSchema,
      response: FileRecordSchema,
      handler: async ({ principal, params }) => {
        const workspaceId = workspaceOf(principal);
        return files.record(await found(workspaceId, params.fileId), await files.lazyCounts(workspaceId));
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/rag/files/:fileId',
      tag: TAG,
      summary: 'Update a file’s title, description, sourceUrl, keys or status; answers the record',
      auth: WRITE,
      emulatorDefined: true,
      params: FileParamsSchema,
      body: PatchFileSchema,
      response: FileRecordSchema,
      handler: async ({ principal, params, body }) => {
        const row = await found(workspaceOf(principal), params.fileId);
        return files.record(await files.patch(row, body, actorOf(principal)));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/rag/files/:fileId',
      tag: TAG,
      summary: 'Delete a file, its chunks and its vectors',
      auth: WRITE,
      emulatorDefined: true,
      params: FileParamsSchema,
      handler: async ({ principal, params }) => {
        const row = await found(workspaceOf(principal), params.fileId);
        await files.delete(row, actorOf(principal));
        return { status: 'ok', _id: row.id };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/files/:fileId/vectorize-status',
      tag: TAG,
      summary: 'Whether the file’s chunks are actually queryable (the definitive readiness check)',
      auth: READ,
      emulatorDefined: true,
      params: FileParamsSchema,
      response: VectorizeStatusSchema,
      handler: async ({ principal, params }) => {
        const row = await found(workspaceOf(principal), params.fileId);
        const total = row.chunks_count === null ? await files.chunkCount(row.id) : Number(row.chunks_count);
        const queryable = row.queryable === 1 && row.status === 'completed';
        return { fileId: row.id, status: row.status, queryable, chunksIndexed: queryable ? total : 0, chunksTotal: total };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/files/:fileId/chunks',
      tag: TAG,
      summary: 'A page of the file’s chunks in document order (offset default 0, limit default 25, max 100)',
      auth: READ,
      emulatorDefined: true,
      params: FileParamsSchema,
      query: ChunksQuerySchema,
      response: ChunkPageSchema,
      handler: async ({ principal, params, query }) => files.chunkPage(await found(workspaceOf(principal), params.fileId), query.limit, query.offset),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/files/:fileId/reindex',
      tag: TAG,
      summary: 'Re-run the indexing pipeline for a file (optionally with another chunkingTool)',
      auth: WRITE,
      emulatorDefined: true,
      params: FileParamsSchema,
      body: ReindexFileSchema,
      response: FileRecordSchema,
      handler: async ({ principal, params, body }) => {
        const row = await found(workspaceOf(principal), params.fileId);
        await pipeline.start(row, actorOf(principal), body.chunkingTool);
        return files.record((await files.row(row.workspace_id, row.id))!);
      },
    }),
  ];
}
