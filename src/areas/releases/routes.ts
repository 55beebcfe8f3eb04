// The releases routes (contract route table, CLI `release` group): list, create, get, update,
// delete, publish, and the emulator-defined clone and derive-theme.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { paginate } from '../workspaces/paging.js';
import {
  CloneReleaseSchema,
  CreateReleaseSchema,
  DeriveThemeSchema,
  ReleaseAnswerSchema,
  ReleaseDeletedSchema,
  ReleaseListQuerySchema,
  ReleaseListSchema,
  ReleaseParamsSchema,
  ThemeAnswerSchema,
  UpdateReleaseSchema,
} from './schema.js';
import type { ReleaseService } from './service.js';
import { releaseOut, type ReleaseStore } from './store.js';

const TAG = 'releases';

export function releaseRoutes(releases: ReleaseStore, service: ReleaseService): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/releases',
      tag: TAG,
      summary: 'List the workspace’s releases in creation order (filter `status`; `limit`, `cursor`)',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      query: ReleaseListQuerySchema,
      response: ReleaseListSchema,
      handler: async ({ principal, query }) => {
        const all = await releases.list(workspaceOf(principal), query.status);
        return paginate(all.map(releaseOut), query);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases',
      tag: TAG,
      summary: 'Create a draft release (`from` copies another release’s settings)',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      body: CreateReleaseSchema,
      response: ReleaseAnswerSchema,
      status: 201,
      handler: async ({ principal, body }) => releaseOut(await service.create(principal, workspaceOf(principal), body)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/releases/:releaseId',
      tag: TAG,
      summary: 'Get one release',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => releaseOut(await service.get(workspaceOf(principal), params.releaseId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/releases/:releaseId',
      tag: TAG,
      summary: 'Update a release: config and theme merged key by key, status draft or archived',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      body: UpdateReleaseSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params, body }) => releaseOut(await service.update(workspaceOf(principal), params.releaseId, body)),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/releases/:releaseId',
      tag: TAG,
      summary: 'Delete a release',
      auth: { kind: 'workspace', level: 'admin' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      response: ReleaseDeletedSchema,
      handler: async ({ principal, params }) => {
        await service.delete(workspaceOf(principal), params.releaseId);
        return { id: params.releaseId, deleted: true };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases/:releaseId/publish',
      tag: TAG,
      summary: 'Publish a release: draft → active (an archived release answers 409)',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => releaseOut(await service.publish(workspaceOf(principal), params.releaseId)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases/:releaseId/clone',
      tag: TAG,
      summary: 'Copy a release as a draft into a workspace (`toWorkspaceId`, `name`, `ragIdMap`)',
      auth: { kind: 'workspace', level: 'admin' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      body: CloneReleaseSchema,
      response: ReleaseAnswerSchema,
      status: 201,
      handler: async ({ principal, params, body }) => releaseOut(await service.clone(principal, workspaceOf(principal), params.releaseId, body)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases/:releaseId/derive-theme',
      tag: TAG,
      summary: 'Derive a theme from a site address or another release (hashed, never fetched)',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      body: DeriveThemeSchema,
      response: ThemeAnswerSchema,
      handler: ({ principal, params, body }) => service.deriveTheme(workspaceOf(principal), params.releaseId, body),
    }),
  ];
}
