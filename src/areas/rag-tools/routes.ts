// The rest of the CLI's `rag` table (emulator-defined, tag `rag`): config, health, products,
// synthesize, test-retrieval, dedupe-chunks, dedupe-files and scan-artifacts, every answer computed
// from stored data (deterministic: same state and seed, same bytes).
import { validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { RagFileServices } from '../rag-files/public.js';
import { actorOf, targetNotFound, type TargetRow } from '../rag-targets/public.js';
import {
  RagArtifactScanSchema,
  RagConfigPatchSchema,
  RagConfigSchema,
  RagDedupeChunksInputSchema,
  RagDedupeChunksSchema,
  RagDedupeFilesInputSchema,
  RagDedupeFilesSchema,
  RagHealthSchema,
  RagProductListSchema,
  RagSynthesisSchema,
  RagSynthesizeInputSchema,
  RagTestRetrievalInputSchema,
  RagTestRetrievalSchema,
  type RagConfig,
  type RagConfigPatch,
} from '../../types/rag-tools.js';
import type { RagMaintenance } from './maintenance.js';
import type { RagRetrievalTools } from './retrieval-tools.js';
import { ProductsQuerySchema, ScanQuerySchema, ScopeQuerySchema } from './schema.js';

const TAG = 'rag';
const READ = { kind: 'apiKey', permission: 'rag:read', feature: 'rag' } as const;
const WRITE = { kind: 'apiKey', permission: 'rag:write', feature: 'rag' } as const;

export interface RagToolsDeps {
  rag: RagFileServices;
  config: {
    get(workspaceId: string): Promise<RagConfig>;
    patch(workspaceId: string, patch: RagConfigPatch): Promise<RagConfig>;
  };
  maintenance: RagMaintenance;
  retrieval: RagRetrievalTools;
}

export function ragToolRoutes({ rag, config, maintenance, retrieval }: RagToolsDeps): RouteDef[] {
  const one = async (workspaceId: string, id: string): Promise<TargetRow> => {
    const row = await rag.targets.row(workspaceId, id);
    if (!row) throw targetNotFound();
    return row;
  };
  /** One vector when named, else every vector of the workspace (oldest first). */
  const scope = async (workspaceId: string, id: string | undefined): Promise<TargetRow[]> => (id === undefined ? rag.targets.rows(workspaceId) : [await one(workspaceId, id)]);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/config',
      tag: TAG,
      summary: 'The workspace’s RAG defaults for new vector indexes (chunkingTool, embeddingModel, minimumSimilarity...), and which it set',
      auth: READ,
      emulatorDefined: true,
      response: RagConfigSchema,
      handler: ({ principal }) => config.get(workspaceOf(principal)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/rag/config',
      tag: TAG,
      summary: 'Change the workspace’s RAG defaults: new indexes that name none of these fields take them',
      auth: WRITE,
      emulatorDefined: true,
      body: RagConfigPatchSchema,
      response: RagConfigSchema,
      handler: ({ principal, body }) => config.patch(workspaceOf(principal), body),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/health',
      tag: TAG,
      summary: 'Index health per vector: files by state, chunks stored vs vectors indexed, ghost references, pending and failed files',
      auth: READ,
      emulatorDefined: true,
      query: ScopeQuerySchema,
      response: RagHealthSchema,
      handler: async ({ principal, query }) => {
        const workspaceId = workspaceOf(principal);
        const data = [];
        for (const target of await scope(workspaceId, query.collectionId)) data.push(await maintenance.health(target));
        const status = data.some((d) => d.status === 'degraded') ? 'degraded' : data.some((d) => d.status === 'healthy') ? 'healthy' : 'empty';
        return { workspaceId, status, data, total: data.length };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/products',
      tag: TAG,
      summary: 'Catalog matches read from the chunks: lines with a price or SKU, filtered and ranked by `q`',
      auth: READ,
      emulatorDefined: true,
      query: ProductsQuerySchema,
      response: RagProductListSchema,
      handler: async ({ principal, query }) => {
        const all = await retrieval.products(await scope(workspaceOf(principal), query.collectionId), query.q);
        return { data: all.slice(0, query.limit), hasMore: all.length > query.limit, total: all.length };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/synthesize',
      tag: TAG,
      summary: 'An answer synthesized from the vector’s retrieved chunks by the chat reply generator, with numbered citations',
      auth: READ,
      emulatorDefined: true,
      body: RagSynthesizeInputSchema,
      response: RagSynthesisSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        return retrieval.synthesize(workspaceId, await one(workspaceId, body.collectionId), body.query, body.topK);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/test-retrieval',
      tag: TAG,
      summary: 'Run queries against a vector: the files each retrieves, and recall/precision against the expected file ids',
      auth: READ,
      emulatorDefined: true,
      body: RagTestRetrievalInputSchema,
      response: RagTestRetrievalSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const target = await one(workspaceId, body.collectionId);
        const { expected, queries } = body;
        const perQuery = expected !== undefined && expected.length > 0 && Array.isArray(expected[0]);
        if (perQuery && expected.length !== queries.length) {
          throw validationError('One expected list per query', [{ path: 'body.expected', message: `${expected.length} lists for ${queries.length} queries` }]);
        }
        if (perQuery && expected.some((e) => !Array.isArray(e))) {
          throw validationError('Invalid body', [{ path: 'body.expected', message: 'Either a list of file ids, or one list per query' }]);
        }
        const lists = queries.map((_, i) => (expected === undefined ? undefined : perQuery ? (expected[i] as string[]) : (expected as string[])));
        return retrieval.testRetrieval(target, queries, lists, body.topK);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/dedupe-chunks',
      tag: TAG,
      summary: 'Duplicate chunks of a vector (exact, or near: equal once normalized): removed with their vectors unless dryRun; counts and groups',
      auth: WRITE,
      emulatorDefined: true,
      body: RagDedupeChunksInputSchema,
      response: RagDedupeChunksSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        return maintenance.dedupeChunks(await one(workspaceId, body.collectionId), body.dryRun, actorOf(principal));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/rag/dedupe-files',
      tag: TAG,
      summary: 'Files of a vector with the same content hash (one vector, or each of the workspace’s): the oldest kept, the rest deleted unless dryRun',
      auth: WRITE,
      emulatorDefined: true,
      body: RagDedupeFilesInputSchema,
      bodyOptional: true,
      response: RagDedupeFilesSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        return maintenance.dedupeFiles(await scope(workspaceId, body.collectionId), body.collectionId ?? null, body.dryRun, actorOf(principal));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/rag/scan-artifacts',
      tag: TAG,
      summary: 'Chunks with extraction artifacts: special tokens, control characters, base64 blobs, replacement characters, repeated headers',
      auth: READ,
      emulatorDefined: true,
      query: ScanQuerySchema,
      response: RagArtifactScanSchema,
      handler: async ({ principal, query }) => maintenance.scanArtifacts(await scope(workspaceOf(principal), query.collectionId), query.collectionId ?? null, query.limit),
    }),
  ];
}
