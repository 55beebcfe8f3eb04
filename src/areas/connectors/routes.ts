// The connector routes (emulator-defined, spec tag `connectors`): CRUD, sync (a clock job) and the
// sync runs. Keys need rag:read to read and rag:write to change or sync (a connector feeds a vector index).
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { resolveTargets, type RagFileServices } from '../rag-files/public.js';
import { paginate } from '../workspaces/public.js';
import {
  ConnectorSchema,
  ConnectorSyncRunSchema,
  CreateConnectorInputSchema,
  SYNCING_CONNECTOR_KINDS,
  UpdateConnectorInputSchema,
  type Connector,
} from '../../types/integrations.js';
import { connectorNotAuthorized, connectorNotFound, runNotFound, syncInProgress } from './errors.js';
import { checkConfig, ConnectorDeletedSchema, ConnectorListQuerySchema, ConnectorListSchema, ConnectorParamsSchema, RunListSchema, RunParamsSchema } from './schema.js';
import type { ConnectorStore } from './store.js';
import { JOB_SYNC, SYNC_DELAY_MS } from './sync.js';
import type { Scheduler } from '../../clock/scheduler.js';

const TAG = 'connectors';
const read = { kind: 'workspace', level: 'read', permission: 'rag:read' } as const;
const write = { kind: 'workspace', level: 'write', permission: 'rag:write' } as const;

export function connectorRoutes(store: ConnectorStore, rag: () => RagFileServices, scheduler: Scheduler): RouteDef[] {
  const found = async (workspaceId: string, id: string): Promise<Connector> => {
    const connector = await store.get(workspaceId, id);
    if (!connector) throw connectorNotFound();
    return connector;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/connectors',
      tag: TAG,
      summary: 'List the workspace’s data-source connectors',
      auth: read,
      emulatorDefined: true,
      query: ConnectorListQuerySchema,
      response: ConnectorListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/connectors',
      tag: TAG,
      summary: 'Create a connector feeding a vector index (web and http-json sync for real; credentials are write-only)',
      auth: write,
      emulatorDefined: true,
      body: CreateConnectorInputSchema,
      response: ConnectorSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        checkConfig(body.kind, body.config);
        const [target] = await resolveTargets(rag().targets, workspaceId, body.ragVectorId);
        return store.create(workspaceId, { title: body.title, kind: body.kind, targetId: target!.id, config: body.config, credentials: body.credentials });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/connectors/:connectorId',
      tag: TAG,
      summary: 'One connector (never its credentials)',
      auth: read,
      emulatorDefined: true,
      params: ConnectorParamsSchema,
      response: ConnectorSchema,
      handler: ({ principal, params }) => found(workspaceOf(principal), params.connectorId),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/connectors/:connectorId',
      tag: TAG,
      summary: 'Change a connector’s title, vector index, config or credentials (null clears them)',
      auth: write,
      emulatorDefined: true,
      params: ConnectorParamsSchema,
      body: UpdateConnectorInputSchema,
      response: ConnectorSchema,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        const current = await found(workspaceId, params.connectorId);
        if (body.config) checkConfig(current.kind, body.config);
        const targetId = body.ragVectorId !== undefined ? (await resolveTargets(rag().targets, workspaceId, body.ragVectorId))[0]!.id : undefined;
        return (await store.update(workspaceId, current.id, {
          ...(body.title !== undefined && { title: body.title }),
          ...(targetId !== undefined && { targetId }),
          ...(body.config !== undefined && { config: body.config }),
          ...(body.credentials !== undefined && { credentials: body.credentials }),
        })) as Connector;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/connectors/:connectorId',
      tag: TAG,
      summary: 'Delete a connector and its runs (the files it ingested stay in the vector index)',
      auth: write,
      emulatorDefined: true,
      params: ConnectorParamsSchema,
      response: ConnectorDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.connectorId))) throw connectorNotFound();
        return { _id: params.connectorId, id: params.connectorId, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/connectors/:connectorId/sync',
      tag: TAG,
      summary: 'Start a sync: 202 with the queued run; the clock runs it (fetch, ingest, skip unchanged)',
      auth: write,
      emulatorDefined: true,
      params: ConnectorParamsSchema,
      response: ConnectorSyncRunSchema,
      status: 202,
      handler: async ({ principal, params }) => {
        const workspaceId = workspaceOf(principal);
        const connector = await found(workspaceId, params.connectorId);
        if (!(SYNCING_CONNECTOR_KINDS as readonly string[]).includes(connector.kind)) throw connectorNotAuthorized(connector.kind);
        const active = await store.activeRun(connector.id);
        if (active) throw syncInProgress(active);
        const run = await store.createRun(workspaceId, connector.id);
        await scheduler.schedule(JOB_SYNC, { runId: run._id, connectorId: connector.id }, SYNC_DELAY_MS);
        return run;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/connectors/:connectorId/runs',
      tag: TAG,
      summary: 'A connector’s sync runs, newest first',
      auth: read,
      emulatorDefined: true,
      params: ConnectorParamsSchema,
      query: ConnectorListQuerySchema,
      response: RunListSchema,
      handler: async ({ principal, params, query }) => {
        const workspaceId = workspaceOf(principal);
        await found(workspaceId, params.connectorId);
        return paginate(await store.runs(workspaceId, params.connectorId), query);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/connectors/:connectorId/runs/:runId',
      tag: TAG,
      summary: 'One sync run: status, items found, ingested, skipped (unchanged) and failed, errors',
      auth: read,
      emulatorDefined: true,
      params: RunParamsSchema,
      response: ConnectorSyncRunSchema,
      handler: async ({ principal, params }) => {
        const run = await store.run(workspaceOf(principal), params.runId);
        if (!run || run.connectorId !== params.connectorId) throw runNotFound();
        return run;
      },
    }),
  ];
}
