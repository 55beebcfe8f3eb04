// The arena preset routes (command-line group `arena-preset`, emulator-defined): CRUD. Variants
// name releases of the workspace; an unknown release is a 404, as everywhere.
import { notFound } from '../../core/errors.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import { ArenaPresetSchema } from '../../types/qa.js';
import { QaDeletedSchema } from '../../types/qa-inputs.js';
import { paginate, pageSchema } from '../workspaces/public.js';
import { CreatePresetSchema, PresetListQuerySchema, PresetParamsSchema, UpdatePresetSchema } from './schema.js';
import type { ArenaPresetStore } from './store.js';

const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'finetune:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'finetune:write' };
const presetNotFound = () => notFound('Arena preset');

/** Whether a release id belongs to the workspace (the wiring asks the releases area). */
export type ReleaseCheck = (workspaceId: string, releaseId: string) => Promise<boolean>;

export function arenaPresetRoutes(store: ArenaPresetStore, hasRelease: ReleaseCheck): RouteDef[] {
  const common = { tag: 'arena-preset', emulatorDefined: true } as const;
  const check = async (workspaceId: string, variants: { releaseId: string }[] | undefined) => {
    for (const v of variants ?? []) if (!(await hasRelease(workspaceId, v.releaseId))) throw notFound('Release');
  };
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/arena-presets',
      summary: 'List arena presets',
      auth: read,
      query: PresetListQuerySchema,
      response: lazySchema(() => pageSchema(ArenaPresetSchema)),
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/api/v1/arena-presets',
      summary: 'Create an arena preset: a named set of 2..6 variants (release, model, temperature)',
      auth: write,
      body: CreatePresetSchema,
      response: ArenaPresetSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        await check(workspaceOf(principal), body.variants);
        return store.create(workspaceOf(principal), body);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/api/v1/arena-presets/:presetId',
      summary: 'One arena preset',
      auth: read,
      params: PresetParamsSchema,
      response: ArenaPresetSchema,
      handler: async ({ principal, params }) => (await store.get(workspaceOf(principal), params.presetId)) ?? Promise.reject(presetNotFound()),
    }),
    defineRoute({
      ...common,
      method: 'PATCH',
      path: '/api/v1/arena-presets/:presetId',
      summary: 'Change an arena preset',
      auth: write,
      params: PresetParamsSchema,
      body: UpdatePresetSchema,
      response: ArenaPresetSchema,
      handler: async ({ principal, params, body }) => {
        if (!(await store.get(workspaceOf(principal), params.presetId))) throw presetNotFound();
        await check(workspaceOf(principal), body.variants);
        return store.update(workspaceOf(principal), params.presetId, body);
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      path: '/api/v1/arena-presets/:presetId',
      summary: 'Delete an arena preset',
      auth: write,
      params: PresetParamsSchema,
      response: QaDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.presetId))) throw presetNotFound();
        return { status: 'ok', _id: params.presetId };
      },
    }),
  ];
}
