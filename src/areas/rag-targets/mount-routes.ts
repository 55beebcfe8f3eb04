// The vector part of the workspace mount `/white-label/{ws}/rag-vector…` (REAL-WIRE section 8;
// demo-pipeline targets/cloudflare/src/divinci.js, index.js, orchestrator furniture-backfill-cli.ts,
// rag-stack.ts): create (which ignores minimumSimilarity: 0.62), settings, the file list and one
// vector, over the same stores as /api/v1/rag/targets. A member's Bearer token only: keys get 403.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { forbidden, validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type Principal, type RouteDef } from '../../core/route.js';
import type { RagDefaults } from '../../types/rag-tools.js';
import type { RagFileServices } from '../rag-files/public.js';
import { actorOf } from './events.js';
import { withDefaults } from './config-store.js';
import { targetNotFound } from './errors.js';
import { ChunkingToolSchema, TargetRecordSchema, VectorIndexToolSchema, WorkspaceVectorParamsSchema } from './schema.js';

const TAG = 'rag';
const DIVINCI_JS = 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/divinci.js (registerVector)';
/** What the real create sets, whatever the body says (divinci.js: "the rag-vector CREATE endpoint ignores it and defaults to 0.62"). */
export const MOUNT_DEFAULT_MINIMUM_SIMILARITY = 0.62;

const read = { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'rag:read', feature: 'rag' } as const;
const write = { kind: 'workspace', level: 'write', param: 'workspaceId', permission: 'rag:write', feature: 'rag' } as const;

const Similarity = lazySchema(() => z.number().min(0).max(1));
export const MountVectorCreateSchema = lazySchema(() => z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(2000).optional(),
    vectorIndexTool: VectorIndexToolSchema.optional(),
    embeddingModel: z.string().trim().min(1).max(200).optional(),
    chunkingTool: ChunkingToolSchema.optional(),
    /** A provider credential of the workspace (`POST …/tools/byok/keys` → `_id`) the index reaches its store with. */
    authKey: z.string().min(1).max(200).optional(),
    /** Accepted and ignored, as the real create does: PATCH …/settings sets it. */
    minimumSimilarity: Similarity.optional(),
  })
  .strict());

export const MountVectorSettingsSchema = lazySchema(() => z
  .object({
    minimumSimilarity: Similarity.optional(),
    contextPerMessage: z.number().int().min(1).max(100).optional(),
    embeddingModel: z.string().trim().min(1).max(200).optional(),
    title: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    /** The display counter the real pipeline writes (index.js set-chunk-count): kept as `reportedChunkCount`. */
    chunkCount: z.number().int().min(0).optional(),
  })
  .strict());

function member(principal: Principal): void {
  if (principal.kind === 'apiKey') throw forbidden('The /white-label workspace mount takes a user’s Bearer token, not an API key');
}

/** `byokExists` asks the byok area (mounted after this one) whether a credential id is the workspace's. */
export function ragVectorMountRoutes(
  rag: RagFileServices,
  byokExists: (workspaceId: string, id: string) => Promise<boolean>,
  defaultsOf: (workspaceId: string) => Promise<Partial<RagDefaults>> = async () => ({}),
): RouteDef[] {
  const { targets, files, events } = rag;
  const found = async (workspaceId: string, id: string) => {
    const row = await targets.row(workspaceId, id);
    if (!row) throw targetNotFound();
    return row;
  };
  return [
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/rag-vector',
      tag: TAG,
      summary: 'Create a vector index on the workspace mount → `_id`; `minimumSimilarity` in the body is ignored (0.62): PATCH …/settings sets it',
      auth: write,
      realClient: DIVINCI_JS,
      params: lazySchema(() => WorkspaceVectorParamsSchema.pick({ workspaceId: true })),
      body: MountVectorCreateSchema,
      response: TargetRecordSchema,
      handler: async ({ principal, body }) => {
        member(principal);
        const workspaceId = workspaceOf(principal);
        if (body.authKey !== undefined && !(await byokExists(workspaceId, body.authKey))) {
          throw validationError('Unknown authKey', [{ path: 'body.authKey', message: 'Not a provider credential of this workspace (POST …/tools/byok/keys)' }]);
        }
        await rag.limits.ensureCollections(workspaceId);
        const { authKey, minimumSimilarity: _ignored, ...fields } = body;
        // The workspace defaults apply, except minimumSimilarity: the real create always sets 0.62.
        let row = await targets.create(workspaceId, { ...withDefaults(await defaultsOf(workspaceId), fields), minimumSimilarity: MOUNT_DEFAULT_MINIMUM_SIMILARITY });
        if (authKey !== undefined) row = await targets.setSettings(row, { authKey });
        await events.record(row.id, null, 'target.created', actorOf(principal), { title: row.title });
        return targets.record(row);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/white-label/:workspaceId/rag-vector/files',
      tag: TAG,
      summary: 'Every file of the workspace, a bare array (no paging: `page`/`limit` are ignored, as the real aggregation does)',
      auth: read,
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/furniture-backfill-cli.ts (listFiles)',
      params: lazySchema(() => WorkspaceVectorParamsSchema.pick({ workspaceId: true })),
      handler: async ({ principal }) => {
        member(principal);
        const workspaceId = workspaceOf(principal);
        return files.records(await files.list(workspaceId, {}), await files.lazyCounts(workspaceId));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/white-label/:workspaceId/rag-vector/:vectorId',
      tag: TAG,
      summary: 'One vector index on the workspace mount (its settings: vectorIndexTool, embeddingModel, minimumSimilarity...)',
      auth: read,
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/rag-stack.ts (resolveStack)',
      params: WorkspaceVectorParamsSchema,
      response: TargetRecordSchema,
      handler: async ({ principal, params }) => {
        member(principal);
        return targets.record(await found(workspaceOf(principal), params.vectorId));
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/white-label/:workspaceId/rag-vector/:vectorId/settings',
      tag: TAG,
      summary: 'Change a vector’s retrieval settings (minimumSimilarity, contextPerMessage...) and its reported chunkCount',
      auth: write,
      realClient: `${DIVINCI_JS}; targets/cloudflare/src/index.js (set-chunk-count)`,
      params: WorkspaceVectorParamsSchema,
      body: MountVectorSettingsSchema,
      response: TargetRecordSchema,
      handler: async ({ principal, params, body }) => {
        member(principal);
        const { chunkCount, ...settings } = body;
        let row = await targets.patch(await found(workspaceOf(principal), params.vectorId), settings);
        if (chunkCount !== undefined) row = await targets.setSettings(row, { reportedChunkCount: chunkCount });
        await events.record(row.id, null, 'target.updated', actorOf(principal), { fields: Object.keys(body).sort() });
        return targets.record(row);
      },
    }),
  ];
}
