// The external-tool routes (emulator-defined, spec tag `external-tools`): CRUD and a test call that
// checks the input against the tool's inputSchema and calls it for real. Keys need whitelabel:read
// to read and whitelabel:write to change or test.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { ReleaseStore } from '../releases/public.js';
import { PageQuerySchema, pageSchema, paginate } from '../workspaces/public.js';
import {
  CreateExternalToolInputSchema,
  ExternalToolSchema,
  ExternalToolTestInputSchema,
  ExternalToolTestResultSchema,
  UpdateExternalToolInputSchema,
  type ExternalTool,
} from '../../types/integrations.js';
import { badToolInput, badToolSchema, nameTaken, toolNotFound, unknownRelease } from './errors.js';
import { checkJsonSchema, checkToolSchema } from './json-schema.js';
import type { ExternalToolStore } from './store.js';

const TAG = 'external-tools';
const read = { kind: 'workspace', level: 'read', permission: 'whitelabel:read' } as const;
const write = { kind: 'workspace', level: 'write', permission: 'whitelabel:write' } as const;

const ToolParams = lazySchema(() => z.object({ toolId: z.string().min(1).max(200) }));
const ToolListQuery = lazySchema(() => PageQuerySchema.extend({ releaseId: z.string().min(1).max(200).optional() }));

export function externalToolRoutes(store: ExternalToolStore, releases: () => ReleaseStore): RouteDef[] {
  const found = async (workspaceId: string, id: string): Promise<ExternalTool> => {
    const tool = await store.get(workspaceId, id);
    if (!tool) throw toolNotFound();
    return tool;
  };
  const checkReleases = async (workspaceId: string, ids: string[] | undefined) => {
    for (const [index, id] of (ids ?? []).entries()) if (!(await releases().get(id, workspaceId))) throw unknownRelease(index);
  };
  const checkSchema = (schema: Record<string, unknown> | undefined) => {
    const issues = schema ? checkToolSchema(schema) : [];
    if (issues.length) throw badToolSchema(issues);
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/external-tools',
      tag: TAG,
      summary: 'List the workspace’s external HTTP tools (header values masked); `releaseId` keeps those a release may call',
      auth: read,
      emulatorDefined: true,
      query: ToolListQuery,
      response: lazySchema(() => pageSchema(ExternalToolSchema)),
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal), query.releaseId), query),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/external-tools',
      tag: TAG,
      summary: 'Register an external HTTP tool (headers are write-only)',
      auth: write,
      emulatorDefined: true,
      body: CreateExternalToolInputSchema,
      response: ExternalToolSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        checkSchema(body.inputSchema);
        await checkReleases(workspaceId, body.releaseIds);
        if (await store.nameTaken(workspaceId, body.name)) throw nameTaken(body.name);
        return store.create(workspaceId, body);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/external-tools/:toolId',
      tag: TAG,
      summary: 'One external tool (header values masked)',
      auth: read,
      emulatorDefined: true,
      params: ToolParams,
      response: ExternalToolSchema,
      handler: ({ principal, params }) => found(workspaceOf(principal), params.toolId),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/external-tools/:toolId',
      tag: TAG,
      summary: 'Change a tool; a header value sent as *** keeps the stored one',
      auth: write,
      emulatorDefined: true,
      params: ToolParams,
      body: UpdateExternalToolInputSchema,
      response: ExternalToolSchema,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        await found(workspaceId, params.toolId);
        checkSchema(body.inputSchema);
        await checkReleases(workspaceId, body.releaseIds);
        if (body.name !== undefined && (await store.nameTaken(workspaceId, body.name, params.toolId))) throw nameTaken(body.name);
        return (await store.update(workspaceId, params.toolId, body)) as ExternalTool;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/external-tools/:toolId',
      tag: TAG,
      summary: 'Delete an external tool',
      auth: write,
      emulatorDefined: true,
      params: ToolParams,
      response: lazySchema(() => z.object({ _id: z.string(), id: z.string(), deleted: z.literal(true) })),
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.toolId))) throw toolNotFound();
        return { _id: params.toolId, id: params.toolId, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/external-tools/:toolId/test',
      tag: TAG,
      summary: 'Check `input` against the inputSchema (400 naming the field) and call the tool: {status, ok, body, durationMs}',
      auth: write,
      emulatorDefined: true,
      params: ToolParams,
      body: ExternalToolTestInputSchema,
      response: ExternalToolTestResultSchema,
      handler: async ({ principal, params, body }) => {
        const workspaceId = workspaceOf(principal);
        const tool = await found(workspaceId, params.toolId);
        const issues = checkJsonSchema({ type: 'object', ...tool.inputSchema }, body.input, 'body.input');
        if (issues.length) throw badToolInput(issues);
        return store.call(workspaceId, tool._id, body.input);
      },
    }),
  ];
}
