// The training-data routes (emulator-defined; spec section 4's `training-data` commands): generate
// from RAG files or transcripts, list, read and follow the job, download, export to RAG, delete.
import { forbidden, validationError, type ValidationIssue } from '../../core/errors.js';
import { defineRoute, workspaceOf, type Permission, type Principal, type RouteAuth, type RouteDef } from '../../core/route.js';
import { TrainingDataSetSchema, type TrainingSource } from '../../types/model-lifecycle.js';
import { paginate } from '../workspaces/public.js';
import { trainingDataNotFound, trainingDataNotReady } from './errors.js';
import { EXPORT_MEDIA_TYPES, exportFilename, exportText, ragDocument } from './export.js';
import {
  DEFAULT_MAX_PAIRS,
  DeletedSchema,
  ExportQuerySchema,
  ExportToRagSchema,
  ExportedToRagSchema,
  GenerateSchema,
  PairsPageSchema,
  TrainingDataListQuerySchema,
  TrainingDataListSchema,
  TrainingDataParamsSchema,
  TrainingStatusSchema,
} from './schema.js';
import type { TrainingDataStore, TrainingSources } from './store.js';

const TAG = 'training-data';
const BASE = '/api/v1/training-data';
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'finetune:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'finetune:write' };

/** A key with a scope list needs each scope a call reaches beyond its own (reading RAG, writing RAG). */
export function requireScope(principal: Principal, permission: Permission): void {
  if (principal.kind !== 'apiKey' || principal.permissions.length === 0) return;
  if (!principal.permissions.includes(permission)) throw forbidden(`API key lacks the ${permission} permission`);
}

export function actorOfPrincipal(principal: Principal): { type: 'apiKey' | 'user' | 'system'; id: string | null } {
  if (principal.kind === 'apiKey') return { type: 'apiKey', id: principal.keyId };
  if (principal.kind === 'user') return { type: 'user', id: principal.userId };
  return { type: 'system', id: null };
}

export function trainingDataRoutes(store: TrainingDataStore, sources: TrainingSources): RouteDef[] {
  const found = async (workspaceId: string, id: string) => {
    const set = await store.get(workspaceId, id);
    if (!set) throw trainingDataNotFound();
    return set;
  };
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'List the workspace’s training-data sets, oldest first',
      auth: read,
      emulatorDefined: true,
      query: TrainingDataListQuerySchema,
      response: TrainingDataListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/generate`,
      tag: TAG,
      summary: 'Generate question/answer pairs from RAG files (or a whole RAG target) and transcripts: a job on the emulator clock',
      auth: write,
      emulatorDefined: true,
      body: GenerateSchema,
      response: TrainingDataSetSchema,
      status: 202,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        if (body.fileIds || body.ragVectorId) requireScope(principal, 'rag:read');
        if (body.transcriptIds) requireScope(principal, 'transcript:read');
        const issues: ValidationIssue[] = [];
        const picked: TrainingSource[] = [];
        const add = (source: TrainingSource) => {
          if (!picked.some((s) => s.type === source.type && s.id === source.id)) picked.push(source);
        };
        for (const [i, id] of (body.fileIds ?? []).entries()) {
          const file = await sources.ragFile(workspaceId, id);
          if (file) add({ type: 'ragFile', id, title: file.title });
          else issues.push({ path: `body.fileIds[${i}]`, message: 'Not a RAG file of this workspace' });
        }
        if (body.ragVectorId !== undefined) {
          const files = await sources.ragFilesOf(workspaceId, body.ragVectorId);
          if (!files) issues.push({ path: 'body.ragVectorId', message: 'Not a RAG target of this workspace' });
          else if (files.length === 0) issues.push({ path: 'body.ragVectorId', message: 'The RAG target holds no files' });
          else for (const f of files) add({ type: 'ragFile', id: f.id, title: f.title });
        }
        for (const [i, id] of (body.transcriptIds ?? []).entries()) {
          const transcript = await sources.transcript(workspaceId, id);
          if (transcript) add({ type: 'transcript', id, title: transcript.title });
          else issues.push({ path: `body.transcriptIds[${i}]`, message: 'Not a transcript of this workspace' });
        }
        if (issues.length) throw validationError('Invalid training-data sources', issues);
        return store.create(workspaceId, {
          title: body.title ?? `Training data from ${picked.length} source${picked.length === 1 ? '' : 's'}`,
          sources: picked,
          maxPairs: body.maxPairs ?? DEFAULT_MAX_PAIRS,
          createdBy: principal.kind === 'user' ? principal.userId : principal.kind === 'apiKey' ? principal.keyId : null,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:trainingDataId`,
      tag: TAG,
      summary: 'One training-data set',
      auth: read,
      emulatorDefined: true,
      params: TrainingDataParamsSchema,
      response: TrainingDataSetSchema,
      handler: ({ principal, params }) => found(workspaceOf(principal), params.trainingDataId),
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:trainingDataId/status`,
      tag: TAG,
      summary: 'The generation job’s state: queued, running (with progress), succeeded or failed',
      auth: read,
      emulatorDefined: true,
      params: TrainingDataParamsSchema,
      response: TrainingStatusSchema,
      handler: async ({ principal, params }) => {
        const set = await found(workspaceOf(principal), params.trainingDataId);
        return { _id: set._id, status: set.status, progress: set.progress, pairCount: set.pairCount, ...(set.error !== undefined && { error: set.error }) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:trainingDataId/pairs`,
      tag: TAG,
      summary: 'The generated question/answer pairs, a page at a time',
      auth: read,
      emulatorDefined: true,
      params: TrainingDataParamsSchema,
      query: TrainingDataListQuerySchema,
      response: PairsPageSchema,
      handler: async ({ principal, params, query }) => {
        const pairs = await store.pairs(workspaceOf(principal), params.trainingDataId);
        if (!pairs) throw trainingDataNotFound();
        return paginate(pairs, query);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:trainingDataId/export`,
      tag: TAG,
      summary: 'Download the pairs as JSON Lines (chat fine-tuning format) or CSV',
      auth: read,
      emulatorDefined: true,
      params: TrainingDataParamsSchema,
      query: ExportQuerySchema,
      mediaType: 'application/jsonl',
      handler: async ({ principal, params, query }) => {
        const workspaceId = workspaceOf(principal);
        const set = await found(workspaceId, params.trainingDataId);
        if (set.status !== 'succeeded') throw trainingDataNotReady(set._id, set.status);
        const text = exportText((await store.pairs(workspaceId, set._id)) ?? [], query.format);
        return new Response(text, {
          status: 200,
          headers: {
            'content-type': EXPORT_MEDIA_TYPES[query.format],
            'content-disposition': `attachment; filename="${exportFilename(set.title, set._id, query.format)}"`,
          },
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:trainingDataId/export-to-rag`,
      tag: TAG,
      summary: 'Add the pairs as one markdown file to a RAG target, which indexes it like an upload',
      auth: write,
      emulatorDefined: true,
      params: TrainingDataParamsSchema,
      body: ExportToRagSchema,
      response: ExportedToRagSchema,
      status: 201,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        requireScope(principal, 'rag:write');
        const set = await found(workspaceId, params.trainingDataId);
        if (set.status !== 'succeeded') throw trainingDataNotReady(set._id, set.status);
        const title = body.title ?? set.title;
        const added = await sources.addRagDocument(workspaceId, body.ragVectorId, {
          title,
          filename: exportFilename(set.title, set._id, 'jsonl').replace(/\.jsonl$/, '.md'),
          text: ragDocument(title, (await store.pairs(workspaceId, set._id)) ?? []),
          actor: actorOfPrincipal(principal),
        });
        if (!added) throw validationError('Invalid target', [{ path: 'body.ragVectorId', message: 'Not a RAG target of this workspace' }]);
        return { trainingDataId: set._id, ragVectorId: body.ragVectorId, fileId: added.fileId, title, status: added.status };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:trainingDataId`,
      tag: TAG,
      summary: 'Delete a training-data set (a running generation stops)',
      auth: write,
      emulatorDefined: true,
      params: TrainingDataParamsSchema,
      response: DeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.trainingDataId))) throw trainingDataNotFound();
        return { _id: params.trainingDataId, deleted: true as const };
      },
    }),
  ];
}
