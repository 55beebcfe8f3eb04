// The RAG target routes (spec section 4): list, create, read one, patch, delete (with all its
// resources), migrate (clone with new settings and reindex), fork (copy without re-ingest),
// bulk-reindex, prune-ghost-refs, the event log and the whole-vector chunk listing.
import { forbidden, validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { RagFileServices } from '../rag-files/public.js';
import type { RagDefaults } from '../../types/rag-tools.js';
import type { VectorIndexes } from '../../vector/index-manager.js';
import { actorOf } from './events.js';
import { withDefaults } from './config-store.js';
import { targetNotFound } from './errors.js';
import {
  BulkReindexSchema,
  ChunkListPageSchema,
  ChunkListQuerySchema,
  ForkTargetSchema,
  WorkspaceVectorParamsSchema,
  CreateTargetSchema,
  EventListSchema,
  EventsQuerySchema,
  MigrateTargetSchema,
  PatchTargetSchema,
  TargetListSchema,
  TargetParamsSchema,
  TargetRecordSchema,
} from './schema.js';

const TAG = 'rag';
const READ = { kind: 'apiKey', permission: 'rag:read', feature: 'rag' } as const;
const WRITE = { kind: 'apiKey', permission: 'rag:write', feature: 'rag' } as const;
const SDK_CLIENT_RAG = 'https://sdk.divinci.ai/client/rag/ (client.rag.vectorIndex)';

/** The workspace's RAG defaults (`rag config`): a create's missing settings come from them. */
export type RagDefaultsOf = (workspaceId: string) => Promise<Partial<RagDefaults>>;

export function ragTargetRoutes(rag: RagFileServices, indexes: VectorIndexes, defaultsOf: RagDefaultsOf = async () => ({})): RouteDef[] {
  const { targets, files, events, pipeline } = rag;
  const found = async (workspaceId: string, id: string) => {
    const row = await targets.row(workspaceId, id);
    if (!row) throw targetNotFound();
    return row;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/targets',
      tag: TAG,
      summary: 'The workspace’s vector indexes, oldest first',
      // Paths are the emulator's; the calls and bodies follow the client library.
      realClient: SDK_CLIENT_RAG,
      auth: READ,
      emulatorDefined: true,
      response: TargetListSchema,
      handler: async ({ principal }) => {
        const rows = await targets.rows(workspaceOf(principal));
        const data = [];
        for (const row of rows) data.push(await targets.record(row));
        return { data, hasMore: false, total: data.length };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/targets',
      tag: TAG,
      summary: 'Create a vector index: {title} or the client library’s {name}; both are served',
      // Paths are the emulator's; the calls and bodies follow the client library.
      realClient: SDK_CLIENT_RAG,
      auth: WRITE,
      emulatorDefined: true,
      body: CreateTargetSchema,
      response: TargetRecordSchema,
      handler: async ({ principal, body }) => {
        await rag.limits.ensureCollections(workspaceOf(principal));
        const defaults = await defaultsOf(workspaceOf(principal));
        const row = await targets.create(workspaceOf(principal), withDefaults(defaults, body));
        await events.record(row.id, null, 'target.created', actorOf(principal), { title: row.title });
        return targets.record(row);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/targets/:collectionId',
      tag: TAG,
      summary: 'One vector index by id (another workspace’s answers 404)',
      auth: READ,
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts (rag targets get); ' + SDK_CLIENT_RAG,
      params: TargetParamsSchema,
      response: TargetRecordSchema,
      handler: async ({ principal, params }) => targets.record(await found(workspaceOf(principal), params.collectionId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/rag/targets/:collectionId',
      tag: TAG,
      summary: 'Change retrieval settings (minimumSimilarity, contextPerMessage, embeddingModel) or the title',
      // Paths are the emulator's; the calls and bodies follow the client library.
      realClient: SDK_CLIENT_RAG,
      auth: WRITE,
      emulatorDefined: true,
      params: TargetParamsSchema,
      body: PatchTargetSchema,
      response: TargetRecordSchema,
      handler: async ({ principal, params, body }) => {
        const row = await targets.patch(await found(workspaceOf(principal), params.collectionId), body);
        await events.record(row.id, null, 'target.updated', actorOf(principal), { fields: Object.keys(body).sort() });
        return targets.record(row);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/rag/targets/:collectionId',
      tag: TAG,
      summary: 'Delete the index and all its resources: files, chunks, vectors, references and events',
      // Paths are the emulator's; the calls and bodies follow the client library.
      realClient: SDK_CLIENT_RAG,
      auth: WRITE,
      params: TargetParamsSchema,
      handler: async ({ principal, params }) => {
        const row = await found(workspaceOf(principal), params.collectionId);
        const owned = await files.filesOfTarget(row.id);
        for (const file of owned) {
          await files.deleteChunks(file.id);
          await rag.targets.unlinkFile(file.id);
        }
        await files.deleteAllOfTarget(row.id);
        await targets.delete(row.id);
        await events.deleteForTarget(row.id);
        indexes.drop(row.id);
        return { status: 'ok', _id: row.id, deletedFiles: owned.length };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/targets/:collectionId/migrate',
      tag: TAG,
      summary: 'Clone the index with a new configuration and reindex every file into the clone',
      auth: WRITE,
      params: TargetParamsSchema,
      body: MigrateTargetSchema,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        const source = await found(workspaceId, params.collectionId);
        const actor = actorOf(principal);
        await rag.limits.ensureCollections(workspaceId);
        const clone = await targets.create(workspaceId, {
          title: body.title ?? body.name ?? `${source.title} (migrated)`,
          description: body.description ?? source.description ?? undefined,
          vectorIndexTool: body.vectorIndexTool ?? (source.vector_index_tool as 'default' | 'vectorize'),
          embeddingModel: body.embeddingModel ?? source.embedding_model,
          chunkingTool: body.chunkingTool ?? (source.chunking_tool as 'default'),
          chunkSize: body.chunkSize ?? Number(source.chunk_size),
          chunkOverlap: body.chunkOverlap ?? Math.min(Number(source.chunk_overlap), (body.chunkSize ?? Number(source.chunk_size)) - 1),
          contextPerMessage: body.contextPerMessage ?? Number(source.context_per_message),
          minimumSimilarity: body.minimumSimilarity ?? Number(source.minimum_similarity),
        });
        await events.record(clone.id, null, 'target.created', actor, { title: clone.title, migratedFrom: source.id });
        const fileIdMap: Record<string, string> = {};
        for (const file of await files.filesOfTarget(source.id)) {
          const copy = await files.copyTo(file, clone.id, body.chunkingTool, actor);
          await pipeline.begin(copy);
          fileIdMap[file.id] = copy.id;
        }
        await events.record(source.id, null, 'target.migrated', actor, { to: clone.id, files: Object.keys(fileIdMap).length });
        return { sourceCollectionId: source.id, collection: await targets.record(clone), filesQueued: Object.keys(fileIdMap).length, fileIdMap };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/targets/:collectionId/fork',
      tag: TAG,
      summary: 'Copy the index without re-ingesting: same settings, copies of its files, chunks and vectors, searchable at once',
      // Paths are the emulator's; the calls and bodies follow the client library.
      realClient: SDK_CLIENT_RAG,
      auth: WRITE,
      // The client library's vectorIndex.fork({ragId}, {name}); its path is not documented.
      emulatorDefined: true,
      params: TargetParamsSchema,
      body: ForkTargetSchema,
      bodyOptional: true,
      response: TargetRecordSchema,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        const source = await found(workspaceId, params.collectionId);
        const actor = actorOf(principal);
        await rag.limits.ensureCollections(workspaceId);
        const description = body.description ?? source.description ?? undefined;
        const fork = await targets.create(workspaceId, {
          title: body.title ?? body.name ?? `${source.title} (fork)`,
          ...(description !== undefined && { description }),
          vectorIndexTool: source.vector_index_tool as 'default' | 'vectorize',
          embeddingModel: source.embedding_model,
          chunkingTool: source.chunking_tool as 'default',
          chunkSize: Number(source.chunk_size),
          chunkOverlap: Number(source.chunk_overlap),
          contextPerMessage: Number(source.context_per_message),
          minimumSimilarity: Number(source.minimum_similarity),
        });
        await events.record(fork.id, null, 'target.created', actor, { title: fork.title, forkedFrom: source.id });
        for (const file of await files.filesOfTarget(source.id)) {
          const { copy, ready } = await files.forkTo(file, fork.id, actor);
          if (!ready) await pipeline.begin(copy);
        }
        await events.record(source.id, null, 'target.forked', actor, { to: fork.id });
        return targets.record((await targets.row(workspaceId, fork.id)) as typeof fork);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/targets/:collectionId/all-chunks',
      tag: TAG,
      summary: 'Every chunk of the index, by file and position: ?offset (default 0) &length (default 100, max 1000)',
      auth: READ,
      // The real listing lives on the workspace mount (below); this is its API-key twin.
      emulatorDefined: true,
      params: TargetParamsSchema,
      query: ChunkListQuerySchema,
      response: ChunkListPageSchema,
      handler: async ({ principal, params, query }) =>
        files.targetChunkPage((await found(workspaceOf(principal), params.collectionId)).id, query.offset, query.length),
    }),
    defineRoute({
      method: 'GET',
      path: '/white-label/:workspaceId/rag-vector/:vectorId/all-chunks',
      tag: TAG,
      summary: 'Every chunk of a vector on the workspace mount: {page: [{text, docSource: {_id}}], total, sourceDocCount}',
      auth: { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'rag:read', feature: 'rag' },
      realClient:
        'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/furniture-backfill-cli.ts (chunkTotal), orchestrator/src/api-contracts.test.ts (rag chunks)',
      params: WorkspaceVectorParamsSchema,
      query: ChunkListQuerySchema,
      response: ChunkListPageSchema,
      handler: async ({ principal, params, query }) => {
        // The workspace mount is for signed-in members; API keys are refused there (REAL-WIRE.md section 8).
        if (principal.kind === 'apiKey') throw forbidden('The /white-label workspace mount takes a user’s Bearer token, not an API key');
        return files.targetChunkPage((await found(workspaceOf(principal), params.vectorId)).id, query.offset, query.length);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/targets/:collectionId/bulk-reindex',
      tag: TAG,
      summary: 'Re-queue all files of the index (or the given fileIds), optionally with another chunkingTool',
      auth: WRITE,
      params: TargetParamsSchema,
      body: BulkReindexSchema,
      bodyOptional: true,
      handler: async ({ principal, params, body }) => {
        const row = await found(workspaceOf(principal), params.collectionId);
        const all = await files.filesOfTarget(row.id);
        let chosen = all;
        if (body.fileIds !== undefined) {
          const known = new Set(all.map((f) => f.id));
          const issues = body.fileIds.flatMap((id, i) => (known.has(id) ? [] : [{ path: `body.fileIds[${i}]`, message: `File "${id}" is not in this index` }]));
          if (issues.length) throw validationError('Unknown file ids', issues);
          const wanted = new Set(body.fileIds);
          chosen = all.filter((f) => wanted.has(f.id));
        }
        for (const file of chosen) await pipeline.start(file, actorOf(principal), body.chunkingTool);
        return { collectionId: row.id, queued: chosen.length, fileIds: chosen.map((f) => f.id) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/targets/:collectionId/prune-ghost-refs',
      tag: TAG,
      summary: 'Remove the index’s references to files that no longer exist',
      auth: WRITE,
      params: TargetParamsSchema,
      handler: async ({ principal, params }) => {
        const row = await found(workspaceOf(principal), params.collectionId);
        const ghosts = await targets.ghostRefs(row.id);
        await targets.unlink(row.id, ghosts);
        if (ghosts.length) await events.record(row.id, null, 'ghost_refs.pruned', actorOf(principal), { fileIds: ghosts });
        return { collectionId: row.id, pruned: ghosts.length, fileIds: ghosts };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/targets/:collectionId/events',
      tag: TAG,
      summary: 'The index’s event log, newest first, filtered by limit, fileId, action, actorType, since, includeBackfill',
      auth: READ,
      params: TargetParamsSchema,
      query: EventsQuerySchema,
      response: EventListSchema,
      handler: async ({ principal, params, query }) => events.list((await found(workspaceOf(principal), params.collectionId)).id, query),
    }),
  ];
}
