// The releases routes (contract route table, CLI `release` group): list, create, get, update,
// delete, publish, deprecate, the emulator-defined clone and derive-theme, and the public bootstrap
// `/white-label-release/{id}`. Answers carry the spec's fields and the real clients' document ones.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { paginate } from '../workspaces/public.js';
import { bootstrapOf } from './bootstrap.js';
import { releaseNotFound } from './errors.js';
import {
  BootstrapAnswerSchema,
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
const RELEASE_JS = 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/release.js';
const WITHDRAW_JS = 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/withdraw.js';
const READ = 'release:read' as const;
const WRITE = 'release:write' as const;

export function releaseRoutes(releases: ReleaseStore, service: ReleaseService): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/releases',
      tag: TAG,
      summary: 'List the workspace’s releases in creation order (filter `status`; `limit`, `cursor`)',
      auth: { kind: 'workspace', level: 'read', permission: READ },
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
      summary: 'Create a draft release (`from` copies another release’s settings); takes the spec’s fields or the real clients’ document (`title`, `assistant`, `ragIndexes`...)',
      auth: { kind: 'workspace', level: 'write', permission: WRITE },
      realClient: RELEASE_JS,
      body: CreateReleaseSchema,
      response: ReleaseAnswerSchema,
      status: 201,
      handler: async ({ principal, body }) => releaseOut(await service.create(principal, workspaceOf(principal), body)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/releases/:releaseId',
      tag: TAG,
      summary: 'Get one release (a deprecated one too, with deprecatedAt)',
      auth: { kind: 'workspace', level: 'read', permission: READ },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts',
      params: ReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => releaseOut(await service.get(workspaceOf(principal), params.releaseId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/releases/:releaseId',
      tag: TAG,
      summary: 'Update a release: config and theme merged key by key, status draft or archived; the real clients’ whole draft body is taken too',
      auth: { kind: 'workspace', level: 'write', permission: WRITE },
      realClient: RELEASE_JS,
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
      auth: { kind: 'workspace', level: 'admin', permission: WRITE },
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
      summary: 'Publish a release: draft → active (an archived release answers 409); no body',
      auth: { kind: 'workspace', level: 'write', permission: WRITE },
      realClient: RELEASE_JS,
      params: ReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => releaseOut(await service.publish(workspaceOf(principal), params.releaseId)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases/:releaseId/deprecate',
      tag: TAG,
      summary: 'Withdraw a release: archived, gone from every listing and the public bootstrap; still readable by id (deprecatedAt); no body',
      auth: { kind: 'workspace', level: 'write', permission: WRITE },
      realClient: WITHDRAW_JS,
      params: ReleaseParamsSchema,
      response: ReleaseAnswerSchema,
      handler: async ({ principal, params }) => releaseOut(await service.deprecate(workspaceOf(principal), params.releaseId)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases/:releaseId/clone',
      tag: TAG,
      summary: 'Copy a release as a draft into a workspace (`toWorkspaceId`, `name`, `ragIdMap`)',
      auth: { kind: 'workspace', level: 'admin', permission: WRITE },
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
      auth: { kind: 'workspace', level: 'write', permission: WRITE },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      body: DeriveThemeSchema,
      response: ThemeAnswerSchema,
      handler: ({ principal, params, body }) => service.deriveTheme(workspaceOf(principal), params.releaseId, body),
    }),
    defineRoute({
      method: 'GET',
      path: '/white-label-release/:releaseId',
      tag: TAG,
      summary: 'The public release bootstrap, no credentials: a published release with status "available" and its owning workspace (whitelabel, target); drafts, archived and deprecated releases answer 404',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/qa.ts; divinci-ai/divinci-landing-template src/worker.ts',
      params: ReleaseParamsSchema,
      response: BootstrapAnswerSchema,
      handler: async ({ params }) => {
        const release = await releases.get(params.releaseId);
        if (!release || release.status !== 'active' || release.doc?.deprecatedAt !== undefined) throw releaseNotFound();
        return bootstrapOf(release);
      },
    }),
  ];
}
